import { Form, Link, Outlet, data, useLoaderData } from "react-router";
import { LeadListScreen } from "~/components/crm/lead-list-screen";
import { leadListAction, leadListLoader } from "~/modules/leads/lead-list.route.server";
import { z } from "zod";
import { Kanban } from "~/components/crm/kanban";
import { Button, Input, PageHeader, buttonClass, cx } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { canAdministerCrm } from "~/modules/auth/permissions.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { parseRef as parseBrokerId } from "~/modules/leads/referral";
import { MSG_MOVE_FAILED, parseCardKey } from "~/modules/crm/board";
import { loadBoard, suggestBrokers } from "~/modules/crm/board.server";
import { StageNotFoundError, moveDealToStage, moveLeadToStage } from "~/modules/crm/deals.server";
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
  const raw = Object.fromEntries(["show", "owner", "broker", "brokerQ", "q"].map((k) => [k, url.searchParams.get(k) ?? undefined]));
  const f = filtersSchema.parse(raw);
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

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  if (new URL(request.url).searchParams.get("view") === "list") return leadListAction({ request });
  const form = await request.formData();
  const js = form.get("js") === "1";
  const back = safeBack(form.get("back"));
  const card = parseCardKey(String(form.get("card") ?? ""));
  const stageId = Number(form.get("stageId"));
  const fail = (status: number) => (js ? data({ ok: false, error: MSG_MOVE_FAILED }, { status }) : redirectWithToast(back, { type: "error", message: MSG_MOVE_FAILED }));
  if (form.get("intent") !== "move" || !card || !Number.isSafeInteger(stageId) || stageId <= 0) return fail(400);
  try {
    if (card.kind === "lead") await moveLeadToStage(user, card.id, stageId);
    else await moveDealToStage(user, card.id, stageId);
  } catch (error) {
    if (error instanceof StageNotFoundError) return fail(400);
    // requireLead / requireDeal throw data({message}, {status: 404}) for cards the user may not move.
    if (error && typeof error === "object" && "init" in error) return fail((error as { init?: { status?: number } }).init?.status ?? 400);
    throw error;
  }
  return js ? data({ ok: true, error: null }) : redirectWithToast(back, { type: "success", message: "Etapa atualizada" });
}

function safeBack(value: FormDataEntryValue | null): string {
  const s = typeof value === "string" ? value : "";
  return s.startsWith("/broker/crm") && !s.startsWith("//") ? s : "/broker/crm";
}

export default function CrmScreen() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.mode === "list" ? <LeadListScreen title="CRM" /> : <Board data={loaded} />;
}

function Board({ data: { columns, filters, isAdmin, suggestions } }: { data: Extract<Awaited<ReturnType<typeof loader>>, { mode: "board" }> }) {
  const base = new URLSearchParams(Object.entries(filters).filter(([k, v]) => v && k !== "brokerQ" && !(k === "show" && v === "all") && !(k === "owner" && v === "all")));
  const withParam = (k: string, v: string | null) => {
    const p = new URLSearchParams(base);
    if (v == null) p.delete(k);
    else p.set(k, v);
    return `/broker/crm${p.size ? `?${p}` : ""}`;
  };
  const tab = (active: boolean) => cx("rounded-md px-3 py-1.5 text-sm font-medium", active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900");
  return (
    <div>
      <PageHeader
        title="CRM"
        subtitle="Arraste os cartões entre as etapas ou use 'Mover para'."
        actions={
          <>
            <Link to="/broker/crm?view=list" className={buttonClass("secondary")}>Lista</Link>
            {isAdmin ? (
              <Link to="/broker/crm/stages" className={buttonClass("secondary")}>Gerenciar Etapas</Link>
            ) : (
              <span className={buttonClass("secondary", "md", "cursor-not-allowed opacity-60")} title="Apenas administradores podem gerenciar etapas" aria-disabled="true">
                Gerenciar Etapas
              </span>
            )}
            <Link to={`/broker/crm/oportunidade${base.size ? `?${base}` : ""}`} className={buttonClass("secondary")}>Criar oportunidade</Link>
            <Link to={`/broker/crm/novo-lead${base.size ? `?${base}` : ""}`} className={buttonClass("primary")}>Criar Lead</Link>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <nav className="inline-flex rounded-lg bg-slate-200 p-1" aria-label="Visão">
          <Link to={withParam("show", null)} className={tab(filters.show === "all")} aria-current={filters.show === "all" ? "page" : undefined}>Todos</Link>
          <Link to={withParam("show", "won")} className={tab(filters.show === "won")} aria-current={filters.show === "won" ? "page" : undefined}>Ganhos</Link>
          <Link to={withParam("show", "lost")} className={tab(filters.show === "lost")} aria-current={filters.show === "lost" ? "page" : undefined}>Perdidos</Link>
        </nav>
        {isAdmin ? (
          <nav className="inline-flex rounded-lg bg-slate-200 p-1" aria-label="Corretores">
            <Link to={withParam("owner", "me")} className={tab(filters.owner === "me" && !filters.broker)}>Eu</Link>
            <Link to={withParam("owner", null)} className={tab(filters.owner === "all" && !filters.broker)}>Todos</Link>
          </nav>
        ) : null}
        <Form method="get" className="flex flex-wrap items-center gap-2" role="search">
          {[...base].filter(([k]) => k !== "q" && k !== "broker").map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
          {filters.broker ? <input type="hidden" name="broker" value={filters.broker} /> : null}
          <label htmlFor="board-q" className="sr-only">Buscar</label>
          <Input id="board-q" name="q" defaultValue={filters.q} placeholder="Buscar título, contato, e-mail, telefone" className="w-72" maxLength={200} />
          {isAdmin ? (
            <>
              <label htmlFor="board-broker" className="sr-only">Filtrar por corretor</label>
              <Input id="board-broker" name="brokerQ" defaultValue={filters.brokerQ} placeholder="Corretor" className="w-44" maxLength={100} />
            </>
          ) : null}
          <Button type="submit" variant="secondary">Buscar</Button>
          {filters.broker ? <Link to={withParam("broker", null)} className="text-sm text-brand-700 underline">Limpar corretor</Link> : null}
        </Form>
      </div>
      {suggestions ? (
        <div className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-sm" aria-label="Sugestões de corretores">
          {suggestions.length === 0 ? (
            <p>Nenhum corretor encontrado</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {suggestions.map((b) => (
                <li key={b.id}>
                  <Link to={withParam("broker", b.id)} className={buttonClass("secondary", "sm")}>{b.name} · {b.email}</Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      <Kanban columns={columns} query={base.toString()} />
      <Outlet />
    </div>
  );
}
