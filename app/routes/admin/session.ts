import { requireAdmin } from "~/modules/auth/auth.server";
import type { Route } from "./+types/session";

/**
 * GET /admin/sessao: the admin area's periodic session check (spec 03 §2.8,
 * §6: every 240 s). 204 while the session lasts; otherwise the guard's
 * answer (to /login, which brings the person back here afterwards and says
 * 'Sessão expirada…'). It only looks: polling does not keep an idle session
 * alive.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, { touch: false });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
