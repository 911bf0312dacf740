import { useActionData } from "react-router";
import { HiddenField, TextAreaField, TextField, useAppForm } from "~/components/ui/form";
import { BoardModalForm } from "~/components/crm/board-modal-form";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { boardLeadSchema } from "~/modules/crm/board";
import { createBoardLead } from "~/modules/crm/board.server";
import { boardModalAction } from "~/modules/crm/board-modal.server";
import type { Route } from "./+types/new-lead";

export async function loader({ request }: Route.LoaderArgs) {
  await requireBrokerArea(request);
  return null;
}

/** 'Criar Lead' on the board (02 §2.6, §5). */
export async function action({ request }: Route.ActionArgs) {
  return boardModalAction(request, boardLeadSchema, createBoardLead, { refused: (error) => ({ formErrors: [`${error.title}: ${error.message}`] }), toast: "Lead criado" });
}

export default function NewLead() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useAppForm(boardLeadSchema, { id: "board-lead", lastResult });
  return (
    <BoardModalForm title="Criar Lead" form={form} submitLabel="Criar Lead">
      <TextField meta={fields.name} label="Nome" inputProps={{ maxLength: 120, autoComplete: "off" }} />
      <TextField meta={fields.email} label="E-mail" type="email" inputProps={{ maxLength: 200, autoComplete: "off" }} />
      <TextField meta={fields.phone} label="Telefone" type="tel" inputProps={{ maxLength: 30, autoComplete: "off" }} />
      <TextAreaField meta={fields.message} label="Mensagem" textareaProps={{ maxLength: 5000, rows: 3 }} />
      {fields.propertyId.initialValue ? <HiddenField name="propertyId" value={String(fields.propertyId.initialValue)} /> : null}
      <p className="text-xs text-slate-600">Preencha pelo menos nome, email ou telefone.</p>
    </BoardModalForm>
  );
}
