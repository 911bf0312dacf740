import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Alert, Badge, Button, Card, PageHeader, CardTitle } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { RouletteError } from "~/modules/roulette/roulette-types";
import { currentParticipants, hasPresence, registerPresence } from "~/modules/roulette/presence.server";
import { rouletteSettings } from "~/modules/roulette/settings.server";
import { ORDER_VALID_UNTIL, ROULETTE_MESSAGES, drawTimeShown, presenceHours, presenceWindow } from "~/modules/roulette/roulette-rules";
import { presenceSchema } from "~/modules/roulette/roulette-forms";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { formErrorOf } from "~/components/ui/form";
import { errorFields, log } from "~/modules/platform/logger.server";
import { getErrorMessage } from "~/utils/errors";
import { formatDateTime } from "~/utils/clock";
import type { Route } from "./+types/roulette";

export const meta: Route.MetaFunction = () => [{ title: "Roleta de Leads | Painel do corretor" }];

/** /broker/roleta (spec 03 §2.7): the window, 'Marcar Presença' once per 24 h, who is in, the rules. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const now = new Date();
  const [settings, participants, registered] = await Promise.all([rouletteSettings(), currentParticipants(now), user.broker ? hasPresence(user.broker.id, now) : false]);
  const hours = presenceHours(settings);
  return {
    now: now.toISOString(),
    start: hours.start,
    end: hours.end,
    drawAt: drawTimeShown(settings, hours),
    window: presenceWindow(now, hours.start, hours.end),
    registered,
    isBroker: Boolean(user.broker),
    participants: participants.map((p) => ({ id: p.id, name: p.broker_name, at: p.registered_at })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const submission = await parseSubmission(request, presenceSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  try {
    await registerPresence(user);
  } catch (error) {
    if (error instanceof RouletteError) return replyWithErrors(submission, { formErrors: [error.message] });
    log.error("roulette presence failed", errorFields(error));
    return replyWithErrors(submission, { formErrors: [ROULETTE_MESSAGES.registerFailed(getErrorMessage(error))] }, 500);
  }
  return redirectWithToast("/broker/roleta", { type: "success", message: ROULETTE_MESSAGES.confirmed });
}

function duration(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h > 0 ? `${h}h ` : ""}${String(m).padStart(2, "0")}min ${String(sec).padStart(2, "0")}s`;
}

/** With JavaScript the countdown ticks; without it, the server's figure at load time is shown. */
function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const started = Date.now();
    const t = window.setInterval(() => setLeft(seconds - (Date.now() - started) / 1000), 1000);
    return () => window.clearInterval(t);
  }, [seconds]);
  return left;
}

export default function BrokerRoulette({ loaderData, actionData }: Route.ComponentProps) {
  const { start, end, drawAt, window: w, registered, isBroker, participants } = loaderData;
  const left = useCountdown(w.open ? w.secondsLeft : w.secondsToOpen);
  const busy = useNavigation().state !== "idle";
  const error = formErrorOf(actionData);
  return (
    <div>
      <PageHeader title="Roleta de Leads" subtitle={`Marque presença entre ${start} e ${end}; o sorteio define a ordem de distribuição dos leads do dia.`} />
      <dl className="mb-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        <div>
          <dt className="inline font-medium">Sorteio: </dt>
          <dd className="inline" data-testid="draw-time">
            todos os dias às {drawAt}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Ordem de distribuição: </dt>
          <dd className="inline">válida até as {ORDER_VALID_UNTIL}</dd>
        </div>
      </dl>
      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <Card className="p-6 text-center">
          <Badge tone={w.open ? "success" : "neutral"}>{w.open ? "Presença aberta" : "Presença fechada"}</Badge>
          <p className="mt-4 text-sm text-slate-600">{w.open ? "Tempo restante para marcar presença" : "A presença abre em"}</p>
          <p className="mt-1 font-mono text-4xl font-bold tabular-nums text-slate-900" aria-live="off">
            {duration(left)}
          </p>
          {error ? (
            <Alert tone="danger" className="mx-auto mt-4 max-w-md text-left">
              {error}
            </Alert>
          ) : null}
          {registered ? (
            <p className="mt-6 text-lg font-semibold text-success-700" role="status">
              {ROULETTE_MESSAGES.confirmed}
            </p>
          ) : (
            <Form method="post" className="mt-6">
              <Button type="submit" name="intent" value="register" size="lg" disabled={!w.open || !isBroker} pending={busy}>
                Marcar Presença
              </Button>
              {!isBroker ? <p className="mt-2 text-sm text-slate-600">Somente corretores marcam presença.</p> : null}
            </Form>
          )}
        </Card>
        <Card className="p-5" as="section">
          <CardTitle>Participantes ({participants.length})</CardTitle>
          {participants.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Ninguém marcou presença ainda.</p>
          ) : (
            <ol className="mt-3 space-y-2 text-sm">
              {participants.map((p) => (
                <li key={p.id} className="flex justify-between gap-2">
                  <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{p.name}</span>
                  <span className="shrink-0 text-slate-500">{formatDateTime(p.at)}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
      <Card className="mt-4 p-5" as="section">
        <CardTitle>Regras</CardTitle>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>
            A presença pode ser marcada das {start} às {end} (horário de Brasília).
          </li>
          <li>Cada corretor marca presença uma vez a cada 24 horas.</li>
          <li>
            O sorteio acontece às {drawAt}; a ordem sorteada define quem recebe os próximos leads do dia e vale até as {ORDER_VALID_UNTIL}. Depois do sorteio as presenças são zeradas.
          </li>
          <li>Corretores inativos não participam do sorteio.</li>
        </ul>
      </Card>
    </div>
  );
}
