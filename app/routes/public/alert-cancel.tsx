import { Form, useActionData, useLoaderData } from "react-router";
import { AlertPageCard } from "~/components/public/alert-page";
import { Button } from "~/components/ui";
import { findByUnsubscribeToken, unsubscribe } from "~/modules/alerts/alerts.server";
import { parseRef, withRef } from "~/modules/leads/referral";
import type { Route } from "./+types/alert-cancel";

/**
 * /alertas/cancelar/{token}: every alert e-mail's unsubscribe. GET shows a
 * confirmation with a POST button; a POST (the button, or a mail client's
 * RFC 8058 one-click 'List-Unsubscribe=One-Click') cancels at once.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const alert = await findByUnsubscribeToken(params.token);
  const ref = parseRef(new URL(request.url).searchParams.get("ref"));
  return { alert: alert ? { description: alert.description, email: alert.email, cancelled: alert.status === "cancelled" } : null, ref };
}

export async function action({ params }: Route.ActionArgs) {
  const alert = await unsubscribe(params.token);
  return { cancelled: alert !== null };
}

export const meta: Route.MetaFunction = () => [{ title: "Cancelar alerta | Lar Imóveis" }, { name: "robots", content: "noindex" }];

export default function AlertCancelPage() {
  const { alert, ref } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const back = withRef("/imoveis", ref);
  if (!alert) {
    return (
      <AlertPageCard tone="warning" title="Link inválido" backHref={back}>
        <p>Não encontramos o alerta deste link.</p>
      </AlertPageCard>
    );
  }
  if (done?.cancelled || alert.cancelled) {
    return (
      <AlertPageCard tone="success" title="Alerta cancelado" backHref={back}>
        <p>Você não vai mais receber e-mails da busca {alert.description}.</p>
      </AlertPageCard>
    );
  }
  return (
    <AlertPageCard tone="info" title="Cancelar alerta de imóveis" backHref={back}>
      <p>
        Deseja parar de receber no e-mail <strong>{alert.email}</strong> as novidades da busca {alert.description}?
      </p>
      <Form method="post">
        <Button type="submit" variant="danger">
          Cancelar alerta
        </Button>
      </Form>
    </AlertPageCard>
  );
}
