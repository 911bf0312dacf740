import { requireAdmin } from "~/modules/auth/auth.server";
import { exportWebhooks } from "~/modules/webhooks/webhooks.server";
import { formatDateForFile } from "~/utils/clock";
import type { Route } from "./+types/export";

/** The JSON export of spec 03 §9, as a download (no secrets). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const body = JSON.stringify(await exportWebhooks(user), null, 2);
  return new Response(body, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="webhooks-${formatDateForFile()}.json"`, "Cache-Control": "no-store" },
  });
}
