import { Link, data, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { Alert } from "~/components/ui";
import { ActionsCard } from "~/components/crm/lead-page/actions-card";
import { ActivitiesCard } from "~/components/crm/lead-page/activities-card";
import { BusinessCard } from "~/components/crm/lead-page/business-card";
import { ContactCard } from "~/components/crm/lead-page/contact-card";
import { HistoryCard } from "~/components/crm/lead-page/history-card";
import { NotesCard } from "~/components/crm/lead-page/notes-card";
import { OfferCard } from "~/components/crm/lead-page/offer-card";
import { StageBar } from "~/components/crm/lead-page/stage-bar";
import { AgeBadge, PriorityBadge } from "~/components/crm/lead-badges";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { refusalOf } from "~/modules/crm/refusal.server";
import { anchorOf, leadPageSchema } from "~/modules/leads/lead-page";
import { LeadPageError, runLeadPageIntent } from "~/modules/leads/lead-page-actions.server";
import { leadPage } from "~/modules/leads/lead-page.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { parseRecordId } from "~/utils/query-schema";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data && "lead" in data ? data.lead.name || "Contato" : "Lead"} | CRM` }];

/** The lead page (02 §2.5); someone else's lead or a missing one is 404 'Lead não encontrado.'. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  try {
    return await leadPage(user, parseRecordId(params.id) ?? -1);
  } catch (error) {
    if (refusalOf(error)?.status === 404) throw data({ notFound: true, message: CRM_MESSAGES.leadNotFound }, { status: 404 });
    throw error;
  }
}

/** Forms whose only inputs are buttons and hidden ids: their problems are said once, at the form. */
const BUTTON_INTENTS: readonly string[] = ["stage", "rating", "note-delete", "activity-complete", "activity-reopen", "activity-delete", "offer-draft"];

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const leadId = parseRecordId(params.id) ?? -1;
  const submission = await parseSubmission(request, leadPageSchema);
  if (submission.status !== "success") {
    const intent = String(submission.payload.intent ?? "");
    const first = Object.values(submission.error ?? {}).flat().find(Boolean);
    return replyWithErrors(submission, BUTTON_INTENTS.includes(intent) || !intent || !first ? { formErrors: [first ?? CRM_MESSAGES.invalidValue] } : {});
  }
  const input = submission.value;
  try {
    const { message, to } = await runLeadPageIntent(user, leadId, input);
    return redirectWithToast(to ?? `/broker/lead/${leadId}#${anchorOf(input.intent)}`, { type: "success", message });
  } catch (error) {
    if (!(error instanceof LeadPageError)) throw error;
    return replyWithErrors(submission, error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }, error.status);
  }
}

export function ErrorBoundary() {
  return (
    <div className="space-y-4">
      <Link to="/broker/crm" className="text-sm text-brand-700 hover:underline">
        ← Voltar ao CRM
      </Link>
      <Alert tone="danger">{CRM_MESSAGES.leadNotFound}</Alert>
    </div>
  );
}

export default function LeadPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const busy = navigation.state === "submitting";
  const cardProps = { data: d, actionData, busy };
  return (
    <div className="min-w-0 space-y-4">
      <Link to="/broker/crm" className="text-sm text-brand-700 hover:underline">
        ← Voltar ao CRM
      </Link>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <h1 className="min-w-0 text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">{d.lead.name || "Contato"}</h1>
        <AgeBadge createdAt={d.lead.created_at} />
        <PriorityBadge priority={d.lead.priority} />
      </div>
      <StageBar {...cardProps} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <OfferCard {...cardProps} />
          <BusinessCard {...cardProps} editing={search.get("edit") === "1"} />
          <ActivitiesCard {...cardProps} />
          <NotesCard {...cardProps} />
        </div>
        <div className="min-w-0 space-y-4">
          <ContactCard lead={d.lead} />
          <ActionsCard {...cardProps} />
          <HistoryCard data={d} showAll={search.get("historico") === "todos"} />
        </div>
      </div>
    </div>
  );
}
