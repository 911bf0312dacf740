import { getCollectionProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Alert, Button, CancelLink, Card, Modal, CardTitle } from "~/components/ui";
import { CheckboxField, FieldError, FormSummary, HiddenField, TextField, formProps, useAppForm } from "~/components/ui/form";
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_KEYS, webhookActionSchema } from "~/modules/webhooks/webhook-rules";

type Result = SubmissionResult<string[]> | undefined;
type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** The events a webhook receives (spec 03 §3: a list, novo_lead by default), a checkbox each. */
function EventsField({ meta }: { meta: Meta }) {
  const boxes = getCollectionProps(meta as FieldMetadata<string[]>, { type: "checkbox", options: WEBHOOK_EVENT_KEYS, ariaAttributes: true });
  return (
    <fieldset className="space-y-1" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">Eventos</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {boxes.map((box) => (
          <label key={box.key} className="flex items-center gap-2 text-sm text-slate-700">
            <input {...box} key={undefined} className="size-4 rounded border-slate-300" />
            {WEBHOOK_EVENTS[box.value as keyof typeof WEBHOOK_EVENTS] ?? box.value}
          </label>
        ))}
      </div>
      <FieldError meta={meta} />
    </fieldset>
  );
}

/** 'Adicionar webhook': URL, events, the private-network allowance; a refused URL comes back as typed. */
export function AddWebhookCard({ lastResult, busy }: { lastResult: Result; busy: boolean }) {
  const [form, fields] = useAppForm(webhookActionSchema, { id: "webhook-add", lastResult, defaultValue: { events: ["novo_lead"] }, shouldValidate: "onSubmit" });
  return (
    <Card className="p-5">
      <CardTitle>Adicionar webhook</CardTitle>
      <Form method="post" {...formProps(form)} className="mt-3 space-y-3">
        <HiddenField name="intent" value="add" />
        <FormSummary form={form} />
        <TextField meta={fields.url} type="url" label="URL" inputProps={{ placeholder: "https://sistema.exemplo.com.br/webhooks/leads", maxLength: 2000 }} />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="space-y-2">
            <EventsField meta={fields.events} />
            <CheckboxField meta={fields.allowPrivate} label="Permitir rede interna" />
          </div>
          <Button type="submit" pending={busy}>
            Adicionar
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/**
 * The edit modal (?edit={id}). When the new address did not answer the HEAD
 * probe (spec 03 §5), the reply asks; saving it needs a second, explicit
 * yes for that same address ('Salvar mesmo assim').
 */
export function EditWebhookModal({ hook, lastResult, probeQuestion, busy }: { hook: { id: number; url: string; events: string[]; allow_private: number }; lastResult: Result; probeQuestion: string | null; busy: boolean }) {
  const [form, fields] = useAppForm(webhookActionSchema, {
    id: "webhook-edit",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { url: hook.url, events: hook.events.filter((e) => e in WEBHOOK_EVENTS), allowPrivate: hook.allow_private ? "on" : undefined },
  });
  const typedUrl = typeof lastResult?.initialValue?.url === "string" ? lastResult.initialValue.url : null;
  return (
    <Modal title="Editar webhook">
      <Form method="post" {...formProps(form)} className="space-y-3">
        <HiddenField name="intent" value="update" />
        <HiddenField name="id" value={hook.id} />
        <FormSummary form={form} />
        <TextField meta={fields.url} type="url" label="URL" inputProps={{ maxLength: 2000, autoFocus: true }} />
        <EventsField meta={fields.events} />
        <CheckboxField meta={fields.allowPrivate} label="Permitir rede interna" />
        {probeQuestion && typedUrl ? (
          <>
            <Alert tone="warning">{probeQuestion}</Alert>
            <HiddenField name="confirmedUrl" value={typedUrl} />
          </>
        ) : null}
        <div className="flex justify-end gap-2">
          <CancelLink to="/admin/webhook" preventScrollReset />
          <Button type="submit" pending={busy}>
            {probeQuestion ? "Salvar mesmo assim" : "Salvar"}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
