import type { FieldMetadata } from "@conform-to/react";
import { Badge } from "~/components/ui";
import { CheckboxField, TextField } from "~/components/ui/form";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * The collapsible SMTP section of /broker/settings (02 §2.8), inside the
 * settings form: its fields are the settings schema's (`smtpSettingsShape`),
 * so what was typed comes back after any error like every other field; it
 * opens by itself when one of them has a message. An empty password keeps
 * the stored one (and a typed password is never sent back).
 */
export function SmtpSettingsFields({ fields, active, hasPassword, open }: { fields: Record<string, Meta>; active: boolean; hasPassword: boolean; open?: boolean }) {
  return (
    <details className="rounded-lg border border-slate-200 p-4" open={open || undefined}>
      <summary className="cursor-pointer font-semibold">
        SMTP (envio de email){" "}
        <Badge tone={active ? "success" : "neutral"} className="ml-2">
          {active ? "Ativo" : "Não configurado"}
        </Badge>
      </summary>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <TextField meta={fields.smtp_host} label="Servidor (host)" inputProps={{ maxLength: 255, placeholder: "smtp.seudominio.com.br", autoComplete: "off" }} />
        <TextField meta={fields.smtp_port} label="Porta" hint="De 1 a 65535 (padrão 587)." inputProps={{ inputMode: "numeric", maxLength: 20 }} />
        <TextField meta={fields.smtp_username} label="Usuário" inputProps={{ maxLength: 255, autoComplete: "off" }} />
        <TextField meta={fields.smtp_password} type="password" label="Senha" hint={hasPassword ? "Senha salva. Deixe em branco para manter." : undefined} inputProps={{ maxLength: 500, autoComplete: "new-password" }} />
        <TextField meta={fields.smtp_from_name} label="Nome do remetente" inputProps={{ maxLength: 120 }} />
        <TextField meta={fields.smtp_from_email} type="email" label="Email do remetente" inputProps={{ maxLength: 254 }} />
        <CheckboxField meta={fields.smtp_secure} label="Conexão segura (TLS)" className="sm:col-span-2" />
      </div>
    </details>
  );
}
