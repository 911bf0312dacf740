import { isRouteErrorResponse, useRouteError } from "react-router";
import { EditorLoadError } from "~/components/properties/editor/load-error";
import { PropertyEditor } from "~/components/properties/editor/editor";
import { requireAdmin } from "~/modules/auth/auth.server";
import { handleEditorAction, listSearchOf, loadEditableProperty, loadEditor } from "~/modules/properties/properties.server";
import type { Route } from "./+types/editor";

/** /admin/imoveis/novo and /admin/imoveis/:id/editar: the editor over the admin list. */
export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.view.propertyId ? "Editar imóvel" : "Novo Imóvel"} | Admin | Lar Imóveis` }, { name: "robots", content: "noindex" }];

const LIST_PATH = "/admin";
const editorPath = (id: number | null) => (id ? `/admin/imoveis/${id}/editar` : "/admin/imoveis/novo");

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const property = params.id !== undefined ? await loadEditableProperty(user, params.id) : null;
  const view = await loadEditor(request, { mode: "admin", user, property });
  return { view, listHref: LIST_PATH + listSearchOf(new URL(request.url)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const property = params.id !== undefined ? await loadEditableProperty(user, params.id) : null;
  return handleEditorAction(request, { mode: "admin", user, property, editorPath, listPath: LIST_PATH, listSearch: listSearchOf(new URL(request.url)) });
}

export default function AdminPropertyEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <PropertyEditor mode="admin" view={loaderData.view} reply={actionData ?? null} listHref={loaderData.listHref} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <EditorLoadError error={error} notFound={isRouteErrorResponse(error) && error.status === 404} listHref={LIST_PATH} />;
}
