import { useEffect, useState } from "react";
import { Form, data, useNavigation } from "react-router";
import { Alert, Badge, Button, Card, PageHeader } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { RouletteError } from "~/modules/roulette/roulette-types";
import { currentParticipants, hasPresence, registerPresence } from "~/modules/roulette/presence.server";
import { rouletteSettings } from "~/modules/roulette/settings.server";
import { ROULETTE_MESSAGES, presenceWindow } from "~/modules/roulette/roulette-rules";
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
  return {
    now: now.toISOString(),
    start: settings.presenceStart,
    end: settings.presenceEnd,
    window: presenceWindow(now, settings.presenceStart, settings.presenceEnd),
    registered,
    isBroker: Boolean(user.broker),
    participants: participants.map((p) => ({ id: p.id, name: p.broker_name, at: p.registered_at })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  try {
    await registerPresence(user);
  } catch (error) {
    if (error instanceof RouletteError) return data({ error: error.message }, { status: 400 });
    log.error("roulette presence failed", errorFields(error));
    return data({ error: ROULETTE_MESSAGES.registerFailed(getErrorMessage(error)) }, { status: 500 });
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
  const { start, end, window: w, registered, isBroker, participants } = loaderData;
  const left = useCountdown(w.open ? w.secondsLeft : w.secondsToOpen);
  const busy = useNavigation().state !== "idle";
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div>
      <PageHeader title="Roleta de Leads" subtitle={`Marque presença entre ${start} e ${end}; o sorteio define a ordem de distribuição dos leads do dia.`} />
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
              <Button type="submit" size="lg" disabled={!w.open || !isBroker} pending={busy}>
                Marcar Presença
              </Button>
              {!isBroker ? <p className="mt-2 text-sm text-slate-600">Somente corretores marcam presença.</p> : null}
            </Form>
          )}
        </Card>
        <Card className="p-5" as="section">
          <h2 className="text-lg font-semibold text-slate-900">Participantes ({participants.length})</h2>
          {participants.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Ninguém marcou presença ainda.</p>
          ) : (
            <ol className="mt-3 space-y-2 text-sm">
              {participants.map((p) => (
                <li key={p.id} className="flex justify-between gap-2">
                  <span className="font-medium text-slate-900">{p.name}</span>
                  <span className="text-slate-500">{formatDateTime(p.at)}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
      <Card className="mt-4 p-5" as="section">
        <h2 className="text-lg font-semibold text-slate-900">Regras</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>
            A presença pode ser marcada das {start} às {end} (horário de Brasília).
          </li>
          <li>Cada corretor marca presença uma vez a cada 24 horas.</li>
          <li>Após o sorteio, a ordem define quem recebe os próximos leads do dia; as presenças são zeradas.</li>
          <li>Corretores inativos não participam do sorteio.</li>
        </ul>
      </Card>
    </div>
  );
}
