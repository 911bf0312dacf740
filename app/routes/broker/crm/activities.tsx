import { redirect, useActionData, useLoaderData } from "react-router";
import { PageHeader } from "~/components/ui";
import { formErrorOf, resultFor } from "~/components/ui/form";
import { ActivitiesList } from "~/components/crm/activities-list";
import { NewActivityModal } from "~/components/crm/new-activity-modal";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { canAdministerCrm } from "~/modules/auth/permissions.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { completeActivity, createLeadActivity, deleteActivities, reopenActivity } from "~/modules/crm/activities.server";
import { activitiesActionSchema, newActivityOf } from "~/modules/crm/activity-form";
import { activityFiltersSchema, leadForActivity, listActivities, searchLeadsForActivity } from "~/modules/crm/activity-list.server";
import { suggestBrokers } from "~/modules/crm/board.server";
import { refusalOf } from "~/modules/crm/refusal.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { parseRecordId } from "~/utils/query-schema";
import { withQuery } from "~/utils/url";
import type { Route } from "./+types/activities";

export const meta: Route.MetaFunction = () => [{ title: "Atividades | CRM" }];

const PATH = "/broker/crm/activities";
/** Keys of the 'Nova atividade' modal and of the delete question: they never go into the list's own links. */
const MODAL_KEYS = ["new", "leadQ", "buscar", "intent", "subject", "type", "due_at", "content", "leadId", "excluir", "ids", "confirm"] as const;
const listQuery = (search: string) => withQuery(search, Object.fromEntries(MODAL_KEYS.map((k) => [k, undefined])));

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const filters = activityFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const isAdmin = canAdministerCrm(user);
  const list = await listActivities(user, isAdmin ? filters : { ...filters, broker: undefined });
  const creating = url.searchParams.get("new") === "1";
  const leadQ = (url.searchParams.get("leadQ") ?? "").slice(0, 100);
  // what was typed before 'Buscar' comes back with the results
  const draft = Object.fromEntries((["subject", "type", "due_at", "content", "leadId"] as const).map((k) => [k, (url.searchParams.get(k) ?? "").slice(0, 5000)]).filter(([, v]) => v));
  let leads = creating ? await searchLeadsForActivity(user, leadQ) : [];
  const chosen = creating ? await leadForActivity(user, parseRecordId(draft.leadId)) : null;
  if (chosen && !leads.some((l) => l.id === chosen.id)) leads = [chosen, ...leads];
  const confirmIds = url.searchParams.get("excluir") ? url.searchParams.getAll("ids").map(parseRecordId).filter((n): n is number => n !== null) : null;
  const brokers = isAdmin ? await suggestBrokers("") : [];
  return { ...list, filters, isAdmin, creating, leadQ, leads, draft, brokers, confirmIds, search: url.search };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const back = `${PATH}${listQuery(url.search)}`;
  const submission = await parseSubmission(request, activitiesActionSchema);
  if (submission.status !== "success") {
    const intent = String(submission.payload.intent ?? "");
    const first = Object.values(submission.error ?? {}).flat().find(Boolean);
    return replyWithErrors(submission, intent === "create" && first ? {} : { formErrors: [first ?? "Erro ao atualizar atividade"] });
  }
  const input = submission.value;
  try {
    switch (input.intent) {
      case "complete":
        await completeActivity(user, input.activityId);
        return redirectWithToast(back, { type: "success", message: "Atividade concluída" });
      case "reopen":
        await reopenActivity(user, input.activityId);
        return redirectWithToast(back, { type: "success", message: "Atividade reaberta" });
      case "delete": {
        if (input.ids.length && input.confirm !== "yes") {
          // without JavaScript the question is a state of the list's address
          const ask = new URLSearchParams(listQuery(url.search));
          ask.set("excluir", "1");
          for (const id of input.ids) ask.append("ids", String(id));
          throw redirect(`${PATH}?${ask}`, 303);
        }
        const n = await deleteActivities(user, input.ids);
        return redirectWithToast(back, { type: "success", message: n === 1 ? "Atividade excluída" : `${n} atividades excluídas` });
      }
      case "create":
        await createLeadActivity(user, input.leadId, newActivityOf(input));
        return redirectWithToast(back, { type: "success", message: "Atividade criada" });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const field = input.intent === "create" && refusal.status === 404 ? { fieldErrors: { leadId: [refusal.message] } } : { formErrors: [refusal.message] };
    return replyWithErrors(submission, field, refusal.status);
  }
}

export default function Activities() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const query = listQuery(d.search);
  const here = `${PATH}${query}`;
  const problem = resultFor(actionData, "create") ? undefined : formErrorOf(actionData);
  return (
    <div className="min-w-0">
      <PageHeader
        title="Atividades"
        subtitle={`${d.total} atividade(s)`}
        createLink={{ to: `${PATH}${withQuery(query, { new: 1 })}`, label: "Nova atividade" }}
      />
      <ActivitiesList
        rows={d.rows}
        filters={d.filters}
        isAdmin={d.isAdmin}
        brokers={d.brokers}
        here={here}
        confirmIds={d.confirmIds}
        problem={problem}
        pager={{ page: d.page, pageCount: d.pageCount, href: (p) => `${PATH}${withQuery(query, { page: p > 1 ? p : undefined })}` }}
      />
      {d.creating ? <NewActivityModal action={`${PATH}${d.search}`} closeHref={here} listParams={[...new URLSearchParams(query)]} leadQ={d.leadQ} leads={d.leads} draft={d.draft} actionData={actionData} /> : null}
    </div>
  );
}
