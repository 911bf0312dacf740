import type { z } from "zod";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { BoardFormError } from "./board.server";

/**
 * The post of a board modal ('Criar Lead', 'Criar oportunidade'): a broker-area
 * user, the form against its schema, then the service. A refused form or a
 * BoardFormError goes back to the modal with everything typed; success goes
 * back to the board (its filters kept) with a toast.
 */
export async function boardModalAction<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  create: (user: SessionUser, value: z.output<Schema>) => Promise<unknown>,
  { refused, toast }: { refused: (error: BoardFormError) => { formErrors?: string[]; fieldErrors?: Record<string, string[]> }; toast: string },
) {
  const user = await requireBrokerArea(request);
  const submission = await parseSubmission<Schema>(request, schema as never);
  if (submission.status !== "success") return replyWithErrors(submission);
  try {
    await create(user, submission.value as z.output<Schema>);
  } catch (error) {
    if (error instanceof BoardFormError) return replyWithErrors(submission, refused(error));
    throw error;
  }
  return redirectWithToast(`/broker/crm${new URL(request.url).search}`, { type: "success", message: toast });
}
