import { z } from "zod";

/** A flash message shown once after a redirect; shared by the server (toast.server.ts) and the Toaster. */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  title: z.string().max(200).optional(),
  message: z.string().min(1).max(2000),
});
export type Toast = z.infer<typeof toastSchema>;
