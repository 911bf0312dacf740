import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { gatewayConfig } from "./gateway-settings.server";
import { isOptedOut } from "./opt-out.server";
import { GatewayError, sendImage, sendText, type SentMessage } from "./whatsapp-client.server";
import { sendingInstance } from "./whatsapp-connections.server";
import { LEAD_WHATSAPP_MESSAGES } from "./whatsapp-labels";
import { imageUrlIn, whatsappCandidates } from "./whatsapp-numbers";

/**
 * One WhatsApp message from the lead page (spec 02 §5): through the
 * broker's connected instance, trying the number with and without the
 * ninth digit (at most 4 tries, all listed when none has WhatsApp); an
 * image link is sent as a photo with the rest as caption, falling back to
 * text. Each send is recorded on the lead (whatsapp_messages), which the
 * lead's history shows.
 */
export class LeadWhatsappError extends Error {}

export async function sendWhatsappToLead(user: SessionUser, leadId: number, message: string): Promise<{ to: string }> {
  const lead = await db().selectFrom("leads").select(["id", "broker_id", "phone"]).where("id", "=", leadId).executeTakeFirst();
  assertCan(user, "update", "lead", { brokerId: lead?.broker_id ?? null }, { hideAs404: true, message: "Lead não encontrado." });
  if (!lead) throw new LeadWhatsappError("Lead não encontrado.");
  const text = message.trim();
  if (!text) throw new LeadWhatsappError(LEAD_WHATSAPP_MESSAGES.messageRequired);
  if (!lead.phone.trim()) throw new LeadWhatsappError(LEAD_WHATSAPP_MESSAGES.noPhone);
  if (await isOptedOut(lead.phone)) throw new LeadWhatsappError(LEAD_WHATSAPP_MESSAGES.optedOut);
  const gw = await gatewayConfig();
  if (!gw) throw new LeadWhatsappError(LEAD_WHATSAPP_MESSAGES.notConfigured);
  const brokerId = user.broker?.id ?? lead.broker_id;
  const instance = brokerId ? await sendingInstance(brokerId) : null;
  if (!instance || instance.status !== "connected") throw new LeadWhatsappError(LEAD_WHATSAPP_MESSAGES.notConnected);
  const candidates = whatsappCandidates(lead.phone);
  if (candidates.length === 0) throw new LeadWhatsappError(LEAD_WHATSAPP_MESSAGES.notOnWhatsapp([lead.phone]));

  const image = imageUrlIn(text);
  const tried: string[] = [];
  for (const number of candidates) {
    tried.push(number);
    let sent: SentMessage;
    try {
      sent = image
        ? await sendImage(gw, instance.instanceName, number, image, text.replace(image, "").trim(), instance.token ?? undefined).catch((error) => {
            if (error instanceof GatewayError && error.kind === "not-on-whatsapp") throw error;
            return sendText(gw, instance.instanceName, number, text, instance.token ?? undefined);
          })
        : await sendText(gw, instance.instanceName, number, text, instance.token ?? undefined);
    } catch (error) {
      // the next candidate only when this form of the number has no WhatsApp; a not-found stops the tries
      if (error instanceof GatewayError && error.kind === "not-on-whatsapp") continue;
      if (error instanceof GatewayError && error.kind === "not-found") throw new LeadWhatsappError(LEAD_WHATSAPP_MESSAGES.notConnected);
      throw new LeadWhatsappError(`Falha ao enviar: ${(error as Error).message}`);
    }
    const ts = nowIso();
    await db()
      .insertInto("whatsapp_messages")
      .values({ broker_id: brokerId, lead_id: lead.id, instance_name: instance.instanceName, to: number, body: text, kind: image ? "image" : "text", message_key: sent.key, created_at: ts, updated_at: ts })
      .execute();
    return { to: number };
  }
  throw new LeadWhatsappError(LEAD_WHATSAPP_MESSAGES.notOnWhatsapp(tried));
}

/** The lead's WhatsApp messages, newest first, for its history card. */
export async function whatsappHistoryOf(leadId: number) {
  return db()
    .selectFrom("whatsapp_messages")
    .select(["id", "to", "body", "kind", "delivery", "created_at"])
    .where("lead_id", "=", leadId)
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
}
