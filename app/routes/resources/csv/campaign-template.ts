import { requireBrokerArea } from "~/modules/auth/auth.server";
import { CSV_TEMPLATE } from "~/modules/messaging/campaign-csv.server";
import type { Route } from "./+types/campaign-template";

/** The campaign sender's CSV template (name, phone), with a BOM so Excel pt-BR reads the accents. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  return new Response("\uFEFF" + CSV_TEMPLATE, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="modelo-leads-campanha.csv"', "Cache-Control": "private, no-store" },
  });
}
