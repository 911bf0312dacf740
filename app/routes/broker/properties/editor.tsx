import { isRouteErrorResponse, useRouteError } from "react-router";
import { EditorLoadError } from "~/components/properties/editor/load-error";
import { PropertyEditor } from "~/components/properties/editor/editor";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { assertCan } from "~/modules/auth/permissions.server";
import { handleEditorAction, listSearchOf, loadEditableProperty, loadEditor } from "~/modules/properties/properties.server";
import type { Route } from "./+types/editor";

/**
 * /broker/properties/novo and /broker/properties/:id/editar: the same editor
 * in broker mode (featured hidden, watermark forced, own properties only;
 * an admin in the broker area may edit any).
 */
export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.view.propertyId ? "Editar imóvel" : "Novo Imóvel"} | Lar Imóveis` }, { name: "robots", content: "noindex" }];

const LIST_PATH = "/broker/properties";
const editorPath = (id: number | null) => (id ? `/broker/properties/${id}/editar` : "/broker/properties/novo");

async function context(request: Request, id: string | undefined) {
  const user = await requireBrokerArea(request);
  if (id === undefined) assertCan(user, "create", "property");
  const property = id !== undefined ? await loadEditableProperty(user, id) : null;
  // An admin working in the broker area keeps the admin editor's rules.
  const mode = user.role === "admin" ? ("admin" as const) : ("broker" as const);
  return { user, property, mode };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, property, mode } = await context(request, params.id);
  const view = await loadEditor(request, { mode, user, property });
  return { view, mode, listHref: LIST_PATH + listSearchOf(new URL(request.url)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, property, mode } = await context(request, params.id);
  return handleEditorAction(request, { mode, user, property, editorPath, listPath: LIST_PATH, listSearch: listSearchOf(new URL(request.url)) });
}

export default function BrokerPropertyEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <PropertyEditor mode={loaderData.mode} view={loaderData.view} reply={actionData ?? null} listHref={loaderData.listHref} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <EditorLoadError error={error} notFound={isRouteErrorResponse(error) && error.status === 404} listHref={LIST_PATH} />;
}
