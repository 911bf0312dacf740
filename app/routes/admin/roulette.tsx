import { Form, Link, data, useNavigation } from "react-router";
import { z } from "zod";
import { Alert, Badge, Button, Card, Field, Input, Modal, PageHeader, Table, buttonClass, cx, tdClass, thClass } from "~/components/ui";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { RouletteError } from "~/modules/roulette/roulette-types";
import { rouletteSettings, saveRouletteSettings } from "~/modules/roulette/settings.server";
import { currentParticipants, removeParticipant } from "~/modules/roulette/presence.server";
import { deleteResult, listResults, manualDraw } from "~/modules/roulette/draw.server";
import { nextAutomaticRun, runAutomaticNow } from "~/modules/roulette/automatic.server";
import { notifyRouletteWebhook, rouletteWebhook, rouletteWebhookDeliveries, saveRouletteWebhook } from "~/modules/roulette/webhook.server";
import { ASSIGNMENT_REASON_LABELS, ROULETTE_MESSAGES, ROULETTE_WEBHOOK_EVENTS } from "~/modules/roulette/roulette-rules";
import { DeliveryLog } from "~/components/webhooks/delivery-log";
import { todaysAssignments } from "~/modules/roulette/routing.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { formatDateTime } from "~/utils/clock";
import type { Route } from "./+types/roulette";

export const meta: Route.MetaFunction = () => [{ title: "Roleta | Administração" }, { name: "robots", content: "noindex" }];

const TABS = [
  ["sorteio", "Roleta do Sorteio"],
  ["corretores", "Corretores Registrados"],
  ["resultados", "Resultados dos Sorteios"],
  ["webhook", "Configuração Webhook"],
  ["automatica", "Roleta Automática"],
] as const;
type Tab = (typeof TABS)[number][0];
const SAMPLE_JSON = JSON.stringify(
  { timestamp: "2026-11-22T12:30:00.000Z", event: "automatic_roulette_completed", total_participants: 2, message: "Sorteio realizado com 2 participantes.", execution_type: "automatic", classification: [{ position: 1, broker_id: "…", broker_name: "Ana Souza", prize: "Lead Premium", draw_date: "2026-11-22T12:30:00.000Z" }] },
  null,
  2,
);

/** /admin/roleta (spec 03 §2.7): five tabs as ?tab= (plain links, so they work without JavaScript); confirmations as ?confirm=. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const tab = (TABS.find(([key]) => key === url.searchParams.get("tab"))?.[0] ?? "sorteio") as Tab;
  const [settings, participants, results, webhook, assignments, deliveries] = await Promise.all([rouletteSettings(), currentParticipants(), listResults(), rouletteWebhook(), todaysAssignments(), tab === "webhook" ? rouletteWebhookDeliveries(10) : []]);
  const confirm = url.searchParams.get("confirm");
  return { tab, settings, next: nextAutomaticRun(settings), participants, results, webhook, deliveries, assignments, sample: SAMPLE_JSON, confirm: confirm && /^(p|r)-\d{1,9}$/.test(confirm) ? confirm : null };
}

/** The draw's toast, with the roulette webhook's answer when it was sent (a failure says it will be retried). */
function drawToast(to: string, outcome: Awaited<ReturnType<typeof manualDraw>>) {
  const message = [ROULETTE_MESSAGES.drawDone(outcome.results.length), outcome.webhook?.message].filter(Boolean).join(" ");
  return redirectWithToast(to, { type: outcome.webhook && !outcome.webhook.ok ? "info" : "success", message });
}

const intents = z.enum(["draw", "remove-participant", "delete-result", "save-webhook", "test-webhook", "save-automatic", "run-now"]);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const intent = intents.safeParse(form.get("intent"));
  if (!intent.success) return data({ error: "Ação desconhecida" }, { status: 400 });
  const id = Number(form.get("id"));
  const back = (tab: Tab) => `/admin/roleta?tab=${tab}`;
  try {
    switch (intent.data) {
      case "draw":
        return drawToast(back("resultados"), await manualDraw(user));
      case "remove-participant":
        await removeParticipant(user, id);
        return redirectWithToast(back("corretores"), { type: "success", message: "Participante removido" });
      case "delete-result":
        await deleteResult(user, id);
        return redirectWithToast(back("resultados"), { type: "success", message: "Resultado excluído" });
      case "save-webhook":
        await saveRouletteWebhook(user, { url: String(form.get("url") ?? ""), enabled: form.get("enabled") === "on" });
        return redirectWithToast(back("webhook"), { type: "success", message: "Configurações do webhook salvas" });
      case "test-webhook": {
        const r = await notifyRouletteWebhook(ROULETTE_WEBHOOK_EVENTS.test, [], new Date(), "manual", true);
        if (!r) return data({ error: ROULETTE_MESSAGES.webhookUrlInvalid }, { status: 400 });
        return redirectWithToast(back("webhook"), { type: r.ok ? "success" : "error", message: r.message });
      }
      case "save-automatic":
        await saveRouletteSettings(user, {
          enabled: form.get("enabled") === "on",
          time: String(form.get("time") ?? ""),
          webhookEnabled: form.get("webhookEnabled") === "on",
          presenceStart: String(form.get("presenceStart") ?? ""),
          presenceEnd: String(form.get("presenceEnd") ?? ""),
        });
        return redirectWithToast(back("automatica"), { type: "success", message: ROULETTE_MESSAGES.settingsSaved });
      case "run-now":
        return drawToast(back("resultados"), await runAutomaticNow(user));
    }
  } catch (error) {
    if (error instanceof RouletteError) return data({ error: error.message }, { status: 400 });
    log.error("roulette admin action failed", { intent: intent.data, ...errorFields(error) });
    return data({ error: intent.data === "save-automatic" ? ROULETTE_MESSAGES.settingsFailed("tente novamente") : intent.data === "save-webhook" ? ROULETTE_MESSAGES.webhookSaveFailed : ROULETTE_MESSAGES.drawFailed }, { status: 500 });
  }
}

export default function AdminRoulette({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, settings, next, participants, results, webhook, deliveries, assignments, sample, confirm } = loaderData;
  const busy = useNavigation().state !== "idle";
  const error = actionData && "error" in actionData ? actionData.error : null;
  const confirmParticipant = confirm?.startsWith("p-") ? participants.find((p) => p.id === Number(confirm.slice(2))) : null;
  const confirmResult = confirm?.startsWith("r-") ? results.find((r) => r.id === Number(confirm.slice(2))) : null;
  return (
    <>
      <PageHeader title="Roleta de Leads" subtitle={`${participants.length} ${participants.length === 1 ? "corretor registrado" : "corretores registrados"} nas últimas 24 horas`} />
      <nav aria-label="Seções da roleta" className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map(([key, label]) => (
          <Link key={key} to={`?tab=${key}`} aria-current={tab === key ? "page" : undefined} className={cx("whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium", tab === key ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900")}>
            {label}
          </Link>
        ))}
      </nav>
      {error ? (
        <Alert tone="danger" className="mb-4">
          {error}
        </Alert>
      ) : null}

      {tab === "sorteio" ? (
        <Card className="p-6 text-center">
          <p className="text-sm text-slate-600">Participantes: {participants.map((p) => p.broker_name).join(", ") || "nenhum"}</p>
          <Form method="post" className="mt-4">
            <Button type="submit" name="intent" value="draw" size="lg" pending={busy} disabled={participants.length === 0}>
              Sortear agora
            </Button>
          </Form>
          {participants.length === 0 ? <p className="mt-3 text-sm text-slate-600">{ROULETTE_MESSAGES.noParticipants}</p> : null}
          <p className="mt-3 text-xs text-slate-500">O resultado é salvo e as presenças são zeradas: os corretores marcam presença de novo no próximo dia.</p>
        </Card>
      ) : null}

      {tab === "corretores" ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <Table>
            <thead>
              <tr>
                <th className={thClass}>Corretor</th>
                <th className={thClass}>Presença</th>
                <th className={thClass}>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {participants.length === 0 ? (
                <tr>
                  <td className={tdClass} colSpan={3}>
                    {ROULETTE_MESSAGES.noParticipantsWarning}
                  </td>
                </tr>
              ) : (
                participants.map((p) => (
                  <tr key={p.id}>
                    <td className={tdClass}>
                      {p.broker_name} {p.is_active ? null : <Badge tone="neutral">Inativo</Badge>}
                    </td>
                    <td className={tdClass}>{formatDateTime(p.registered_at)}</td>
                    <td className={cx(tdClass, "text-right")}>
                      <Link to={`?tab=corretores&confirm=p-${p.id}`} className={buttonClass("ghost", "sm", "text-danger-700")} aria-label={`Remover ${p.broker_name}`}>
                        Remover
                      </Link>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
        </div>
      ) : null}

      {tab === "resultados" ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <Table>
            <thead>
              <tr>
                <th className={thClass}>Sorteio</th>
                <th className={thClass}>Posição</th>
                <th className={thClass}>Corretor</th>
                <th className={thClass}>Prêmio</th>
                <th className={thClass}>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {results.length === 0 ? (
                <tr>
                  <td className={tdClass} colSpan={5}>
                    Nenhum sorteio ainda.
                  </td>
                </tr>
              ) : (
                results.map((r) => (
                  <tr key={r.id}>
                    <td className={tdClass}>
                      {formatDateTime(r.draw_date)} <Badge tone={r.execution_type === "automatic" ? "accent" : "neutral"}>{r.execution_type === "automatic" ? "Automático" : "Manual"}</Badge>
                    </td>
                    <td className={tdClass}>{r.position}º</td>
                    <td className={tdClass}>{r.broker_name}</td>
                    <td className={tdClass}>{r.prize}</td>
                    <td className={cx(tdClass, "text-right")}>
                      <Link to={`?tab=resultados&confirm=r-${r.id}`} className={buttonClass("ghost", "sm", "text-danger-700")} aria-label={`Excluir resultado de ${r.broker_name}`}>
                        Excluir
                      </Link>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
        </div>
      ) : null}

      {tab === "resultados" ? (
        <section aria-labelledby="dist-title" className="mt-6">
          <h2 id="dist-title" className="mb-2 text-lg font-semibold text-slate-900">
            Distribuição de hoje
          </h2>
          <p className="mb-2 text-sm text-slate-600">Leads sem corretor seguem a ordem do último sorteio do dia até as 20:00 (o corretor do imóvel primeiro, quando sorteado).</p>
          {assignments.length === 0 ? (
            <p className="text-sm text-slate-600">Nenhum lead distribuído hoje.</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
              <Table>
                <thead>
                  <tr>
                    <th className={thClass}>Lead</th>
                    <th className={thClass}>Corretor</th>
                    <th className={thClass}>Motivo</th>
                    <th className={thClass}>Quando</th>
                  </tr>
                </thead>
                <tbody>
                  {assignments.map((a) => (
                    <tr key={a.lead_id}>
                      <td className={tdClass}>
                        <Link to={`/broker/lead/${a.lead_id}`} className="text-brand-700 hover:underline">
                          {a.lead_name}
                        </Link>
                      </td>
                      <td className={tdClass}>{a.broker_name ?? "—"}</td>
                      <td className={tdClass}>{ASSIGNMENT_REASON_LABELS[a.reason]}</td>
                      <td className={tdClass}>{formatDateTime(a.assigned_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </section>
      ) : null}

      {tab === "webhook" ? (
        <Card className="max-w-2xl p-5">
          <Form method="post" className="space-y-3">
            <Field label="URL do webhook" htmlFor="url" hint="Recebe o resultado de cada sorteio (JSON).">
              <Input id="url" name="url" type="url" defaultValue={webhook.url} maxLength={2000} />
            </Field>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="enabled" defaultChecked={webhook.enabled} className="size-4" /> Ativo
            </label>
            <div className="flex gap-2">
              <Button type="submit" name="intent" value="save-webhook" pending={busy}>
                Salvar
              </Button>
              <Button type="submit" name="intent" value="test-webhook" variant="secondary" disabled={busy}>
                Testar
              </Button>
            </div>
          </Form>
          <h2 className="mt-6 text-sm font-semibold text-slate-900">Últimos envios</h2>
          <p className="mt-1 text-xs text-slate-600">Cada sorteio é enviado na hora; se o envio falhar, ele é repetido automaticamente por até um dia. O botão Testar não entra nesta lista.</p>
          <DeliveryLog deliveries={deliveries} />
        </Card>
      ) : null}

      {tab === "automatica" ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card className="p-5">
            <div className="flex items-center justify-between">
              <h2 className="text-lg font-semibold">Roleta Automática</h2>
              <Badge tone={settings.enabled ? "success" : "neutral"}>{settings.enabled ? "Ativa" : "Inativa"}</Badge>
            </div>
            {settings.enabled && participants.length === 0 ? (
              <Alert tone="warning" className="mt-3">
                {ROULETTE_MESSAGES.noParticipantsWarning}
              </Alert>
            ) : null}
            <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2">
              <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
                <input type="checkbox" name="enabled" defaultChecked={settings.enabled} className="size-4" /> Ativar a roleta automática (todos os dias)
              </label>
              <Field label="Horário do sorteio" htmlFor="time">
                <Input id="time" name="time" type="time" required defaultValue={settings.time} />
              </Field>
              <div />
              <Field label="Início da presença" htmlFor="presenceStart">
                <Input id="presenceStart" name="presenceStart" type="time" required defaultValue={settings.presenceStart} />
              </Field>
              <Field label="Fim da presença" htmlFor="presenceEnd">
                <Input id="presenceEnd" name="presenceEnd" type="time" required defaultValue={settings.presenceEnd} />
              </Field>
              <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
                <input type="checkbox" name="webhookEnabled" defaultChecked={settings.webhookEnabled} className="size-4" /> Enviar o webhook (aba Configuração Webhook) ao executar
              </label>
              <div className="flex flex-wrap gap-2 sm:col-span-2">
                <Button type="submit" name="intent" value="save-automatic" pending={busy}>
                  Salvar Configurações
                </Button>
                <Button type="submit" name="intent" value="run-now" variant="secondary" disabled={busy}>
                  Executar Agora (Teste)
                </Button>
              </div>
            </Form>
            <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
              <dt className="text-slate-500">Próxima execução</dt>
              <dd>{next ? formatDateTime(next) : "—"}</dd>
              <dt className="text-slate-500">Última execução</dt>
              <dd>{settings.lastExecution ? formatDateTime(settings.lastExecution) : "—"}</dd>
            </dl>
          </Card>
          <Card className="p-5">
            <h2 className="text-sm font-semibold text-slate-700">Exemplo do JSON enviado</h2>
            <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">{sample}</pre>
          </Card>
        </div>
      ) : null}

      {confirmParticipant || confirmResult ? (
        <Modal
          title={confirmParticipant ? "Remover participante" : "Excluir resultado"}
          footer={
            <>
              <Link to={`?tab=${tab}`} className={buttonClass("secondary")}>
                Cancelar
              </Link>
              <Form method="post">
                <input type="hidden" name="id" value={confirmParticipant?.id ?? confirmResult?.id} />
                <Button type="submit" name="intent" value={confirmParticipant ? "remove-participant" : "delete-result"} variant="danger" pending={busy} autoFocus>
                  {confirmParticipant ? "Remover" : "Excluir"}
                </Button>
              </Form>
            </>
          }
        >
          <p className="text-sm text-slate-700">{confirmParticipant ? `Remover ${confirmParticipant.broker_name} do sorteio?` : `Excluir o resultado de ${confirmResult!.broker_name} (${confirmResult!.position}º)?`}</p>
        </Modal>
      ) : null}
    </>
  );
}
