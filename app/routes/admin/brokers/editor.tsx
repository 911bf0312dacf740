import { Form, data, useNavigation } from "react-router";
import { ProfilePhotoField } from "~/components/brokers/profile-photo-field";
import { Card, PageHeader, SaveRow } from "~/components/ui";
import { CheckboxField, FormSummary, TextField, formProps, useAppForm } from "~/components/ui/form";
import { requireAdmin } from "~/modules/auth/auth.server";
import { PASSWORD_MESSAGES } from "~/modules/auth/password-rules";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { BROKER_ADMIN_MESSAGES, brokerFormSchema } from "~/modules/brokers/broker-form";
import { BrokerFormError, createBrokerAccount, findBrokerForEdit, updateBrokerAccount } from "~/modules/brokers/management.server";
import { PHOTO_FORM_LIMITS, receivedPhoto } from "~/modules/brokers/profile.server";
import { type MultipartOutcome, discardFiles, isMultipart, readMultipartToDisk } from "~/modules/files/multipart.server";
import { parseRef } from "~/modules/leads/referral";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { getErrorMessage } from "~/utils/errors";
import type { Route } from "./+types/editor";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.broker ? "Editar corretor" : "Novo corretor"} | Administração` }, { name: "robots", content: "noindex" }];

/** /admin/corretores/novo and /admin/corretores/{id}/editar (spec 03 §2.11, §5): name, e-mail, phone, custom address, photo; password on create (optional on edit). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  if (params.id === undefined) return { broker: null };
  const id = parseRef(params.id);
  const broker = id ? await findBrokerForEdit(user, id) : null;
  if (!broker) throw data({ message: BROKER_ADMIN_MESSAGES.notFound }, { status: 404 });
  return { broker: { id: broker.id, name: broker.name, email: broker.email, phone: broker.phone, customUrlPath: broker.custom_url_path ?? "", photo: broker.profile_image } };
}

/** The password and the file never come back in a reply. */
const HIDDEN = ["password", "photo"];

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = params.id === undefined ? null : parseRef(params.id);
  if (params.id !== undefined && !id) throw data({ message: BROKER_ADMIN_MESSAGES.notFound }, { status: 404 });
  // the form is multipart (the photo): streamed to disk by the one upload reader, after the admin is known
  const read = isMultipart(request) ? await readMultipartToDisk(request, PHOTO_FORM_LIMITS) : null;
  try {
    return await save(request, user, id, read);
  } finally {
    if (read) await discardFiles(read.files);
  }
}

async function save(request: Request, user: Awaited<ReturnType<typeof requireAdmin>>, id: string | null, read: MultipartOutcome | null) {
  const submission = await parseSubmission(read ? read.fields : request, brokerFormSchema);
  const photo = await receivedPhoto(read);
  if ("refusal" in photo) return replyWithErrors(submission, { fieldErrors: { photo: [photo.refusal.message] }, hideFields: HIDDEN }, photo.refusal.status);
  if (submission.status !== "success") return replyWithErrors(submission, { hideFields: HIDDEN });
  const { photo: _unused, removePhoto, ...account } = submission.value;
  try {
    const change = { data: photo.data, remove: removePhoto };
    if (id) await updateBrokerAccount(user, id, account, change);
    else await createBrokerAccount(user, account, change);
  } catch (error) {
    if (error instanceof BrokerFormError) return replyWithErrors(submission, { fieldErrors: { [error.field]: [error.message] }, hideFields: HIDDEN });
    log.error("broker save failed", errorFields(error));
    return replyWithErrors(submission, { formErrors: [BROKER_ADMIN_MESSAGES.saveFailed(getErrorMessage(error))], hideFields: HIDDEN }, 500);
  }
  return redirectWithToast("/admin/corretores", { type: "success", message: BROKER_ADMIN_MESSAGES.saved });
}

export default function BrokerEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { broker } = loaderData;
  const [form, fields] = useAppForm(brokerFormSchema, {
    shouldValidate: "onSubmit",
    id: "broker",
    lastResult: actionData,
    defaultValue: broker ? { name: broker.name, email: broker.email, phone: broker.phone, customUrlPath: broker.customUrlPath } : undefined,
  });
  const saving = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title={broker ? "Editar corretor" : "Novo corretor"} backTo="/admin/corretores" />
      <Card className="max-w-2xl p-5">
        <Form method="post" encType="multipart/form-data" {...formProps(form)} className="grid gap-4 sm:grid-cols-2">
          <FormSummary form={form} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <ProfilePhotoField
              meta={fields.photo}
              name={typeof fields.name.value === "string" ? fields.name.value : (broker?.name ?? "")}
              currentUrl={broker?.photo ?? null}
              extra={broker?.photo ? <CheckboxField meta={fields.removePhoto} label="Remover a foto atual" /> : null}
            />
          </div>
          <TextField meta={fields.name} label="Nome" className="sm:col-span-2" inputProps={{ maxLength: 120, autoComplete: "off" }} />
          <TextField meta={fields.email} type="email" label="E-mail" inputProps={{ maxLength: 200, autoComplete: "off" }} />
          <TextField meta={fields.phone} type="tel" label="Telefone" hint="Com DDD, como (11) 98765-4321." inputProps={{ maxLength: 30, autoComplete: "off" }} />
          <TextField
            meta={fields.customUrlPath}
            label="Endereço personalizado"
            hint="/corretor/seu-nome leva ao catálogo com o código do corretor (letras minúsculas, números e hífens)."
            inputProps={{ maxLength: 60, autoComplete: "off" }}
          />
          <TextField
            meta={fields.password}
            type="password"
            label={broker ? "Nova senha" : "Senha"}
            hint={broker ? `Deixe em branco para manter a atual. ${PASSWORD_MESSAGES.tooShortHint}` : PASSWORD_MESSAGES.tooShortHint}
            inputProps={{ maxLength: 200, autoComplete: "new-password" }}
          />
          <SaveRow pending={saving} span="sm:col-span-2" />
        </Form>
      </Card>
    </>
  );
}
