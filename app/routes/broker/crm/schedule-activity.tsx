import { Form, data, useActionData, useLoaderData, useLocation } from "react-router";
import { Button, CancelLink } from "~/components/ui";
import { SelectField, TextAreaField, TextField, formProps, useAppForm } from "~/components/ui/form";
import { RouteModal } from "~/components/ui/route-modal";
import { FormAlert } from "~/components/crm/form-alert";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { createDealActivity, createLeadActivity } from "~/modules/crm/activities.server";
import { ACTIVITY_TYPE_OPTIONS, newActivityOf } from "~/modules/crm/activity-form";
import { parseCardKey, scheduleActivitySchema } from "~/modules/crm/board";
import { requireDeal } from "~/modules/crm/deals.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { requireLead } from "~/modules/leads/lead-access.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import type { Route } from "./+types/schedule-activity";

async function cardTarget(user: Awaited<ReturnType<typeof requireBrokerArea>>, key: string | undefined) {
  const card = parseCardKey(key ?? "");
  if (!card) throw data({ message: CRM_MESSAGES.leadNotFound }, { status: 404 });
  if (card.kind === "lead") return { card, label: (await requireLead(user, card.id, "update")).name || "Contato" };
  return { card, label: (await requireDeal(user, card.id)).title };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const { label } = await cardTarget(user, params.card);
  return { label };
}

/** '+ Atividade' on a card (02 §2.6): a lead's deal is created when first needed. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const { card } = await cardTarget(user, params.card);
  const submission = await parseSubmission(request, scheduleActivitySchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  const input = newActivityOf(submission.value);
  if (card.kind === "lead") await createLeadActivity(user, card.id, input);
  else await createDealActivity(user, card.id, input);
  return redirectWithToast(`/broker/crm${new URL(request.url).search}`, { type: "success", message: "Atividade agendada" });
}

export default function ScheduleActivity() {
  const { label } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { search } = useLocation();
  const [form, fields] = useAppForm(scheduleActivitySchema, { id: "schedule-activity", lastResult, defaultValue: { type: "followup" } });
  const close = `/broker/crm${search}`;
  return (
    <RouteModal title={`Agendar atividade · ${label}`} closeHref={close}>
      <Form method="post" {...formProps(form)} className="space-y-4">
        <FormAlert form={form} />
        <TextField meta={fields.subject} label="Assunto" inputProps={{ maxLength: 200 }} />
        <SelectField meta={fields.type} label="Tipo" options={ACTIVITY_TYPE_OPTIONS} />
        <TextField meta={fields.due_at} label="Vencimento" type="datetime-local" hint="Horário de São Paulo." />
        <TextAreaField meta={fields.content} label="Descrição" textareaProps={{ maxLength: 5000, rows: 3 }} />
        <div className="flex justify-end gap-2">
          <CancelLink to={close} preventScrollReset />
          <Button type="submit">Agendar</Button>
        </div>
      </Form>
    </RouteModal>
  );
}
