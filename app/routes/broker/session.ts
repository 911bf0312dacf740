import { requireBrokerArea } from "~/modules/auth/auth.server";
import type { Route } from "./+types/session";

/**
 * GET /broker/sessao: the broker area's periodic session check (every
 * 240 s, as the admin area's). 204 while the session lasts; otherwise the
 * guard's answer. It only looks: polling does not keep an idle session
 * alive.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request, { touch: false });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
