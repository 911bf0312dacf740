import { useState } from "react";
import { Form, data, redirect, useNavigation } from "react-router";
import { Alert, Button, Card, PageHeader, CardTitle } from "~/components/ui";
import { FormSummary, HiddenField, TextField, formProps, resultFor, useAppForm } from "~/components/ui/form";
import { SmtpSettingsFields } from "~/components/messaging/smtp-settings-fields";
import { ProfilePhotoField } from "~/components/brokers/profile-photo-field";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { readSessionId } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { type MultipartOutcome, discardFiles, isMultipart, readMultipartToDisk } from "~/modules/files/multipart.server";
import { MSG_PHOTO_FAILED, MSG_PHOTO_MISSING, MSG_PHOTO_SENT, SETTINGS_SECRET_FIELDS, settingsSchema } from "~/modules/brokers/profile";
import { PHOTO_FORM_LIMITS, SettingsError, changePassword, receivedPhoto, loadProfile, removeBrokerPhoto, saveProfile, uploadProfilePhoto } from "~/modules/brokers/profile.server";
import { getSmtpSettings, saveSmtpSettings } from "~/modules/messaging/smtp-settings.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Configurações | Painel do corretor" }];

/** /broker/settings (02 §2.8): profile with photo and the SMTP section in one form; the password in its own. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const profile = await loadProfile(user);
  // An admin without a broker record has no profile here: the panel is a broker's.
  if (!profile) throw redirect("/broker/dashboard");
  return { profile, smtp: await getSmtpSettings(user) };
}

/** Files and secrets never travel back in a reply. */
const HIDDEN = ["photo", ...SETTINGS_SECRET_FIELDS];

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  // who may send a photo is decided before its bytes are read: only an account with a broker profile
  if (isMultipart(request) && !user.broker) throw data({ message: MSG_PHOTO_FAILED }, { status: 403 });
  const read = isMultipart(request) ? await readMultipartToDisk(request, PHOTO_FORM_LIMITS) : null;
  try {
    return await respond(request, user, read);
  } finally {
    if (read) await discardFiles(read.files);
  }
}

async function respond(request: Request, user: Awaited<ReturnType<typeof requireBrokerArea>>, read: MultipartOutcome | null) {
  const submission = await parseSubmission(read ? read.fields : request, settingsSchema);
  const photo = await receivedPhoto(read);
  if ("refusal" in photo) return replyWithErrors(submission, { fieldErrors: { photo: [photo.refusal.message] }, hideFields: HIDDEN }, photo.refusal.status);
  if (submission.status !== "success") return replyWithErrors(submission, { hideFields: HIDDEN });
  const value = submission.value;
  const refuse = (field: string, message: string) => replyWithErrors(submission, { fieldErrors: { [field]: [message] }, hideFields: HIDDEN });
  if (value.intent === "password") {
    try {
      await changePassword(user, { currentPassword: value.currentPassword!, newPassword: value.newPassword! }, await readSessionId(request));
    } catch (error) {
      if (error instanceof SettingsError) return refuse(error.field ?? "currentPassword", error.message);
      throw error;
    }
    return redirectWithToast("/broker/settings", { type: "success", message: "Senha alterada com sucesso!" });
  }
  // A chosen photo is checked by its bytes and stored first (not yet the profile's: 'Salvar' confirms it).
  let staged: { key: string; url: string } | null = null;
  if (photo.data) {
    try {
      staged = await uploadProfilePhoto(user, photo.data);
    } catch (error) {
      if (error instanceof SettingsError) return refuse("photo", error.message);
      throw error;
    }
  }
  if (value.intent === "photo") {
    if (!staged) return refuse("photo", MSG_PHOTO_MISSING);
    // Everything typed stays in the form; the photo waits for 'Salvar alterações'.
    return data({ ...submission.reply({ hideFields: HIDDEN }), staged: { ...staged, message: MSG_PHOTO_SENT } });
  }
  try {
    await saveProfile(user, { name: value.name, phone: value.phone, photoKey: staged?.key ?? value.photoKey });
  } catch (error) {
    await removeBrokerPhoto(staged?.url);
    if (error instanceof SettingsError) return refuse(error.field ?? "name", error.message);
    throw error;
  }
  await saveSmtpSettings(user, value);
  return redirectWithToast("/broker/settings", { type: "success", message: "Configurações salvas" });
}

type Staged = { key: string; url: string; message: string };

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, smtp } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const profileResult = resultFor(actionData, "profile") ?? resultFor(actionData, "photo");
  const staged = actionData && "staged" in actionData ? (actionData.staged as Staged) : null;
  // A photo sent earlier and not saved yet comes back with every reply of this form.
  const photoKey = staged?.key ?? (typeof profileResult?.initialValue?.photoKey === "string" ? profileResult.initialValue.photoKey : undefined);
  const [profileForm, fields] = useAppForm(settingsSchema, {
    shouldValidate: "onSubmit",
    id: "profile",
    lastResult: profileResult,
    defaultValue: {
      name: profile.name,
      phone: profile.phone,
      smtp_host: smtp.host,
      smtp_port: String(smtp.port || 587),
      smtp_username: smtp.username,
      smtp_secure: smtp.secure ? "on" : undefined,
      smtp_from_name: smtp.fromName,
      smtp_from_email: smtp.fromEmail,
    },
  });
  const [passwordForm, passwordFields] = useAppForm(settingsSchema, { id: "password", lastResult: resultFor(actionData, "password"), shouldValidate: "onSubmit" });
  const [passwordOpen, setPasswordOpen] = useState(false);
  const smtpOpen = Object.keys(profileForm.allErrors).some((name) => name.startsWith("smtp_"));
  return (
    <div className="max-w-3xl">
      <PageHeader title="Configurações" subtitle="Seus dados, servidor de e-mail e senha." />

      <Card className="p-5">
        <CardTitle>Perfil</CardTitle>
        <Form method="post" encType="multipart/form-data" {...formProps(profileForm)} className="mt-4 space-y-4">
          {/* Enter in a field saves (the form's first submit button), not 'Enviar imagem'. */}
          <button type="submit" name="intent" value="profile" className="sr-only" tabIndex={-1} aria-hidden="true">
            Salvar alterações
          </button>
          <FormSummary form={profileForm} />
          {photoKey ? <HiddenField name="photoKey" value={photoKey} /> : null}
          <ProfilePhotoField
            meta={fields.photo}
            name={profile.name}
            currentUrl={staged?.url ?? profile.profile_image}
            notice={staged?.message}
            action={
              <Button type="submit" name="intent" value="photo" variant="secondary" pending={busy("photo")}>
                Enviar imagem
              </Button>
            }
          />
          <TextField meta={fields.name} label="Nome" inputProps={{ maxLength: 120, autoComplete: "name" }} />
          <div className="space-y-1">
            <label htmlFor="email" className="block text-sm font-medium text-slate-800">
              E-mail
            </label>
            <input id="email" type="email" value={profile.email} readOnly aria-readonly="true" aria-describedby="email-hint" className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm" />
            <p id="email-hint" className="text-xs text-slate-600">
              O e-mail não pode ser alterado.
            </p>
          </div>
          <TextField meta={fields.phone} type="tel" label="Telefone" inputProps={{ maxLength: 30, autoComplete: "tel" }} />

          {/* SMTP section, inside this form: 'Salvar alterações' saves both. */}
          <SmtpSettingsFields fields={fields} active={smtp.active} hasPassword={smtp.hasPassword} open={smtpOpen} />

          <Button type="submit" name="intent" value="profile" pending={busy("profile")}>
            Salvar alterações
          </Button>
        </Form>
      </Card>

      {/* opened by the reader or by an error, and never closed under the reader's typing (once valid, the status clears) */}
      <details
        className="mt-6 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5"
        open={passwordOpen || passwordForm.status === "error" || undefined}
        onToggle={(e) => setPasswordOpen(e.currentTarget.open)}
      >
        <summary className="cursor-pointer text-lg font-semibold">Alterar senha</summary>
        <Form method="post" {...formProps(passwordForm)} className="mt-4 space-y-4">
          <HiddenField name="intent" value="password" />
          {passwordForm.errors?.[0] ? <Alert tone="danger">{passwordForm.errors[0]}</Alert> : null}
          <TextField meta={passwordFields.currentPassword} type="password" label="Senha atual" inputProps={{ autoComplete: "current-password" }} />
          <TextField meta={passwordFields.newPassword} type="password" label="Nova senha" hint="Pelo menos 8 caracteres." inputProps={{ autoComplete: "new-password" }} />
          <TextField meta={passwordFields.confirmPassword} type="password" label="Confirme a nova senha" inputProps={{ autoComplete: "new-password" }} />
          <Button type="submit" variant="secondary" pending={busy("password")}>
            Alterar senha
          </Button>
        </Form>
      </details>
    </div>
  );
}
