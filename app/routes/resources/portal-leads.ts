import { errorFields, log } from "~/modules/platform/logger.server";
import { isPortalToken, portalLeadSchema, receivePortalLead } from "~/modules/leads/portal-leads.server";
import type { Route } from "./+types/portal-leads";

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });

/** POST /api/portais/leads/{token}: a lead pushed by ZAP Imóveis or VivaReal (2xx only once stored). */
export async function action({ request, params }: Route.ActionArgs) {
  if (!(await isPortalToken(params.token ?? ""))) return json({ error: "Endereço inválido." }, 404);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: "JSON inválido." }, 400);
  }
  const parsed = portalLeadSchema.safeParse(body);
  if (!parsed.success) return json({ error: "Lead inválido: originLeadId é obrigatório." }, 400);
  try {
    const receipt = await receivePortalLead(parsed.data);
    return json({ ok: true, leadId: receipt.leadId, duplicate: receipt.duplicate }, receipt.duplicate ? 200 : 201);
  } catch (error) {
    log.error("portal lead endpoint failed", errorFields(error));
    return json({ error: "Falha ao registrar o lead; tente novamente." }, 503);
  }
}

export function loader() {
  return json({ error: "Use POST." }, 405);
}
