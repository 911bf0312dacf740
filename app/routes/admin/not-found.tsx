import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/error-pages";
import { requireAdmin } from "~/modules/auth/auth.server";
import type { Route } from "./+types/not-found";

/** Unknown /admin paths are still guarded, then 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { status: 404 });
}
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <NotFoundPage homeHref="/admin" inLayout />;
}
