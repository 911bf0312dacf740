import { Badge, Field, Input } from "~/components/ui";
import type { SmtpSettingsView } from "~/modules/messaging/smtp-settings";

/**
 * The collapsible SMTP section of /broker/settings (02 §2.8), to include
 * inside the settings form. Field names match smtpSettingsSchema; parse them
 * with `smtpSettingsSchema.safeParse(Object.fromEntries(formData))` and save
 * with saveSmtpSettings(user, value) (saved only if any SMTP field is filled).
 * An empty password keeps the stored one.
 */
export function SmtpSettingsFields({ settings, errors = {}, open }: { settings: SmtpSettingsView; errors?: Partial<Record<string, string | string[]>>; open?: boolean }) {
  return (
    <details className="rounded-lg border border-slate-200 p-4" open={open || undefined}>
      <summary className="cursor-pointer font-semibold">
        SMTP (envio de email){" "}
        <Badge tone={settings.active ? "success" : "neutral"} className="ml-2">
          {settings.active ? "Ativo" : "Não configurado"}
        </Badge>
      </summary>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Field label="Servidor (host)" htmlFor="smtp_host" error={errors.smtp_host}>
          <Input id="smtp_host" name="smtp_host" defaultValue={settings.host} maxLength={255} placeholder="smtp.seudominio.com.br" autoComplete="off" />
        </Field>
        <Field label="Porta" htmlFor="smtp_port" error={errors.smtp_port}>
          <Input id="smtp_port" name="smtp_port" type="number" min={1} max={65535} defaultValue={settings.port || 587} />
        </Field>
        <Field label="Usuário" htmlFor="smtp_username" error={errors.smtp_username}>
          <Input id="smtp_username" name="smtp_username" defaultValue={settings.username} maxLength={255} autoComplete="off" />
        </Field>
        <Field label="Senha" htmlFor="smtp_password" error={errors.smtp_password} hint={settings.hasPassword ? "Senha salva. Deixe em branco para manter." : undefined}>
          <Input id="smtp_password" name="smtp_password" type="password" maxLength={500} autoComplete="new-password" />
        </Field>
        <Field label="Nome do remetente" htmlFor="smtp_from_name" error={errors.smtp_from_name}>
          <Input id="smtp_from_name" name="smtp_from_name" defaultValue={settings.fromName} maxLength={120} />
        </Field>
        <Field label="Email do remetente" htmlFor="smtp_from_email" error={errors.smtp_from_email}>
          <Input id="smtp_from_email" name="smtp_from_email" type="email" defaultValue={settings.fromEmail} maxLength={254} />
        </Field>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="hidden" name="smtp_secure" value="off" />
          <input type="checkbox" name="smtp_secure" value="on" defaultChecked={settings.secure} /> Conexão segura (TLS)
        </label>
      </div>
    </details>
  );
}
