import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import "~/utils/zod-pt-br";
import { log } from "./logger.server";

/**
 * The server half of the one form pipeline (the browser half is
 * `components/ui/form.tsx`). Every action:
 *
 *   const submission = await parseSubmission(request, schema);   // a zod schema from the concept's shared file
 *   if (submission.status !== "success") return replyWithErrors(submission);
 *   try { await service(user, submission.value) } catch (e) { if (e is a known error) return replyWithErrors(submission, { formErrors: [e.message] }) }
 *   return redirectWithToast(…);
 *
 * A failure always answers 400 with `submission.reply()`: the errors beside
 * their fields and everything typed, so the page renders the form as it was
 * sent, JavaScript on or off. Several intents on one route are one
 * `z.discriminatedUnion("intent", …)`.
 */

export const FORM_MESSAGES = {
  unreadable: "Não foi possível ler o formulário enviado. Recarregue a página e tente novamente.",
  unsupported: "Tipo de envio não suportado. Envie o formulário pela página.",
} as const;

function refuse(status: number, message: string, detail?: unknown): never {
  // a client's mistake: one line, no stack trace
  log.info("form refused", { status, reason: message, detail: detail instanceof Error ? detail.message : undefined });
  throw data({ message }, { status });
}

/**
 * The posted body as FormData. Only form encodings are read (urlencoded,
 * multipart with a boundary); anything else, or a body that cannot be
 * parsed, answers 4xx with a pt-BR message in the app's error page instead
 * of a 500. Sizes are limited before this by the server's body guard.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const urlencoded = type.startsWith("application/x-www-form-urlencoded");
  const multipart = type.startsWith("multipart/form-data") && /;\s*boundary=\S/.test(type);
  if (!urlencoded && !multipart) refuse(415, FORM_MESSAGES.unsupported, type || "no content-type");
  try {
    return await request.formData();
  } catch (error) {
    return refuse(400, FORM_MESSAGES.unreadable, error);
  }
}

type SchemaOf<S> = S extends z.ZodType ? S : never;

/** Reads (or takes) the form and parses it against the schema; awaits async refinements (database checks). */
export async function parseSubmission<Schema extends z.ZodType>(source: Request | FormData, schema: SchemaOf<Schema>) {
  const formData = source instanceof FormData ? source : await readFormData(source);
  return parseWithZod(formData, { schema, async: true });
}

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };
type Replyable = { reply(options?: ReplyOptions): SubmissionResult<string[]> };

/**
 * The one failure answer: 400 (or `status`) with the submission's reply,
 * optionally adding errors the schema could not know (a failed send, a
 * conflict) and hiding fields that must not come back (passwords).
 */
export function replyWithErrors(submission: Replyable, options: ReplyOptions = {}, status = 400) {
  return data(submission.reply(options), { status });
}
