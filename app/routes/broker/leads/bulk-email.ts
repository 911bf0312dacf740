import { redirect } from "react-router";
import { z } from "zod";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { BulkError, bulkEmailRecipients, idList, sendBulkEmail } from "~/modules/leads/bulk.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import type { Route } from "./+types/bulk-email";

/**
 * Bulk e-mail with live progress (JavaScript on): validates, then streams one
 * NDJSON line per message {done,total,sent,failed}. Closing the request
 * (Cancelar) stops before the next message.
 */
const schema = z.object({
  subject: z.string().max(200).optional().default(""),
  message: z.string().max(20_000).optional().default(""),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  // Only posts stream; a plain visit goes back to the list.
  throw redirect("/broker/leads");
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const form = await request.formData();
  const ids = idList.parse(form.getAll("ids"));
  const parsed = schema.safeParse({ subject: form.get("subject") ?? "", message: form.get("message") ?? "" });
  if (!parsed.success) return Response.json({ error: "Mensagem muito longa" }, { status: 400 });
  if (!ids.length) return Response.json({ error: CRM_MESSAGES.emptySelection }, { status: 400 });
  const recipients = await bulkEmailRecipients(user, ids);
  if (!recipients.length) return Response.json({ error: CRM_MESSAGES.noValidEmails }, { status: 400 });
  if (!parsed.data.subject.trim() && !parsed.data.message.trim()) return Response.json({ error: CRM_MESSAGES.fillMessage }, { status: 400 });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(JSON.stringify({ done: 0, total: recipients.length, sent: 0, failed: 0 }) + "\n"));
      try {
        await sendBulkEmail(user, recipients, parsed.data, (p) => controller.enqueue(encoder.encode(JSON.stringify({ done: p.done, total: p.total, sent: p.sent, failed: p.failed }) + "\n")), request.signal);
      } catch (error) {
        if (!(error instanceof BulkError)) throw error;
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
