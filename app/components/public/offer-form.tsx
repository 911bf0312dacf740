import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Button, Field, cx, inputClass } from "~/components/ui";
import { FormSummary, RadioCardsField, SelectField, TextAreaField, TextField, formProps, useAppForm } from "~/components/ui/form";
import { HoneypotField } from "~/components/public/honeypot-field";
import { LEAD_LIMITS } from "~/modules/leads/lead-form";
import { useRefLink } from "~/modules/leads/referral";
import {
  OFFER_FIELD_LABELS,
  OFFER_FORM_ID,
  OFFER_KINDS,
  OFFER_LIMITS,
  OFFER_PHOTO_FIELD,
  OFFER_PHOTO_LIMITS,
  OFFER_PURPOSES,
  OFFER_PURPOSE_LABELS,
  offerFormSchema,
} from "~/modules/offers/owner-offer";

const MB = 1024 * 1024;

/**
 * 'Anuncie seu imóvel' (/anuncie): plain server HTML posting multipart to
 * the page's own action (offers/offer-form.server.ts). After a refused post
 * the server's `submission.reply()` comes back: every field as typed, each
 * message beside its field, the refused photos named (files cannot be sent
 * back, so the owner chooses them again). No React runs in the browser; the
 * phone mask and the photo check before sending (enhance/offer-photos.ts)
 * are the public enhancement module's.
 */
export function OfferForm({ lastResult, refCode }: { lastResult?: SubmissionResult<string[]> | null; refCode: string | null }) {
  const link = useRefLink();
  const [form, fields] = useAppForm(offerFormSchema, { id: OFFER_FORM_ID, lastResult, defaultValue: { purpose: "sale" } });
  const photoErrors = form.allErrors[OFFER_PHOTO_FIELD] ?? [];
  const photoId = `${form.id}-${OFFER_PHOTO_FIELD}`;

  return (
    <Form method="post" encType="multipart/form-data" action={`/anuncie${refCode ? `?ref=${encodeURIComponent(refCode)}` : ""}#${form.id}`} {...formProps(form)} className="scroll-mt-24 space-y-8">
      <FormSummary form={form} labels={OFFER_FIELD_LABELS} />

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Seus dados</legend>
        <TextField meta={fields.name} label="Nome" inputProps={{ autoComplete: "name", maxLength: LEAD_LIMITS.name, placeholder: "Seu nome completo" }} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.email} type="email" label="E-mail" inputProps={{ autoComplete: "email", maxLength: LEAD_LIMITS.email, placeholder: "seu@email.com.br" }} />
          <TextField meta={fields.phone} type="tel" label="Telefone" inputProps={{ autoComplete: "tel", inputMode: "tel", maxLength: LEAD_LIMITS.phone, placeholder: "(11) 99999-9999", ...{ "data-phone-mask": "" } }} />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Sobre o imóvel</legend>
        <RadioCardsField meta={fields.purpose} legend="Finalidade" options={OFFER_PURPOSES.map((code) => ({ value: code, label: OFFER_PURPOSE_LABELS[code] }))} defaultValue="sale" />
        <SelectField meta={fields.property_kind} label="Tipo de imóvel" placeholder="Selecione" options={OFFER_KINDS.map((k) => ({ value: k, label: k }))} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.city} label="Cidade" inputProps={{ autoComplete: "address-level2", maxLength: OFFER_LIMITS.city, placeholder: "São Paulo" }} />
          <TextField meta={fields.neighborhood} label="Bairro" inputProps={{ maxLength: OFFER_LIMITS.neighborhood, placeholder: "Pinheiros" }} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField meta={fields.area} label="Área (m²)" inputProps={{ inputMode: "decimal", maxLength: 12, placeholder: "85" }} />
          <TextField meta={fields.bedrooms} label="Quartos" inputProps={{ inputMode: "numeric", maxLength: 2, placeholder: "2" }} />
          <TextField meta={fields.price} label="Valor pretendido (R$)" hint="Para aluguel, o valor mensal." inputProps={{ inputMode: "decimal", maxLength: 20, placeholder: "450.000,00" }} />
        </div>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-base font-semibold text-slate-900">Fotos (opcional)</legend>
        <Field
          label="Escolha até 6 fotos do imóvel"
          htmlFor={photoId}
          hint={`JPG, PNG ou WebP, até ${OFFER_PHOTO_LIMITS.maxFileBytes / MB} MB cada.`}
          error={photoErrors.length === 1 ? photoErrors[0] : null}
        >
          <input
            id={photoId}
            name={OFFER_PHOTO_FIELD}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            data-offer-photos=""
            aria-invalid={photoErrors.length ? true : undefined}
            aria-describedby={photoErrors.length ? `${photoId}-error` : undefined}
            className={cx(inputClass, "h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-800")}
          />
        </Field>
        {photoErrors.length > 1 ? (
          <ul id={`${photoId}-error`} role="alert" className="list-disc space-y-1 pl-5 text-sm text-danger-700 [overflow-wrap:anywhere]">
            {photoErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </fieldset>

      <TextAreaField meta={fields.message} label="Mensagem (opcional)" hint="Conte o que o imóvel tem de especial: vagas, andar, reforma, condomínio, melhor horário para contato." textareaProps={{ rows: 4, maxLength: OFFER_LIMITS.message }} />

      {refCode ? <input type="hidden" name="ref" value={refCode} /> : null}
      <HoneypotField idPrefix={form.id} />

      <div className="space-y-3">
        <Button type="submit" variant="accent" size="lg" className="w-full sm:w-auto sm:px-10">
          Enviar imóvel para avaliação
        </Button>
        <p className="text-xs text-slate-600">
          Ao enviar, você concorda com o uso dos seus dados e das fotos para avaliarmos o imóvel e retornarmos o contato, conforme a nossa{" "}
          <Link to={link("/privacidade")} className="font-medium text-brand-700 underline">
            Política de Privacidade
          </Link>
          . As fotos ficam restritas à nossa equipe até você autorizar o anúncio.
        </p>
      </div>
    </Form>
  );
}
