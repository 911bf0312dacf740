import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { StatusBadge } from "~/components/messaging/status-badge";
import { Button, Card, cx, FieldError, CardTitle } from "~/components/ui";
import { CheckboxField, FormSummary, TextAreaField, TextField, formProps, useAppForm } from "~/components/ui/form";
import { senderActionSchema, timingDefaults } from "~/modules/messaging/campaign-forms";
import { personalise } from "~/modules/messaging/campaign-rules";
import { MIN_INTERVAL_SECONDS, WEEKDAY_LABELS, type Timing } from "~/modules/messaging/timing";

/** The campaign sender's steps 1–2 and 4 (spec 03 §2.4); step 3 is sender-leads.tsx. */
export const SENDER_STEPS = ["Conexão", "Campanha", "Leads", "Lançamento"] as const;

export function StepNav({ step, query }: { step: number; query: string }) {
  return (
    <nav aria-label="Etapas da campanha" className="mb-6">
      <ol className="grid grid-cols-4 gap-2 text-sm">
        {SENDER_STEPS.map((label, i) => {
          const n = i + 1;
          return (
            <li key={label} className="min-w-0">
              <Link
                to={`?${query}step=${n}`}
                aria-current={n === step ? "step" : undefined}
                aria-label={`Etapa ${n}: ${label}`}
                className={cx(
                  "block rounded-lg border px-2 py-2 text-center font-medium",
                  n === step ? "border-brand-600 bg-brand-50 text-brand-800" : n < step ? "border-success-600/40 text-success-700" : "border-slate-200 text-slate-600",
                )}
              >
                <span className="sm:mr-1">{n}</span>
                <span className="hidden sm:inline">{label}</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Steps 1–2 share one view: the connection's badge, the campaign's name and message. */
export function DetailsStep({
  connection,
  draft,
  action,
  lastResult,
}: {
  connection: string | null;
  draft: { name: string; message: string } | null;
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useAppForm(senderActionSchema, {
    id: "campaign-details",
    lastResult,
    defaultValue: {
      intent: "details",
      name: draft?.name ?? "",
      message: draft?.message ?? "",
    },
  });
  return (
    <Card className="space-y-5 p-5">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-700">WhatsApp:</span>
        <StatusBadge status={connection ?? "unknown"} />
        {connection !== "connected" ? <span className="text-slate-600">Conecte antes de lançar; você pode preparar a campanha agora.</span> : null}
      </div>
      <Form method="post" action={action} className="space-y-4" {...formProps(form)}>
        <input type="hidden" name="intent" value="details" />
        <FormSummary form={form} labels={{ name: "Nome da campanha", message: "Mensagem" }} />
        <TextField meta={fields.name} label="Nome da campanha" inputProps={{ maxLength: 120 }} />
        <TextAreaField
          meta={fields.message}
          label="Mensagem"
          hint="Use {nome} para o primeiro nome do lead. Um link de imagem (.jpg, .png) é enviado como foto com legenda."
          textareaProps={{ rows: 6, maxLength: 4000 }}
        />
        <div className="flex justify-end">
          <Button type="submit" pending={busy}>
            Próximo: leads
          </Button>
        </div>
      </Form>
    </Card>
  );
}

type Summary = { total: number; optedOut: number; invalid: number };

/** Step 4: the review, when to send, 'Salvar campanha' and 'Lançar agora'. */
export function LaunchStep({
  draft,
  summary,
  action,
  lastResult,
}: {
  draft: {
    name: string;
    message: string;
    timing: Timing;
    leads: { name: string }[];
  };
  summary: Summary;
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useAppForm(senderActionSchema, {
    id: "campaign-launch",
    lastResult,
    defaultValue: { intent: "launch", ...timingDefaults(draft.timing) },
  });
  const f = fields as unknown as Record<string, Parameters<typeof TextField>[0]["meta"]>;
  const weekdaysError = form.allErrors.weekdays?.[0];
  return (
    <Form method="post" action={action} className="space-y-4" {...formProps(form)}>
      <FormSummary
        form={form}
        labels={{
          startTime: "Início",
          endTime: "Fim",
          intervalSeconds: "Intervalo entre envios",
          weekdays: "Dias da semana",
        }}
      />
      <Card className="p-5">
        <CardTitle>Revisão</CardTitle>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="font-medium text-slate-700">Campanha</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{draft.name}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-700">Leads</dt>
            <dd className="text-slate-900" data-testid="review-count">
              {summary.total}
              {summary.optedOut ? ` · ${summary.optedOut} não recebe(m) WhatsApp (SAIR)` : ""}
              {summary.invalid ? ` · ${summary.invalid} com telefone inválido` : ""}
            </dd>
          </div>
          <div className="min-w-0 sm:col-span-2">
            <dt className="font-medium text-slate-700">Prévia da mensagem</dt>
            <dd className="mt-1 whitespace-pre-wrap rounded-lg bg-success-50 p-3 text-slate-900 [overflow-wrap:anywhere]">{personalise(draft.message, draft.leads[0]?.name ?? "")}</dd>
          </div>
        </dl>
      </Card>
      <Card className="space-y-4 p-5">
        <CardTitle>Quando enviar</CardTitle>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField meta={f.startTime} type="time" label="Início" />
          <TextField meta={f.endTime} type="time" label="Fim" />
          <TextField meta={f.intervalSeconds} type="number" label="Intervalo entre envios (segundos)" hint="Com variação aleatória de até 20%." inputProps={{ min: MIN_INTERVAL_SECONDS, step: 1 }} />
        </div>
        <fieldset aria-describedby={weekdaysError ? `${form.id}-weekdays-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">Dias da semana</legend>
          <div className="mt-2 flex flex-wrap gap-2" id={`${form.id}-weekdays`}>
            {WEEKDAY_LABELS.map((label, i) => (
              <CheckboxField key={label} meta={f[`weekday${i}`]} label={label} className="rounded-lg border border-slate-200 px-3 py-1.5" />
            ))}
          </div>
          <FieldError id={`${form.id}-weekdays-error`} message={weekdaysError} />
        </fieldset>
        <p className="text-xs text-slate-600">
          Envios fora da janela passam para o início do próximo dia permitido (até 14 dias). Números novos começam com poucos envios por dia e aumentam aos poucos; cada número recebe uma só mensagem,
          e quem respondeu SAIR não recebe.
        </p>
      </Card>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" name="intent" value="save" variant="secondary" pending={busy("save")}>
          Salvar campanha
        </Button>
        <Button type="submit" name="intent" value="launch" pending={busy("launch")}>
          Lançar agora
        </Button>
      </div>
    </Form>
  );
}
