import { z } from "zod";
import { optionalText } from "~/utils/form-fields";

/**
 * The two button-only forms of a signed-in session: 'Sair' and the broker
 * sidebar's collapse toggle. Their fields are hidden (where to go back, the
 * new state); a tampered value is not the person's mistake, so the action
 * falls back to a safe default instead of answering an error.
 */
export const logoutSchema = z.object({ redirectTo: optionalText(2000) });

export const sidebarSchema = z.object({
  collapsed: z.enum(["true", "false"]).optional(),
  redirectTo: optionalText(2000),
});
