import { isRouteErrorResponse, useRouteError } from "react-router";
import { EditorLoadError } from "~/components/properties/editor/load-error";
import { PropertyEditor } from "~/components/properties/editor/editor";
import type { Route } from "./+types/editor";

/**
 * /broker/properties/novo and /broker/properties/:id/editar: the same editor
 * in broker mode (featured hidden, watermark forced, own properties only;
 * an admin in the broker area may edit any).
 */
export { brokerEditorLoader as loader, brokerEditorAction as action } from "~/modules/properties/editor.route.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.view.propertyId ? "Editar imóvel" : "Novo Imóvel"} | Lar Imóveis` }, { name: "robots", content: "noindex" }];

export default function BrokerPropertyEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <PropertyEditor mode={loaderData.mode} view={loaderData.view} reply={actionData ?? null} listHref={loaderData.listHref} createdLinks={loaderData.createdLinks} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <EditorLoadError error={error} notFound={isRouteErrorResponse(error) && error.status === 404} listHref="/broker/properties" />;
}
