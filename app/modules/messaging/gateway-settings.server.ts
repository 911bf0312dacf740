import { config } from "~/modules/platform/config.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { decryptSecret, encryptSecret } from "~/modules/platform/secrets.server";
import type { GatewayInput } from "./gateway-form";
import type { GatewayConfig } from "./whatsapp-client.server";

/**
 * Where the WhatsApp gateway is: EVOLUTION_API_URL / EVOLUTION_API_KEY when
 * set, else what an admin saved (key encrypted at rest). The key is used by
 * the server only and never sent to a browser.
 */
const SECRET_PURPOSE = "whatsapp-gateway";

export async function gatewayConfig(): Promise<GatewayConfig | null> {
  const c = config();
  if (c.EVOLUTION_API_URL && c.EVOLUTION_API_KEY) return { baseUrl: c.EVOLUTION_API_URL, apiKey: c.EVOLUTION_API_KEY };
  const row = await db().selectFrom("messaging_gateway").selectAll().where("id", "=", 1).executeTakeFirst();
  const apiKey = decryptSecret(row?.api_key, SECRET_PURPOSE);
  return row && apiKey ? { baseUrl: row.base_url, apiKey } : null;
}

export type GatewaySummary = { configured: boolean; source: "env" | "admin" | null; baseUrl: string | null; updatedAt: string | null };

export async function gatewaySummary(): Promise<GatewaySummary> {
  const c = config();
  if (c.EVOLUTION_API_URL && c.EVOLUTION_API_KEY) return { configured: true, source: "env", baseUrl: c.EVOLUTION_API_URL, updatedAt: null };
  const row = await db().selectFrom("messaging_gateway").select(["base_url", "api_key", "updated_at"]).where("id", "=", 1).executeTakeFirst();
  const usable = !!row && decryptSecret(row.api_key, SECRET_PURPOSE) !== null;
  return { configured: usable, source: usable ? "admin" : null, baseUrl: row?.base_url ?? null, updatedAt: row?.updated_at ?? null };
}

export async function saveGatewayConfig(input: GatewayInput): Promise<void> {
  const values = { base_url: input.baseUrl.replace(/\/+$/, ""), api_key: encryptSecret(input.apiKey, SECRET_PURPOSE), updated_at: nowIso() };
  await db()
    .insertInto("messaging_gateway")
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}

export async function clearGatewayConfig(): Promise<void> {
  await db().deleteFrom("messaging_gateway").execute();
}
