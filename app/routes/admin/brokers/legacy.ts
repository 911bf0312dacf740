import { redirect } from "react-router";
import { requireAdmin } from "~/modules/auth/auth.server";
import type { Route } from "./+types/legacy";

/** /admin/brokers[/…] → /admin/corretores[/…] (spec 03 §2.2 names the screen /admin/corretores), the query kept. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const rest = params["*"] ? `/${params["*"].split("/").map(encodeURIComponent).join("/")}` : "";
  throw redirect(`/admin/corretores${rest}${new URL(request.url).search}`, 301);
}
