import { redirect } from "react-router";
import { requireAdmin } from "~/modules/auth/auth.server";
import type { Route } from "./+types/legacy";

/** /admin/webhooks → /admin/webhook (spec 03 §1). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw redirect("/admin/webhook", 301);
}
