import { Form } from "react-router";
import { Button, cx } from "~/components/ui";
import type { SubmissionResult } from "@conform-to/react";
import { FormSummary, RadioCardsField, TextField, formProps, useAppForm } from "~/components/ui/form";

type AnyResult = SubmissionResult<string[]>;
import { ALERT_FREQUENCIES, FREQUENCY_LABELS, alertFormSchema } from "~/modules/alerts/alert-form";

export const ALERT_FORM_ID = "alert-form";

/**
 * 'Receber novidades desta busca' (issue 28): a plain POST to /alertas with
 * the search as hidden fields. On the catalogue the hidden fields sit in a
 * `data-catalogue-part` (by id), so the live filters (app/enhance/filters.ts)
 * swap them with the results and the form always saves the search shown.
 */
export function AlertForm({
  path,
  query,
  refCode,
  description,
  lastResult,
  className,
  headingClassName,
}: {
  path: string;
  query: string;
  refCode: string | null;
  description: string;
  lastResult?: AnyResult | null;
  className?: string;
  headingClassName?: string;
}) {
  const [form, fields] = useAppForm(alertFormSchema, { id: ALERT_FORM_ID, lastResult, defaultValue: { frequency: "weekly" } });
  return (
    <Form method="post" action={`/alertas#${ALERT_FORM_ID}`} {...formProps(form)} className={cx("scroll-mt-24 space-y-4", className)} aria-labelledby={`${form.id}-heading`}>
      <div>
        <h2 id={`${form.id}-heading`} className={cx("text-base font-semibold text-slate-900", headingClassName)}>
          Receber novidades desta busca
        </h2>
        <div id="alert-search" data-catalogue-part="">
          <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">{description}</p>
          <input type="hidden" name="path" value={path} />
          <input type="hidden" name="query" value={query} />
        </div>
        {refCode ? <input type="hidden" name="ref" value={refCode} /> : null}
      </div>
      <FormSummary form={form} labels={{ email: "E-mail", frequency: "Frequência" }} />
      <TextField meta={fields.email} type="email" label="Seu e-mail" inputProps={{ autoComplete: "email", placeholder: "voce@exemplo.com.br" }} />
      <RadioCardsField meta={fields.frequency} legend="Frequência" options={ALERT_FREQUENCIES.map((code) => ({ value: code, label: FREQUENCY_LABELS[code] }))} defaultValue="weekly" />
      <Button type="submit" className="w-full">
        Criar alerta
      </Button>
      <p className="text-xs text-slate-600">
        Enviaremos um link para confirmar; nada é enviado antes disso. Usamos seu e-mail só para este alerta e você pode cancelar quando quiser.
      </p>
    </Form>
  );
}
