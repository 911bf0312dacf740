import { LeadListScreen } from "~/components/crm/lead-list-screen";
import { leadListAction, leadListLoader } from "~/modules/leads/lead-list.route.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Leads | Painel do corretor" }];

export async function loader(args: Route.LoaderArgs) {
  return leadListLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return leadListAction(args);
}

export default function LeadsList() {
  return <LeadListScreen />;
}
