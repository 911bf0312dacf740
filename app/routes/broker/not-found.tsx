import { NotFoundPage } from "~/components/layout/error-pages";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { guardedNotFound } from "~/modules/platform/not-found.server";
import type { Route } from "./+types/not-found";

/** Unknown /broker paths are still guarded, then 404. */
export const loader = ({ request }: Route.LoaderArgs) => guardedNotFound(request, requireBrokerArea);
export const action = ({ request }: Route.ActionArgs) => guardedNotFound(request, requireBrokerArea);

export default function BrokerNotFound() {
  return <NotFoundPage homeHref="/broker/dashboard" inLayout />;
}
