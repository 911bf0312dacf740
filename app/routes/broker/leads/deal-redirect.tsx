import { redirect } from "react-router";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { leadIdOfDeal } from "~/modules/crm/deals.server";
import { parseRecordId } from "~/utils/query-schema";
import type { Route } from "./+types/deal-redirect";

/** /broker/crm/deal/{id} → the lead page (02 §2.5): the deal's lead when it has one, else the list. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  const id = parseRecordId(params.id);
  const leadId = id ? await leadIdOfDeal(id) : null;
  // The lead page checks access itself (404 'Lead não encontrado.').
  if (leadId) throw redirect(`/broker/lead/${leadId}`);
  throw redirect(id ? `/broker/lead/${id}` : "/broker/lead");
}
