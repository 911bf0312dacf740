import { Form, Link, useActionData, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui";
import { HiddenField, TextAreaField, TextField, formProps, useAppForm } from "~/components/ui/form";
import { RouteModal } from "~/components/ui/route-modal";
import { FormAlert } from "~/components/crm/form-alert";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { boardLeadSchema } from "~/modules/crm/board";
import { BoardFormError, createBoardLead } from "~/modules/crm/board.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import type { Route } from "./+types/new-lead";

export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  return null;
}

/** 'Criar Lead' on the board (02 §2.6, §5). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const submission = await parseSubmission(request, boardLeadSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  try {
    await createBoardLead(user, submission.value);
  } catch (error) {
    if (error instanceof BoardFormError) return replyWithErrors(submission, { formErrors: [`${error.title}: ${error.message}`] });
    throw error;
  }
  return redirectWithToast(`/broker/crm${new URL(request.url).search}`, { type: "success", message: "Lead criado" });
}

export default function NewLead() {
  const lastResult = useActionData<typeof action>();
  const { search } = useLocation();
  const [form, fields] = useAppForm(boardLeadSchema, { id: "board-lead", lastResult });
  const close = `/broker/crm${search}`;
  return (
    <RouteModal title="Criar Lead" closeHref={close}>
      <Form method="post" {...formProps(form)} className="space-y-4">
        <FormAlert form={form} />
        <TextField meta={fields.name} label="Nome" inputProps={{ maxLength: 120, autoComplete: "off" }} />
        <TextField meta={fields.email} label="E-mail" type="email" inputProps={{ maxLength: 200, autoComplete: "off" }} />
        <TextField meta={fields.phone} label="Telefone" type="tel" inputProps={{ maxLength: 30, autoComplete: "off" }} />
        <TextAreaField meta={fields.message} label="Mensagem" textareaProps={{ maxLength: 5000, rows: 3 }} />
        {fields.propertyId.initialValue ? <HiddenField name="propertyId" value={String(fields.propertyId.initialValue)} /> : null}
        <p className="text-xs text-slate-600">Preencha pelo menos nome, email ou telefone.</p>
        <div className="flex justify-end gap-2">
          <Link to={close} className={buttonClass("secondary")} preventScrollReset>
            Cancelar
          </Link>
          <Button type="submit">Criar Lead</Button>
        </div>
      </Form>
    </RouteModal>
  );
}
