import { applyGatewayEvent, verifyWebhookSecret } from "~/modules/messaging/gateway-events.server";
import { log } from "~/modules/platform/logger.server";
import type { Route } from "./+types/whatsapp-webhook";

/**
 * Events POSTed by the WhatsApp gateway (Evolution API v2 envelope). Each
 * instance was created with its own secret in the x-webhook-secret header;
 * anything else is refused. The gateway retries non-2xx answers, so we
 * answer 2xx as soon as the event is applied (it is idempotent).
 */
const MAX_BODY = 256 * 1024;

export async function action({ request, params }: Route.ActionArgs) {
  const instance = params.instance ?? "";
  if (!(await verifyWebhookSecret(instance, request.headers.get("x-webhook-secret")))) {
    return new Response("Unauthorized", { status: 401 });
  }
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) return new Response("Unsupported Media Type", { status: 415 });
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY) return new Response("Payload Too Large", { status: 413 });
  let payload: unknown;
  try {
    const text = await request.text();
    if (text.length > MAX_BODY) return new Response("Payload Too Large", { status: 413 });
    payload = JSON.parse(text);
  } catch {
    return new Response("Bad Request", { status: 400 });
  }
  try {
    await applyGatewayEvent(instance, payload);
  } catch (error) {
    log.error("whatsapp webhook failed", { instance, error: (error as Error).message });
    return new Response("Error", { status: 500 });
  }
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
