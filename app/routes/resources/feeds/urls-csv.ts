import { requireAdmin } from "~/modules/auth/auth.server";
import { csvLine } from "~/modules/leads/csv-export.server";
import { availableTitles, feedUrl } from "~/modules/feeds/feeds.server";
import { isPortal, type Portal } from "~/modules/feeds/rules";
import type { Route } from "./+types/urls-csv";

/**
 * /integracao-xml/urls.csv (?portal=olx by default): ID, Título, URL XML of
 * every available property (spec 03 §9), streamed; cells escaped and guarded
 * against spreadsheet formulas by the one CSV writer.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const param = new URL(request.url).searchParams.get("portal");
  const portal: Portal = isPortal(param) ? param : "olx";
  const encoder = new TextEncoder();
  const pages = availableTitles();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode("\uFEFF" + csvLine(["ID", "Título", "URL XML"])));
        return;
      }
      const next = await pages.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((r) => csvLine([r.id, r.title, feedUrl(portal, r.id)])).join("")));
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="urls-xml-${portal}.csv"`, "Cache-Control": "no-store" },
  });
}
