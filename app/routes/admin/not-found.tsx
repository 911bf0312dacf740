import { NotFoundPage } from "~/components/layout/error-pages";
import { requireAdmin } from "~/modules/auth/auth.server";
import { guardedNotFound } from "~/modules/platform/not-found.server";
import type { Route } from "./+types/not-found";

/** Unknown /admin paths are still guarded, then 404. */
export const loader = ({ request }: Route.LoaderArgs) => guardedNotFound(request, requireAdmin);
export const action = ({ request }: Route.ActionArgs) => guardedNotFound(request, requireAdmin);

export default function AdminNotFound() {
  return <NotFoundPage homeHref="/admin" inLayout />;
}
