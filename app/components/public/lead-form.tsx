import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState, type ChangeEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert, Button, Field, Input, Textarea } from "~/components/ui";
import { LEAD_LIMITS, leadFormSchema } from "~/modules/leads/lead-form";
import { HoneypotField } from "~/components/public/honeypot-field";
import { digitsOnly, maskPhone } from "~/utils/phone";

/** How long the form's error banner stays before returning to idle (spec 01 §9). */
const BANNER_MS = 5000;

export type LeadFormProps = {
  lastResult?: SubmissionResult<string[]> | null;
  propertyId?: number | null;
  propertyTitle?: string | null;
  /** The referring broker (ref); sent along so the lead is attached to them. */
  brokerId?: string | null;
  heading?: string;
};

/**
 * The public contact form. It posts to the page's own action (which calls
 * leadFormAction), so it works as a plain HTML form; with JavaScript, Conform
 * validates with the same schema and the phone is masked while typing.
 */
export function LeadForm({ lastResult, propertyTitle, brokerId, heading }: LeadFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(leadFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: propertyTitle ? { message: `Olá! Tenho interesse no imóvel "${propertyTitle}". Gostaria de mais informações.` } : undefined,
  });

  // The banner returns to idle after 5 s; without JavaScript it simply stays.
  const formError = form.errors?.[0];
  const [bannerOpen, setBannerOpen] = useState(true);
  useEffect(() => {
    if (!formError) return;
    setBannerOpen(true);
    const timer = window.setTimeout(() => setBannerOpen(false), BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [formError, lastResult]);

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-labelledby={heading ? `${form.id}-heading` : undefined}>
      {heading ? (
        <h2 id={`${form.id}-heading`} className="text-lg font-semibold text-slate-900">
          {heading}
        </h2>
      ) : null}
      {formError && bannerOpen ? <Alert tone="danger">{formError}</Alert> : null}

      <Field label="Nome" htmlFor={fields.name.id} error={fields.name.errors}>
        <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" maxLength={LEAD_LIMITS.name} placeholder="Seu nome completo" />
      </Field>
      <Field label="E-mail" htmlFor={fields.email.id} error={fields.email.errors}>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" maxLength={LEAD_LIMITS.email} placeholder="seu@email.com.br" />
      </Field>
      <Field label="Telefone" htmlFor={fields.phone.id} error={fields.phone.errors}>
        <Input
          {...getInputProps(fields.phone, { type: "tel" })}
          autoComplete="tel"
          inputMode="tel"
          maxLength={LEAD_LIMITS.phone}
          placeholder="(11) 99999-9999"
          onChange={applyPhoneMask}
        />
      </Field>
      <Field label="Mensagem" htmlFor={fields.message.id} error={fields.message.errors}>
        <Textarea {...getTextareaProps(fields.message)} rows={5} maxLength={LEAD_LIMITS.message} placeholder="Como podemos ajudar?" />
      </Field>

      {brokerId ? <input type="hidden" name="ref" value={brokerId} /> : null}
      <HoneypotField idPrefix={form.id} />

      <Button type="submit" variant="accent" size="lg" className="w-full" pending={submitting}>
        {submitting ? "Enviando..." : "Enviar mensagem"}
      </Button>
      <p className="text-xs text-slate-600">
        Ao enviar, você concorda com o uso dos seus dados para retornarmos o contato, conforme a nossa{" "}
        <Link to="/privacidade" className="font-medium text-brand-700 underline">
          Política de Privacidade
        </Link>
        .
      </p>
    </Form>
  );
}

/** Masks the phone as the visitor types, keeping the caret after the same digit. */
function applyPhoneMask(event: ChangeEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const caret = input.selectionStart ?? input.value.length;
  const digitsBeforeCaret = digitsOnly(input.value.slice(0, caret)).length;
  const masked = maskPhone(input.value);
  if (masked === input.value) return;
  input.value = masked;
  let position = 0;
  let seen = 0;
  while (position < masked.length && seen < digitsBeforeCaret) {
    if (/\d/.test(masked[position])) seen += 1;
    position += 1;
  }
  // after the last digit, jump past the mask's trailing punctuation
  if (seen === digitsOnly(masked).length) position = masked.length;
  input.setSelectionRange(position, position);
}
