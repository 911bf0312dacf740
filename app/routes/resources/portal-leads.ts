import { errorFields, log } from "~/modules/platform/logger.server";
import { isPortalToken, parsePortalLead, receivePortalLead } from "~/modules/leads/portal-leads.server";
import type { Route } from "./+types/portal-leads";

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * POST /api/portais/leads/{token}: a lead pushed by ZAP Imóveis or VivaReal. 2xx only once stored;
 * a 4xx names the one thing that makes a lead impossible to store (the portal gives up after its retries).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (!(await isPortalToken(params.token ?? ""))) return json({ error: "Endereço inválido." }, 404);
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return json({ error: "JSON inválido: o corpo não é um documento JSON." }, 400);
  }
  const parsed = parsePortalLead(body);
  if (!parsed.ok) return json({ error: parsed.error }, 400);
  try {
    const receipt = await receivePortalLead(parsed.lead);
    return json({ ok: true, leadId: receipt.leadId, duplicate: receipt.duplicate }, receipt.duplicate ? 200 : 201);
  } catch (error) {
    log.error("portal lead endpoint failed", errorFields(error));
    return json({ error: "Falha ao registrar o lead; tente novamente." }, 503);
  }
}

export function loader() {
  return json({ error: "Use POST." }, 405);
}
