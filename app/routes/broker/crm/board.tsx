import { Outlet, data, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { BoardToolbar } from "~/components/crm/board-toolbar";
import { Kanban } from "~/components/crm/kanban";
import { LeadListScreen } from "~/components/crm/lead-list-screen";
import { PageProblem } from "~/components/ui";
import { formErrorOf } from "~/components/ui/form";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { canAdministerCrm } from "~/modules/auth/permissions.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { MSG_MOVE_FAILED, boardMoveSchema } from "~/modules/crm/board";
import { loadBoard, suggestBrokers } from "~/modules/crm/board.server";
import { StageNotFoundError, moveDealToStage, moveLeadToStage } from "~/modules/crm/deals.server";
import { refusalOf } from "~/modules/crm/refusal.server";
import { leadListAction, leadListLoader } from "~/modules/leads/lead-list.route.server";
import { parseRef as parseBrokerId } from "~/modules/leads/referral";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import type { Route } from "./+types/board";

export const meta: Route.MetaFunction = () => [{ title: "CRM | Painel do corretor" }];

const filtersSchema = z.object({
  show: z.enum(["all", "won", "lost"]).catch("all"),
  owner: z.enum(["me", "all"]).catch("all"),
  broker: z.string().max(40).catch(""),
  brokerQ: z.string().max(100).catch(""),
  q: z.string().max(200).catch(""),
});

/** Board state lives in the URL so every control works as a link or GET form. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  // /broker/crm?view=list is the lead list (02 §2.4), the same screen as /broker/leads.
  if (url.searchParams.get("view") === "list") return { mode: "list" as const, ...(await leadListLoader({ request })) };
  const f = filtersSchema.parse(Object.fromEntries(["show", "owner", "broker", "brokerQ", "q"].map((k) => [k, url.searchParams.get(k) ?? undefined])));
  const isAdmin = canAdministerCrm(user);
  const shown: Record<number, number> = {};
  for (const [k, v] of url.searchParams) {
    const m = /^n(\d{1,9})$/.exec(k);
    const n = Number(v);
    if (m && Number.isInteger(n) && n > 0) shown[Number(m[1])] = n;
  }
  const brokerId = isAdmin ? parseBrokerId(f.broker) : null;
  const columns = await loadBoard(user, { view: f.show, owner: isAdmin ? f.owner : "me", brokerId, q: f.q, shown });
  const suggestions = isAdmin && f.brokerQ.trim() ? await suggestBrokers(f.brokerQ) : null;
  return { mode: "board" as const, columns, filters: { ...f, broker: brokerId ?? "" }, isAdmin, suggestions };
}

/** A card moved ('Mover para', or a drop with JavaScript: `js=1` answers JSON for the optimistic board). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  if (new URL(request.url).searchParams.get("view") === "list") return leadListAction({ request });
  const submission = await parseSubmission(request, boardMoveSchema);
  if (submission.status !== "success") return replyWithErrors(submission, { formErrors: [MSG_MOVE_FAILED] });
  const { card, stageId, js, back } = submission.value;
  try {
    if (card.kind === "lead") await moveLeadToStage(user, card.id, stageId);
    else await moveDealToStage(user, card.id, stageId);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!(error instanceof StageNotFoundError) && !refusal) throw error;
    return replyWithErrors(submission, { formErrors: [MSG_MOVE_FAILED] }, refusal?.status ?? 400);
  }
  return js ? data({ ok: true }) : redirectWithToast(safeBack(back), { type: "success", message: "Etapa atualizada" });
}

/** Back to the board as it was (filters, 'Ver mais', the column's anchor); nothing outside it. */
function safeBack(value: string | undefined): string {
  return value && /^\/broker\/crm(?:[?#][^\s]*)?$/.test(value) ? value : "/broker/crm";
}

export default function CrmScreen() {
  const loaded = useLoaderData<typeof loader>();
  const problem = formErrorOf(useActionData());
  if (loaded.mode === "list") return <LeadListScreen title="CRM" />;
  const { columns, filters, isAdmin, suggestions } = loaded;
  const base = new URLSearchParams(Object.entries(filters).filter(([k, v]) => v && k !== "brokerQ" && !(k === "show" && v === "all") && !(k === "owner" && v === "all")));
  return (
    <div className="min-w-0">
      <BoardToolbar filters={filters} base={base} isAdmin={isAdmin} suggestions={suggestions} />
      <PageProblem message={problem} />
      <Kanban columns={columns} query={base.toString()} />
      <Outlet />
    </div>
  );
}
