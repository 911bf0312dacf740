import { Form, useActionData, useLoaderData } from "react-router";
import { AlertPageCard } from "~/components/public/alert-page";
import { Button } from "~/components/ui";
import { confirmAlert, findPendingByToken } from "~/modules/alerts/alerts.server";
import { parseRef, withRef } from "~/modules/leads/referral";
import type { Route } from "./+types/alert-confirm";

/**
 * /alertas/confirmar/{token}: the link of the confirmation e-mail. GET only
 * asks (mail scanners open links; a GET never changes anything); the button
 * POSTs, which activates the alert and creates its lead.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const alert = await findPendingByToken(params.token);
  const ref = parseRef(new URL(request.url).searchParams.get("ref"));
  return { alert: alert ? { description: alert.description, frequency: alert.frequencyLabel, email: alert.email } : null, ref };
}

export async function action({ params }: Route.ActionArgs) {
  const alert = await confirmAlert(params.token);
  return alert ? { confirmed: true as const, description: alert.description, frequency: alert.frequencyLabel, searchUrl: alert.searchUrl } : { confirmed: false as const };
}

export const meta: Route.MetaFunction = () => [{ title: "Confirmar alerta | Lar Imóveis" }, { name: "robots", content: "noindex" }];

export default function AlertConfirmPage() {
  const { alert, ref } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const back = withRef("/imoveis", ref);
  if (done?.confirmed) {
    return (
      <AlertPageCard tone="success" title="Alerta confirmado" backHref={done.searchUrl}>
        <p>Pronto! Você vai receber as novidades da busca {done.description}.</p>
        <p className="text-sm text-slate-600">Frequência: {done.frequency.toLowerCase()}. Cada e-mail traz um link para cancelar quando quiser.</p>
      </AlertPageCard>
    );
  }
  if (!alert || done) {
    return (
      <AlertPageCard tone="warning" title="Link inválido ou expirado" backHref={back}>
        <p>Este link de confirmação não é mais válido. Ele pode já ter sido usado ou ter passado de 7 dias.</p>
        <p className="text-sm text-slate-600">Faça a busca novamente e peça um novo alerta.</p>
      </AlertPageCard>
    );
  }
  return (
    <AlertPageCard tone="info" title="Confirmar alerta de imóveis" backHref={back}>
      <p>
        Confirme para receber no e-mail <strong>{alert.email}</strong> as novidades da busca {alert.description} (frequência {alert.frequency.toLowerCase()}).
      </p>
      <Form method="post">
        <Button type="submit">Confirmar alerta</Button>
      </Form>
    </AlertPageCard>
  );
}
