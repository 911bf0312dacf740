import { useRef, useState, type FormEvent } from "react";
import { Form, Link, useLocation } from "react-router";
import { Alert, Button, buttonClass } from "~/components/ui";
import { HiddenField, TextAreaField, TextField, formProps, resultFor, useAppForm } from "~/components/ui/form";
import { RouteModal } from "~/components/ui/route-modal";
import { Toaster } from "~/components/ui/toaster";
import type { Toast } from "~/modules/auth/toast";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { bulkEmailSchema } from "~/modules/leads/lead-list";
import { EMAIL_MESSAGE_MAX, EMAIL_SUBJECT_MAX } from "~/modules/leads/lead-page";
import { ndjsonMessages, urlEncodedFields } from "~/utils/ndjson";
import { FormAlert } from "./form-alert";

type Progress = { done: number; total: number; sent: number; failed: number };

/**
 * 'Enviar email em massa' (02 §2.4): the count of selected leads with a
 * valid e-mail (computed by the server, so it shows without JavaScript),
 * Assunto, Mensagem, Cancelar and 'Enviar agora'. Without JavaScript the
 * send is a plain post (the counts come back in the toast); with it the
 * messages stream from /broker/leads/bulk-email with live counters, Cancelar
 * stops after the message in flight, and the form clears when done.
 */
export function BulkEmailModal({ step, listHref, actionData }: { step: { ids: number[]; recipients: number }; listHref: string; actionData: unknown }) {
  const [form, fields] = useAppForm(bulkEmailSchema, { id: "bulk-email", lastResult: resultFor(actionData, "email") });
  const [progress, setProgress] = useState<Progress | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [toast, setToast] = useState<Toast | null>(null);
  const abort = useRef<AbortController | null>(null);
  const props = formProps(form);
  // posted to the step's own address, so a refusal renders the modal again with what was typed (no JavaScript)
  const here = useLocation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    props.onSubmit?.(event);
    if (event.defaultPrevented) return; // Conform found a field to fix
    event.preventDefault();
    const element = event.currentTarget;
    const body = new FormData(element);
    setFailure(null);
    setProgress(null);
    setRunning(true);
    const ctrl = new AbortController();
    abort.current = ctrl;
    let last: Progress | null = null;
    try {
      const res = await fetch("/broker/leads/bulk-email", { method: "POST", body: urlEncodedFields(body), signal: ctrl.signal, headers: { Accept: "application/x-ndjson" } });
      if (!res.ok || !res.body) {
        const j = (await res.json().catch(() => null)) as { error?: string } | null;
        setFailure(j?.error ?? "Erro ao enviar");
        return;
      }
      for await (const msg of ndjsonMessages<Progress & { error?: string }>(res.body)) {
        if (msg.error) setFailure(msg.error);
        else setProgress((last = msg));
      }
      if (last) {
        element.reset();
        setToast({ type: last.failed ? "error" : "success", message: `Emails enviados: ${last.sent}. Falhas: ${last.failed}.` });
      }
    } catch (err) {
      if ((err as Error).name !== "AbortError") setFailure("Erro ao enviar");
      else if (last) setToast({ type: "error", message: `Envio cancelado. Emails enviados: ${last.sent}. Falhas: ${last.failed}.` });
    } finally {
      setRunning(false);
      abort.current = null;
    }
  }

  const pct = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <RouteModal title="Enviar email em massa" closeHref={listHref}>
      <Toaster toast={toast} />
      <Form method="post" action={`${here.pathname}${here.search}`} {...props} onSubmit={onSubmit} className="space-y-3">
        <HiddenField name="intent" value="email" />
        <HiddenField name="returnTo" value={listHref} />
        {step.ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <p className="text-sm text-slate-700" data-recipient-count>
          {step.recipients ? `${step.recipients} destinatário(s) com email válido` : CRM_MESSAGES.noValidEmails}
          {step.ids.length > step.recipients ? ` · ${step.ids.length - step.recipients} selecionado(s) sem email válido` : ""}
        </p>
        <FormAlert form={form} />
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        <TextField meta={fields.subject} label="Assunto" inputProps={{ maxLength: EMAIL_SUBJECT_MAX }} />
        <TextAreaField meta={fields.message} label="Mensagem" hint="{nome} é trocado pelo nome de cada lead." textareaProps={{ rows: 5, maxLength: EMAIL_MESSAGE_MAX }} />
        {progress || running ? (
          <div className="space-y-1" data-bulk-email-progress>
            <div className="h-2 w-full overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label="Progresso do envio">
              <div className="h-full bg-brand-700 transition-all" style={{ width: `${pct}%` }} />
            </div>
            <p className="text-sm" aria-live="polite">
              <span className="text-success-700">Enviados: {progress?.sent ?? 0}</span> · <span className="text-danger-700">Falhas: {progress?.failed ?? 0}</span> · {progress?.done ?? 0}/{progress?.total ?? step.recipients}
            </p>
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          {running ? (
            <Button variant="secondary" onClick={() => abort.current?.abort()}>
              Cancelar
            </Button>
          ) : (
            <Link to={listHref} className={buttonClass("secondary")} preventScrollReset>
              {progress ? "Fechar" : "Cancelar"}
            </Link>
          )}
          <Button type="submit" disabled={running || !step.recipients} data-bulk-email-submit>
            Enviar agora
          </Button>
        </div>
      </Form>
    </RouteModal>
  );
}
