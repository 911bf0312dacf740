import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/error-pages";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import type { Route } from "./+types/not-found";

/** Unknown /broker paths are still guarded, then 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  return data(null, { status: 404 });
}
export async function action({ request }: Route.ActionArgs) {
  await requireBrokerArea(request);
  return data(null, { status: 404 });
}

export default function BrokerNotFound() {
  return <NotFoundPage homeHref="/broker/dashboard" inLayout />;
}
