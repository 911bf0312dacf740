import { z } from "zod";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { recordId } from "~/utils/form-fields";

/** /admin/contacts' delete button (02 §2.10): one lead, confirmed. */
export const contactDeleteSchema = z.object({
  intent: z.literal("delete"),
  lead: recordId(CRM_MESSAGES.leadNotFound),
  confirm: z.literal("yes").optional().catch(undefined),
  back: z
    .string()
    .max(400)
    .optional()
    .transform((v) => (v?.startsWith("?") ? v : "")),
});
