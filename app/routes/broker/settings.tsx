import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { Alert, Button, Card, Field, Input, PageHeader } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { readSessionId, redirectWithToast } from "~/modules/auth/session.server";
import { MSG_PHOTO_FAILED, MSG_PHOTO_SENT, MSG_PHOTO_TOO_LARGE, PROFILE_PHOTO_MAX_BYTES, passwordSchema, profileSchema } from "~/modules/brokers/profile";
import { discardFiles, fileOf, isMultipart, readMultipartToDisk } from "~/modules/files/multipart.server";
import { readFormData } from "~/modules/platform/forms.server";
import fs from "node:fs/promises";
import { SettingsError, changePassword, loadProfile, ownsPhotoKey, saveProfile, uploadProfilePhoto } from "~/modules/brokers/profile.server";
import { publicUrl } from "~/modules/files/storage.server";
import { SmtpSettingsFields } from "~/components/messaging/smtp-settings-fields";
import { smtpSettingsSchema } from "~/modules/messaging/smtp-settings";
import { getSmtpSettings, saveSmtpSettings } from "~/modules/messaging/smtp-settings.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Configurações | Painel do corretor" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const profile = await loadProfile(user);
  // An admin without a broker record has no profile here: the panel is a broker's.
  if (!profile) throw redirect("/broker/dashboard");
  const pending = new URL(request.url).searchParams.get("photo");
  const photoKey = pending && ownsPhotoKey(user, pending) ? pending : null;
  return {
    profile,
    smtp: await getSmtpSettings(user),
    photoKey,
    photoUrl: photoKey ? publicUrl(photoKey) : profile.profile_image,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  // The photo form is the multipart one: streamed to disk within its limit, after the account is known to have a profile.
  if (isMultipart(request)) return photoAction(request, user);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  try {
    if (intent === "password") {
      const submission = parseWithZod(formData, { schema: passwordSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply({ resetForm: false, hideFields: ["currentPassword", "newPassword", "confirmPassword"] }) }, { status: 400 });
      try {
        await changePassword(user, { currentPassword: submission.value.currentPassword!, newPassword: submission.value.newPassword! }, await readSessionId(request));
      } catch (error) {
        if (error instanceof SettingsError) {
          return data({ intent, result: submission.reply({ fieldErrors: { [error.field ?? "currentPassword"]: [error.message] }, hideFields: ["currentPassword", "newPassword", "confirmPassword"] }) }, { status: 400 });
        }
        throw error;
      }
      return redirectWithToast("/broker/settings", { type: "success", message: "Senha alterada com sucesso!" });
    }
    const submission = parseWithZod(formData, { schema: profileSchema });
    // Both sections are checked before anything is saved: nothing half-saved.
    const smtp = smtpSettingsSchema.safeParse(Object.fromEntries(formData));
    const smtpErrors: Record<string, string> = smtp.success ? {} : Object.fromEntries(smtp.error.issues.map((i) => [String(i.path[0]), i.message]));
    if (submission.status !== "success" || !smtp.success) {
      return data({ intent: "profile", result: submission.reply({ hideFields: ["smtp_password"] }), smtpErrors }, { status: 400 });
    }
    await saveProfile(user, submission.value);
    await saveSmtpSettings(user, smtp.data);
    return redirectWithToast("/broker/settings", { type: "success", message: "Configurações salvas" });
  } catch (error) {
    if (error instanceof SettingsError) return redirectWithToast("/broker/settings", { type: "error", message: error.message });
    throw error;
  }
}

/** The photo's refusals answer 4xx with the message beside the photo field (JavaScript on and off). */
async function photoAction(request: Request, user: Awaited<ReturnType<typeof requireBrokerArea>>) {
  const refuse = (message: string, status: number) => data({ intent: "photo" as const, photoError: message }, { status });
  if (!user.broker) return refuse(MSG_PHOTO_FAILED, 403);
  const read = await readMultipartToDisk(request, { maxRequestBytes: PROFILE_PHOTO_MAX_BYTES + 256 * 1024, files: { photo: { maxBytes: PROFILE_PHOTO_MAX_BYTES, maxFiles: 1 } }, maxFields: 10, maxFieldBytes: 1024 });
  try {
    const file = fileOf(read, "photo");
    if (read.problem === "too-large" || file?.tooLarge) return refuse(MSG_PHOTO_TOO_LARGE, 413);
    if (read.problem || read.fields.get("intent") !== "photo" || !file || file.failed || file.size === 0) return refuse(MSG_PHOTO_FAILED, 400);
    const { key } = await uploadProfilePhoto(user, await fs.readFile(file.path));
    return redirectWithToast(`/broker/settings?photo=${encodeURIComponent(key)}`, { type: "success", message: MSG_PHOTO_SENT });
  } catch (error) {
    if (error instanceof SettingsError) return refuse(error.message, 400);
    throw error;
  } finally {
    await discardFiles(read.files);
  }
}

export default function Settings() {
  const { profile, smtp, photoKey, photoUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [profileForm, profileFields] = useForm({
    id: "profile",
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    defaultValue: { name: profile.name, phone: profile.phone },
    shouldValidate: "onSubmit",
  });
  const [passwordForm, passwordFields] = useForm({
    id: "password",
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordSchema }),
    shouldValidate: "onSubmit",
  });
  const passwordOpen = actionData?.intent === "password";
  const smtpErrors: Record<string, string> = actionData && "smtpErrors" in actionData ? (actionData.smtpErrors as Record<string, string>) : {};
  return (
    <div className="max-w-3xl">
      <PageHeader title="Configurações" subtitle="Seus dados, servidor de e-mail e senha." />

      <Card className="p-5">
        <h2 className="text-lg font-semibold">Perfil</h2>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          {photoUrl ? (
            <img src={photoUrl} alt="Foto de perfil" width={80} height={80} className="size-20 rounded-full object-cover" />
          ) : (
            <span aria-hidden="true" className="flex size-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800">
              {profile.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2" aria-label="Envio de imagem">
            <input type="hidden" name="intent" value="photo" />
            <Field label="Foto de perfil" htmlFor="photo" hint="JPG, PNG ou WebP, até 8 MB." error={actionData && "photoError" in actionData ? actionData.photoError : null}>
              <input id="photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp" required className="block text-sm" />
            </Field>
            <Button type="submit" variant="secondary" pending={busy("photo")}>
              Enviar imagem
            </Button>
          </Form>
        </div>
        {photoKey ? (
          <Alert tone="info" className="mt-3">
            {"Imagem enviada: Clique em Salvar para confirmar"}
          </Alert>
        ) : null}

        <Form method="post" {...getFormProps(profileForm)} className="mt-5 space-y-4">
          <input type="hidden" name="intent" value="profile" />
          {photoKey ? <input type="hidden" name="photoKey" value={photoKey} /> : null}
          <Field label="Nome" htmlFor={profileFields.name.id} error={profileFields.name.errors}>
            <Input {...getInputProps(profileFields.name, { type: "text" })} maxLength={120} autoComplete="name" />
          </Field>
          <Field label="E-mail" htmlFor="email" hint="O e-mail não pode ser alterado.">
            <Input id="email" type="email" value={profile.email} readOnly aria-readonly="true" className="bg-slate-50" />
          </Field>
          <Field label="Telefone" htmlFor={profileFields.phone.id} error={profileFields.phone.errors}>
            <Input {...getInputProps(profileFields.phone, { type: "tel" })} maxLength={30} autoComplete="tel" />
          </Field>

          {/* SMTP section (issue 8's component), inside this form: 'Salvar alterações' saves both. */}
          <SmtpSettingsFields
            settings={smtp}
            errors={smtpErrors}
            open={Object.keys(smtpErrors).length > 0}
          />

          <Button type="submit" pending={busy("profile")}>
            Salvar alterações
          </Button>
        </Form>
      </Card>

      <details className="mt-6 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5" open={passwordOpen}>
        <summary className="cursor-pointer text-lg font-semibold">Alterar senha</summary>
        <Form method="post" {...getFormProps(passwordForm)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="password" />
          {passwordForm.errors?.[0] ? <Alert tone="danger">{passwordForm.errors[0]}</Alert> : null}
          <Field label="Senha atual" htmlFor={passwordFields.currentPassword.id} error={passwordFields.currentPassword.errors}>
            <Input {...getInputProps(passwordFields.currentPassword, { type: "password" })} autoComplete="current-password" />
          </Field>
          <Field label="Nova senha" htmlFor={passwordFields.newPassword.id} error={passwordFields.newPassword.errors} hint="Pelo menos 8 caracteres.">
            <Input {...getInputProps(passwordFields.newPassword, { type: "password" })} autoComplete="new-password" />
          </Field>
          <Field label="Confirme a nova senha" htmlFor={passwordFields.confirmPassword.id} error={passwordFields.confirmPassword.errors}>
            <Input {...getInputProps(passwordFields.confirmPassword, { type: "password" })} autoComplete="new-password" />
          </Field>
          <Button type="submit" variant="secondary" pending={busy("password")}>
            Alterar senha
          </Button>
        </Form>
      </details>
    </div>
  );
}
