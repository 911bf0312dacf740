import { data, redirect, useActionData, useLoaderData } from "react-router";
import { AlertForm } from "~/components/public/alert-form";
import { AlertPageCard } from "~/components/public/alert-page";
import { Card } from "~/components/ui";
import { ALERT_MESSAGES, alertFormSchema } from "~/modules/alerts/alert-form";
import { subscribe } from "~/modules/alerts/alerts.server";
import { alertScope, canonicalSearchQuery, describeSearch, searchFilters } from "~/modules/alerts/search";
import { RATE_LIMIT_MESSAGE, clientIp, hitFormLimit, retryAfterHeaders } from "~/modules/auth/rate-limit.server";
import { parseRef, withRef } from "~/modules/leads/referral";
import { config } from "~/modules/platform/config.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import type { Route } from "./+types/alerts";

/**
 * /alertas: where 'Receber novidades desta busca' posts (issue 28). A
 * refused post shows the form again here, with the messages beside the
 * fields and what was typed; a good one says a confirmation link was sent
 * (/alertas?enviado=1). GET /alertas?path=…&query=… shows the form alone.
 */
const WINDOW_S = 10 * 60;

function searchOf(path: string | null, query: string | null) {
  const scope = alertScope(path ?? "/imoveis") ?? alertScope("/imoveis")!;
  const filters = searchFilters(scope, query ?? "");
  return { path: scope.path, query: canonicalSearchQuery(scope, filters), description: describeSearch(scope, filters) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { sent: url.searchParams.get("enviado") === "1", ref: parseRef(url.searchParams.get("ref")), search: searchOf(url.searchParams.get("path"), url.searchParams.get("query")) };
}

export async function action({ request }: Route.ActionArgs) {
  const ip = clientIp(request);
  const posts = await hitFormLimit("alert_posts", ip, { max: config().RATE_LIMIT_MAX * 3, windowSeconds: WINDOW_S });
  if (!posts.ok) return data({ status: "error" as const, initialValue: {}, error: { "": [RATE_LIMIT_MESSAGE] } }, { status: 429, headers: retryAfterHeaders(posts) });
  const submission = await parseSubmission(request, alertFormSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  const limit = await hitFormLimit("alert_created", ip, { windowSeconds: WINDOW_S });
  if (!limit.ok) return replyWithErrors(submission, { formErrors: [RATE_LIMIT_MESSAGE] }, 429);
  const v = submission.value;
  const result = await subscribe({ email: v.email, name: v.name, frequency: v.frequency, path: v.path, query: v.query, ref: v.ref });
  if (!result.ok) return replyWithErrors(submission, { formErrors: [result.reason === "search" ? ALERT_MESSAGES.search : ALERT_MESSAGES.sendFailed] }, result.reason === "search" ? 400 : 502);
  return redirect(withRef("/alertas?enviado=1", parseRef(v.ref)));
}

export const meta: Route.MetaFunction = () => [{ title: "Alerta de imóveis | Lar Imóveis" }, { name: "robots", content: "noindex" }];

export default function AlertsPage() {
  const { sent, ref, search } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (sent && !lastResult) {
    return (
      <AlertPageCard tone="info" title="Confirme seu e-mail" backHref={withRef("/imoveis", ref)}>
        <p>Enviamos um link de confirmação para o seu e-mail. Abra a mensagem e confirme para começar a receber as novidades desta busca.</p>
        <p className="text-sm text-slate-600">Não recebeu? Confira a caixa de spam. Nada será enviado antes da sua confirmação.</p>
      </AlertPageCard>
    );
  }
  const typed = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const shown = lastResult ? searchOf(typeof typed.path === "string" ? typed.path : null, typeof typed.query === "string" ? typed.query : null) : search;
  const refCode = parseRef(typeof typed.ref === "string" ? typed.ref : null) ?? ref;
  return (
    <main id="main" className="container-page flex justify-center py-10 sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="sr-only">Alerta de imóveis</h1>
        <AlertForm path={shown.path} query={shown.query} refCode={refCode} description={shown.description} lastResult={lastResult} />
      </Card>
    </main>
  );
}
