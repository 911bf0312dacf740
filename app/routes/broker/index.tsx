import { redirect } from "react-router";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import type { Route } from "./+types/index";

/** /broker goes to the dashboard; the guard first, so an anonymous visit goes straight to /broker/login. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  return redirect("/broker/dashboard");
}
