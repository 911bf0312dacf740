import { redirect } from "react-router";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { BulkError, bulkEmailRecipients, sendBulkEmail } from "~/modules/leads/bulk.server";
import { bulkEmailSchema, selectedIds } from "~/modules/leads/lead-list";
import { parseSubmission } from "~/modules/platform/forms.server";
import type { Route } from "./+types/bulk-email";

/**
 * Bulk e-mail with live progress (JavaScript on): the same form and schema
 * as the list's 'email' intent; validates, then streams one NDJSON line per
 * message {done,total,sent,failed}. Closing the request (Cancelar) stops
 * before the next message. A refusal is JSON {error} with 400.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  // Only posts stream; a plain visit goes back to the list.
  throw redirect("/broker/leads");
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const submission = await parseSubmission(request, bulkEmailSchema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat().find(Boolean);
    return Response.json({ error: first ?? CRM_MESSAGES.fillMessage, reply: submission.reply() }, { status: 400 });
  }
  const ids = selectedIds(submission.value);
  if (!ids.length) return Response.json({ error: CRM_MESSAGES.emptySelection }, { status: 400 });
  const recipients = await bulkEmailRecipients(user, ids);
  if (!recipients.length) return Response.json({ error: CRM_MESSAGES.noValidEmails }, { status: 400 });
  const input = { subject: submission.value.subject ?? "", message: submission.value.message ?? "" };
  const encoder = new TextEncoder();
  const line = (o: unknown) => encoder.encode(JSON.stringify(o) + "\n");
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(line({ done: 0, total: recipients.length, sent: 0, failed: 0 }));
      try {
        await sendBulkEmail(user, recipients, input, (p) => controller.enqueue(line({ done: p.done, total: p.total, sent: p.sent, failed: p.failed })), request.signal);
      } catch (error) {
        controller.enqueue(line({ error: error instanceof BulkError ? error.message : "Erro ao enviar" }));
      } finally {
        try {
          controller.close();
        } catch {
          // the browser went away (Cancelar)
        }
      }
    },
  });
  return new Response(stream, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" } });
}
