import { isRouteErrorResponse, useRouteError } from "react-router";
import { EditorLoadError } from "~/components/properties/editor/load-error";
import { PropertyEditor } from "~/components/properties/editor/editor";
import type { Route } from "./+types/editor";

/** /admin/imoveis/novo and /admin/imoveis/:id/editar: the editor over the admin list. */
export { adminEditorLoader as loader, adminEditorAction as action } from "~/modules/properties/editor.route.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.view.propertyId ? "Editar imóvel" : "Novo Imóvel"} | Admin | Lar Imóveis` }, { name: "robots", content: "noindex" }];

export default function AdminPropertyEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <PropertyEditor mode="admin" view={loaderData.view} reply={actionData ?? null} listHref={loaderData.listHref} createdLinks={loaderData.createdLinks} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <EditorLoadError error={error} notFound={isRouteErrorResponse(error) && error.status === 404} listHref="/admin" />;
}
