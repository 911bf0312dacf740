import { requireAdmin, requireBrokerArea } from "~/modules/auth/auth.server";
import { parseLeadListParams } from "~/modules/leads/lead-list.server";
import { exportFileName, exportLeadsCsv } from "~/modules/leads/csv-export.server";
import type { Route } from "./+types/export";

/** GET /broker/leads/export.csv?filters and /admin/contacts/export.csv: the list's leads as CSV, streamed. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = url.pathname.startsWith("/admin/") ? await requireAdmin(request) : await requireBrokerArea(request);
  const params = parseLeadListParams(url);
  return new Response(exportLeadsCsv(user, params), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(user)}"`,
      "Cache-Control": "no-store",
    },
  });
}
