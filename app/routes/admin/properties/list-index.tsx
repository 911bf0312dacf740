import { adminListAction } from "~/modules/properties/editor.route.server";
import type { Route } from "./+types/list-index";

/** /admin itself: the list is the layout (properties.tsx); nothing opens over it. */
export async function action({ request }: Route.ActionArgs) {
  return adminListAction(request);
}

export default function AdminPropertiesIndex() {
  return null;
}
