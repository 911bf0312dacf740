import { redirect } from "react-router";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { db } from "~/modules/platform/db.server";
import type { Route } from "./+types/deal-redirect";

/** /broker/crm/deal/{id} → the lead page (02 §2.5): the deal's lead when it has one, else the list. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : null;
  const deal = id ? await db().selectFrom("crm_deals").select("external_source_id").where("id", "=", id).executeTakeFirst() : undefined;
  // The lead page checks access itself (404 'Lead não encontrado.').
  if (deal?.external_source_id) throw redirect(`/broker/lead/${deal.external_source_id}`);
  throw redirect(id ? `/broker/lead/${id}` : "/broker/lead");
}
