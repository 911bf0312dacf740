import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, useFormAction } from "react-router";
import { Alert, Button, Card, Field, Input, Textarea, cx } from "~/components/ui";
import { leadFormSchema } from "~/modules/leads/lead-form";
import { LEAD_FIELDS, LEAD_LIMITS, type LeadField } from "~/modules/leads/lead-rules";
import { useRefLink } from "~/modules/leads/referral";
import { HoneypotField } from "~/components/public/honeypot-field";

/** How long the form's error banner stays before returning to idle (spec 01 §9). */
export const LEAD_BANNER_MS = 5000;
/** One lead form per page; the id is also the fragment a failed post lands on. */
export const LEAD_FORM_ID = "lead-form";
export const LEAD_SUMMARY_TITLE = "Corrija os campos abaixo para enviar:";

const LABELS = { name: "Nome", email: "E-mail", phone: "Telefone", message: "Mensagem" } as const;

export type LeadFormProps = {
  lastResult?: SubmissionResult<string[]> | null;
  propertyId?: number | null;
  propertyTitle?: string | null;
  /** The referring broker (ref); sent along so the lead is attached to them. */
  brokerId?: string | null;
  heading?: string;
  /** The message's starting text when there is no property title (the simulator, the comparison). */
  defaultMessage?: string;
};

/**
 * The public contact form: plain server HTML that posts to the page's own
 * action (leadFormAction) and, after a refused post, comes back scrolled to
 * itself with a summary linking to each field. The public pages' enhancement
 * module (app/enhance/lead-form.ts) adds the instant messages, the phone mask
 * and the 'Enviando...' state through the data-* hooks below.
 */
export function LeadForm({ lastResult, propertyTitle, brokerId, heading, defaultMessage }: LeadFormProps) {
  const action = useFormAction();
  const link = useRefLink();
  const [form, fields] = useForm<Record<LeadField, string>>({
    id: LEAD_FORM_ID,
    lastResult,
    constraint: getZodConstraint(leadFormSchema),
    defaultValue: propertyTitle
      ? { message: `Olá! Tenho interesse no imóvel "${propertyTitle}". Gostaria de mais informações.` }
      : defaultMessage
        ? { message: defaultMessage }
        : undefined,
  });
  const formError = form.errors?.[0];
  const fieldErrors = LEAD_FIELDS.flatMap((name) => (fields[name].errors?.[0] ? [{ id: fields[name].id, label: LABELS[name], message: fields[name].errors![0] }] : []));

  return (
    <Form
      method="post"
      action={`${action}#${LEAD_FORM_ID}`}
      {...getFormProps(form)}
      // The spec's messages, not the browser's: the server (or the enhancement) checks every field.
      noValidate
      data-lead-form=""
      className="scroll-mt-24 space-y-4"
      aria-labelledby={heading ? `${form.id}-heading` : undefined}
    >
      {heading ? (
        <h2 id={`${form.id}-heading`} className="text-lg font-semibold text-slate-900">
          {heading}
        </h2>
      ) : null}
      {formError ? (
        <div data-autohide-ms={LEAD_BANNER_MS}>
          <Alert tone="danger">{formError}</Alert>
        </div>
      ) : null}
      <div data-error-summary="" hidden={fieldErrors.length === 0}>
        <Alert tone="danger" title={LEAD_SUMMARY_TITLE}>
          <ul className="mt-1 list-disc pl-5">
            {fieldErrors.map((error) => (
              <li key={error.id}>
                <a href={`#${error.id}`} className="underline">
                  {error.label}: {error.message}
                </a>
              </li>
            ))}
          </ul>
        </Alert>
      </div>

      <Field label={LABELS.name} htmlFor={fields.name.id} error={fields.name.errors}>
        <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" maxLength={LEAD_LIMITS.name} placeholder="Seu nome completo" />
      </Field>
      <Field label={LABELS.email} htmlFor={fields.email.id} error={fields.email.errors}>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" maxLength={LEAD_LIMITS.email} placeholder="seu@email.com.br" />
      </Field>
      <Field label={LABELS.phone} htmlFor={fields.phone.id} error={fields.phone.errors}>
        <Input
          {...getInputProps(fields.phone, { type: "tel" })}
          autoComplete="tel"
          inputMode="tel"
          maxLength={LEAD_LIMITS.phone}
          placeholder="(11) 99999-9999"
          data-phone-mask=""
        />
      </Field>
      <Field label={LABELS.message} htmlFor={fields.message.id} error={fields.message.errors}>
        <Textarea {...getTextareaProps(fields.message)} rows={5} maxLength={LEAD_LIMITS.message} placeholder="Como podemos ajudar?" />
      </Field>

      {brokerId ? <input type="hidden" name="ref" value={brokerId} /> : null}
      <HoneypotField idPrefix={form.id} />

      <Button type="submit" variant="accent" size="lg" className="w-full" data-pending-label="Enviando...">
        Enviar mensagem
      </Button>
      <p className="text-xs text-slate-600">
        Ao enviar, você concorda com o uso dos seus dados para retornarmos o contato, conforme a nossa{" "}
        <Link to={link("/privacidade")} className="font-medium text-brand-700 underline">
          Política de Privacidade
        </Link>
        .
      </p>
    </Form>
  );
}

/** The lead form in its card with a line under it saying what goes along with the message (the comparison, the simulator). */
export function LeadFormCard({ note, className, ...props }: LeadFormProps & { note: string; className?: string }) {
  return (
    <Card as="section" className={cx("p-6 sm:p-8", className)}>
      <LeadForm {...props} />
      <p className="mt-3 text-xs text-slate-600">{note}</p>
    </Card>
  );
}
