import { Link } from "react-router";
import { OptOutBadge } from "~/components/messaging/opt-out-badge";
import { Badge, Card, buttonClass, CardTitle } from "~/components/ui";
import { TextAreaField, TextField, resultFor, useAppForm } from "~/components/ui/form";
import { EMAIL_MESSAGE_MAX, EMAIL_SUBJECT_MAX, LEAD_PAGE_ANCHORS, WHATSAPP_MAX, emailSchema, whatsappSchema } from "~/modules/leads/lead-page";
import { whatsappLink } from "~/utils/phone";
import type { LeadPageData } from "./types";
import { LeadIntentForm } from "./intent-form";

const WHATSAPP_BADGE = {
  connected: { tone: "success", label: "Conectado" },
  disconnected: { tone: "warning", label: "Desconectado" },
  "not-configured": { tone: "neutral", label: "Não configurado" },
} as const;

/** Ações (02 §2.5): WhatsApp and SMTP badges, the shortcuts, and the WhatsApp and e-mail forms (what was typed comes back after any error). */
export function ActionsCard({ data, actionData, busy }: { data: LeadPageData; actionData: unknown; busy: boolean }) {
  const { lead, whatsapp, smtpActive, whatsappOptOut } = data;
  const action = `/broker/lead/${lead.id}#${LEAD_PAGE_ANCHORS.actions}`;
  const badge = WHATSAPP_BADGE[whatsapp];
  const waResult = resultFor(actionData, "whatsapp");
  const mailResult = resultFor(actionData, "email");
  return (
    <Card className="min-w-0 p-5" as="section">
      <CardTitle id={LEAD_PAGE_ANCHORS.actions}>
        Ações
      </CardTitle>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span>WhatsApp:</span>
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {whatsappOptOut ? <OptOutBadge /> : null}
        <span>SMTP:</span>
        <Badge tone={smtpActive ? "success" : "neutral"}>{smtpActive ? "Ativo" : "Não configurado"}</Badge>
        <Link to={`/broker/lead/${lead.id}#${LEAD_PAGE_ANCHORS.actions}`} className="text-xs text-brand-700 hover:underline" aria-label="Atualizar status">
          Atualizar
        </Link>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href="#nova-atividade" className={buttonClass("secondary", "sm")}>
          Nova atividade
        </a>
        <a href={`#${LEAD_PAGE_ANCHORS.history}`} className={buttonClass("secondary", "sm")}>
          Histórico
        </a>
        {lead.phone ? (
          <a href={whatsappLink(lead.phone)} target="_blank" rel="noreferrer" className={buttonClass("secondary", "sm")}>
            Abrir conversa
          </a>
        ) : null}
        <Link to="/broker/whatsapp" className={buttonClass("ghost", "sm")}>
          {whatsapp === "connected" ? "Gerenciar WhatsApp" : "Conectar WhatsApp"}
        </Link>
        {!smtpActive ? (
          <Link to="/broker/settings" className={buttonClass("ghost", "sm")}>
            Configurar SMTP
          </Link>
        ) : null}
      </div>
      {whatsapp === "connected" && !whatsappOptOut ? (
        <details className="mt-3" open={waResult ? true : undefined}>
          <summary className={buttonClass("primary", "sm", "cursor-pointer list-none")}>WhatsApp</summary>
          <WhatsappForm action={action} lastResult={waResult} busy={busy} />
        </details>
      ) : null}
      <details className="mt-3" open={mailResult ? true : undefined}>
        <summary className={buttonClass("primary", "sm", "cursor-pointer list-none")}>Email</summary>
        <EmailForm action={action} lastResult={mailResult} busy={busy} />
      </details>
    </Card>
  );
}

function WhatsappForm({ action, lastResult, busy }: { action: string; lastResult: ReturnType<typeof resultFor>; busy: boolean }) {
  const [form, fields] = useAppForm(whatsappSchema, { id: "whatsapp", lastResult });
  return (
    <LeadIntentForm form={form} action={action} intent="whatsapp" submitLabel="Enviar pelo WhatsApp" busy={busy}>
        <TextAreaField meta={fields.message} label="Mensagem" hint="Um link de imagem (png, jpg, gif, webp) vai como foto, com o resto como legenda." textareaProps={{ rows: 4, maxLength: WHATSAPP_MAX }} />
    </LeadIntentForm>
  );
}

function EmailForm({ action, lastResult, busy }: { action: string; lastResult: ReturnType<typeof resultFor>; busy: boolean }) {
  const [form, fields] = useAppForm(emailSchema, { id: "email", lastResult });
  return (
    <LeadIntentForm form={form} action={action} intent="email" submitLabel="Enviar" busy={busy}>
        <TextField meta={fields.subject} label="Assunto" inputProps={{ maxLength: EMAIL_SUBJECT_MAX }} />
        <TextAreaField meta={fields.message} label="Mensagem" textareaProps={{ rows: 4, maxLength: EMAIL_MESSAGE_MAX }} />
    </LeadIntentForm>
  );
}
