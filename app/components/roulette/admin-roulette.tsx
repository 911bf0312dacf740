import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { DeliveryLog, type DeliveryLogRow } from "~/components/webhooks/delivery-log";
import { Alert, Badge, Button, buttonClass, Card } from "~/components/ui";
import { CheckboxField, FormSummary, TextField, formProps, useAppForm } from "~/components/ui/form";
import { ListScreen } from "~/components/ui/list-screen";
import { adminRouletteSchema } from "~/modules/roulette/roulette-forms";
import { ASSIGNMENT_REASON_LABELS, ROULETTE_MESSAGES } from "~/modules/roulette/roulette-rules";
import { formatDateTime } from "~/utils/clock";
import { SpinThenReveal, Wheel } from "./spin";

/** The tabs of /admin/roleta (spec 03 §2.7), as the route renders them. */
type Participant = { id: number; broker_name: string; registered_at: string; is_active: number };
type Result = { id: number; draw_date: string; position: number; broker_name: string; prize: string; execution_type: string };
type Assignment = { lead_id: number; lead_name: string; broker_name: string | null; reason: keyof typeof ASSIGNMENT_REASON_LABELS; assigned_at: string };
type Settings = { enabled: boolean; time: string; webhookEnabled: boolean; presenceStart: string; presenceEnd: string; lastExecution: string | null };

function useBusy(intent: string) {
  const n = useNavigation();
  return n.state !== "idle" && n.formData?.get("intent") === intent;
}

export function DrawTab({ participants }: { participants: Participant[] }) {
  const busy = useBusy("draw");
  return (
    <Card className="p-6 text-center">
      <Wheel />
      <p className="mt-4 text-sm text-slate-600 [overflow-wrap:anywhere]">Participantes: {participants.map((p) => p.broker_name).join(", ") || "nenhum"}</p>
      <Form method="post" className="mt-4">
        <Button type="submit" name="intent" value="draw" size="lg" pending={busy} disabled={participants.length === 0}>
          Sortear agora
        </Button>
      </Form>
      {participants.length === 0 ? <p className="mt-3 text-sm text-slate-600">{ROULETTE_MESSAGES.noParticipants}</p> : null}
      <p className="mt-3 text-xs text-slate-500">A roleta gira por 3 segundos; o resultado é salvo e as presenças são zeradas: os corretores marcam presença de novo no próximo dia.</p>
    </Card>
  );
}

export function ParticipantsTab({ participants }: { participants: Participant[] }) {
  return (
    <ListScreen
      rows={participants}
      rowKey={(p) => p.id}
      caption="Corretores registrados nas últimas 24 horas"
      empty={{ title: ROULETTE_MESSAGES.noParticipantsWarning }}
      columns={[
        { key: "name", header: "Corretor", primary: true, cell: (p) => <>{p.broker_name} {p.is_active ? null : <Badge tone="neutral">Inativo</Badge>}</> },
        { key: "at", header: "Presença", cell: (p) => formatDateTime(p.registered_at) },
      ]}
      rowActions={(p) => (
        <Link to={`?tab=corretores&confirm=p-${p.id}`} className={buttonClass("ghost", "sm", "text-danger-700")} aria-label={`Remover ${p.broker_name}`}>
          Remover
        </Link>
      )}
    />
  );
}

export function ResultsTab({ results, assignments, spin }: { results: Result[]; assignments: Assignment[]; spin: boolean }) {
  const list = (
    <ListScreen
      rows={results}
      rowKey={(r) => r.id}
      caption="Resultados dos sorteios das últimas 24 horas"
      empty={{ title: "Nenhum sorteio nas últimas 24 horas." }}
      columns={[
        { key: "draw", header: "Sorteio", cell: (r) => <>{formatDateTime(r.draw_date)} <Badge tone={r.execution_type === "automatic" ? "accent" : "neutral"}>{r.execution_type === "automatic" ? "Automático" : "Manual"}</Badge></> },
        { key: "position", header: "Posição", cell: (r) => `${r.position}º` },
        { key: "name", header: "Corretor", primary: true, cell: (r) => r.broker_name },
        { key: "prize", header: "Prêmio", cell: (r) => r.prize },
      ]}
      rowActions={(r) => (
        <Link to={`?tab=resultados&confirm=r-${r.id}`} className={buttonClass("ghost", "sm", "text-danger-700")} aria-label={`Excluir resultado de ${r.broker_name}`}>
          Excluir
        </Link>
      )}
    />
  );
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">Resultados das últimas 24 horas.</p>
      {spin ? <SpinThenReveal>{list}</SpinThenReveal> : list}
      <section aria-labelledby="dist-title" className="mt-6">
        <h2 id="dist-title" className="mb-2 text-lg font-semibold text-slate-900">
          Distribuição de hoje
        </h2>
        <p className="mb-2 text-sm text-slate-600">Leads sem corretor seguem a ordem do último sorteio do dia até as 20:00 (o corretor do imóvel primeiro, quando sorteado).</p>
        <ListScreen
          rows={assignments}
          rowKey={(a) => a.lead_id}
          caption="Leads distribuídos hoje"
          empty={{ title: "Nenhum lead distribuído hoje." }}
          columns={[
            {
              key: "lead",
              header: "Lead",
              primary: true,
              cell: (a) => (
                <Link to={`/broker/lead/${a.lead_id}`} className="text-brand-700 hover:underline">
                  {a.lead_name}
                </Link>
              ),
            },
            { key: "broker", header: "Corretor", cell: (a) => a.broker_name ?? "—" },
            { key: "reason", header: "Motivo", cell: (a) => ASSIGNMENT_REASON_LABELS[a.reason] },
            { key: "at", header: "Quando", cell: (a) => formatDateTime(a.assigned_at) },
          ]}
        />
      </section>
    </>
  );
}

/** 'Configuração Webhook': the URL, on/off, Salvar and Testar (which posts to the URL typed, saved or not). */
export function WebhookTab({ webhook, deliveries, lastResult }: { webhook: { url: string; enabled: boolean }; deliveries: DeliveryLogRow[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const saving = useBusy("save-webhook");
  const testing = useBusy("test-webhook");
  const [form, fields] = useAppForm(adminRouletteSchema, { id: "roulette-webhook", lastResult, defaultValue: { url: webhook.url, enabled: webhook.enabled ? "on" : "" } });
  return (
    <Card className="min-w-0 max-w-2xl p-5">
      <Form method="post" className="space-y-3" {...formProps(form)}>
        <FormSummary form={form} labels={{ url: "URL do webhook" }} />
        <TextField meta={fields.url} type="url" label="URL do webhook" hint="Recebe o resultado de cada sorteio (JSON). Testar envia um teste para a URL digitada, mesmo antes de salvar." inputProps={{ maxLength: 2000 }} />
        <CheckboxField meta={fields.enabled} label="Ativo" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="save-webhook" pending={saving}>
            Salvar
          </Button>
          <Button type="submit" name="intent" value="test-webhook" variant="secondary" pending={testing}>
            Testar
          </Button>
        </div>
      </Form>
      <h2 className="mt-6 text-sm font-semibold text-slate-900">Últimos envios</h2>
      <p className="mt-1 text-xs text-slate-600">Cada sorteio é enviado na hora; se o envio falhar, ele é repetido automaticamente por até um dia. O botão Testar não entra nesta lista.</p>
      <DeliveryLog deliveries={deliveries} />
    </Card>
  );
}

/** 'Roleta Automática': status, the settings (everything typed comes back after an error), next and last run, sample JSON. */
export function AutomaticTab({ settings, next, noParticipants, sample, lastResult }: { settings: Settings; next: string | null; noParticipants: boolean; sample: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const saving = useBusy("save-automatic");
  const running = useBusy("run-now");
  const [form, fields] = useAppForm(adminRouletteSchema, {
    id: "roulette-automatic",
    lastResult,
    defaultValue: { enabled: settings.enabled ? "on" : "", time: settings.time, presenceStart: settings.presenceStart, presenceEnd: settings.presenceEnd, webhookEnabled: settings.webhookEnabled ? "on" : "" },
  });
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <Card className="min-w-0 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Roleta Automática</h2>
          <Badge tone={settings.enabled ? "success" : "neutral"}>{settings.enabled ? "Ativa" : "Inativa"}</Badge>
        </div>
        {settings.enabled && noParticipants ? (
          <Alert tone="warning" className="mt-3">
            {ROULETTE_MESSAGES.noParticipantsWarning}
          </Alert>
        ) : null}
        <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" {...formProps(form)}>
          <FormSummary form={form} className="sm:col-span-2" labels={{ time: "Horário do sorteio", presenceStart: "Início da presença", presenceEnd: "Fim da presença" }} />
          <CheckboxField meta={fields.enabled} label="Ativar a roleta automática (todos os dias)" className="sm:col-span-2" />
          <TextField meta={fields.time} type="time" label="Horário do sorteio" className="sm:col-span-2" />
          <TextField meta={fields.presenceStart} type="time" label="Início da presença" />
          <TextField meta={fields.presenceEnd} type="time" label="Fim da presença" />
          <CheckboxField meta={fields.webhookEnabled} label="Enviar o webhook (aba Configuração Webhook) ao executar" className="sm:col-span-2" />
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" name="intent" value="save-automatic" pending={saving}>
              Salvar Configurações
            </Button>
            <Button type="submit" name="intent" value="run-now" variant="secondary" pending={running}>
              Executar Agora (Teste)
            </Button>
          </div>
        </Form>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-500">Próxima execução</dt>
          <dd data-testid="next-run">{next ? formatDateTime(next) : "—"}</dd>
          <dt className="text-slate-500">Última execução</dt>
          <dd>{settings.lastExecution ? formatDateTime(settings.lastExecution) : "—"}</dd>
        </dl>
      </Card>
      <Card className="min-w-0 p-5">
        <h2 className="text-sm font-semibold text-slate-700">Exemplo do JSON enviado</h2>
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded-lg bg-slate-900 p-3 text-xs text-slate-100 [overflow-wrap:anywhere]">{sample}</pre>
      </Card>
    </div>
  );
}
