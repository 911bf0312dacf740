import { z } from "zod";
import type { PropertyTypeCode } from "#db/schema";
import { recordId } from "~/utils/form-fields";
import type { PropertyRowBase } from "./list-row";

/** The admin property list's forms, shared by the page and its action (spec 01 §2, §8). */

export const CONFIRM_DELETE = "Tem certeza que deseja excluir este imóvel? Esta ação não pode ser desfeita.";

/** The confirmation modal's one POST. */
export const deletePropertySchema = z.object({ intent: z.literal("delete"), id: recordId() });

/** One row of the list (admin-list.server.ts). */
export type AdminListRow = PropertyRowBase & {
  type: PropertyTypeCode;
  property_type: string;
  cover: string | null;
};
