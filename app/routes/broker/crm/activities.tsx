import { Form, Link, data, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { formatDateTime } from "~/utils/clock";
import { Alert, Badge, Button, EmptyState, Field, Input, Modal, PageHeader, Select, Table, Textarea, buttonClass, tdClass, thClass } from "~/components/ui";
import { Pagination } from "~/components/ui/pagination";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { activityFiltersSchema, listActivities, searchLeadsForActivity } from "~/modules/crm/activity-list.server";
import { completeActivity, createLeadActivity, reopenActivity } from "~/modules/crm/activities.server";
import { ACTIVITY_STATE_LABELS, ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS, CRM_MESSAGES } from "~/modules/crm/labels";
import { suggestBrokers } from "~/modules/crm/board.server";
import type { Route } from "./+types/activities";
import { canAdministerCrm } from "~/modules/auth/permissions.server";

export const meta: Route.MetaFunction = () => [{ title: "Atividades | CRM" }];


export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const filters = activityFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const isAdmin = canAdministerCrm(user);
  const list = await listActivities(user, isAdmin ? filters : { ...filters, broker: undefined });
  const creating = url.searchParams.get("new") === "1";
  const leadQ = (url.searchParams.get("leadQ") ?? "").slice(0, 100);
  const leads = creating ? await searchLeadsForActivity(user, leadQ) : [];
  const brokers = isAdmin ? await suggestBrokers("") : [];
  return { ...list, filters, isAdmin, creating, leadQ, leads, brokers, search: url.search };
}

const createSchema = z.object({
  leadId: z.coerce.number({ error: "Informe o lead" }).int().positive("Informe o lead"),
  subject: z.string().trim().max(200).optional().default(""),
  content: z.string().trim().max(5000).optional().default(""),
  type: z.enum(ACTIVITY_TYPES).catch("followup"),
  dueAt: z.string().max(30).optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = `/broker/crm/activities${new URL(request.url).search}`;
  if (intent === "complete" || intent === "reopen") {
    const id = Number(form.get("activityId"));
    if (!Number.isSafeInteger(id)) return redirectWithToast(back, { type: "error", message: "Erro ao atualizar atividade" });
    if (intent === "complete") await completeActivity(user, id);
    else await reopenActivity(user, id);
    return redirectWithToast(back, { type: "success", message: intent === "complete" ? "Atividade concluída" : "Atividade reaberta" });
  }
  const parsed = createSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: parsed.error.issues[0].message }, { status: 400 });
  if (!parsed.data.subject && !parsed.data.content) return data({ error: CRM_MESSAGES.activityNeedsText }, { status: 400 });
  const due = parsed.data.dueAt ? new Date(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(parsed.data.dueAt) ? `${parsed.data.dueAt}:00-03:00` : "invalid") : null;
  if (due && Number.isNaN(due.getTime())) return data({ error: "Data inválida" }, { status: 400 });
  await createLeadActivity(user, parsed.data.leadId, { subject: parsed.data.subject, content: parsed.data.content, type: parsed.data.type, dueAt: due?.toISOString() ?? null });
  return redirectWithToast("/broker/crm/activities", { type: "success", message: "Atividade criada" });
}

export default function Activities() {
  const { rows, total, page, pageCount, filters, isAdmin, creating, leadQ, leads, brokers } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const params = (extra: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    const all = { status: filters.status, due: filters.due, deal_id: filters.deal_id, broker: filters.broker, ...extra };
    for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== "" && !(k === "status" && v === "pending") && !(k === "page" && v === 1)) p.set(k, String(v));
    return p.size ? `?${p}` : "";
  };
  const here = `/broker/crm/activities${params({ page })}`;
  return (
    <div>
      <PageHeader title="Atividades" subtitle={`${total} atividade(s)`} actions={<Link to={`/broker/crm/activities${params({ new: "1" })}`} className={buttonClass("primary")}>Nova atividade</Link>} />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <Field label="Status" htmlFor="f-status">
          <Select id="f-status" name="status" defaultValue={filters.status}>
            <option value="pending">Pendentes</option>
            <option value="completed">Concluídas</option>
            <option value="all">Todas</option>
          </Select>
        </Field>
        <Field label="Vencimento" htmlFor="f-due">
          <Select id="f-due" name="due" defaultValue={filters.due}>
            <option value="">Qualquer data</option>
            <option value="overdue">Atrasadas</option>
            <option value="today">Hoje</option>
            <option value="upcoming">Próximos 7 dias</option>
          </Select>
        </Field>
        {isAdmin ? (
          <Field label="Corretor" htmlFor="f-broker">
            <Select id="f-broker" name="broker" defaultValue={filters.broker ?? ""}>
              <option value="">Todos</option>
              {brokers.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
            </Select>
          </Field>
        ) : null}
        {filters.deal_id ? <input type="hidden" name="deal_id" value={filters.deal_id} /> : null}
        <Button type="submit" variant="secondary">Filtrar</Button>
      </Form>
      {rows.length === 0 ? (
        <EmptyState title="Nenhuma atividade encontrada" />
      ) : (
        <Table>
          <thead className="bg-slate-50">
            <tr>
              <th className={thClass}>Concluir</th>
              <th className={thClass}>Assunto</th>
              <th className={thClass}>Tipo</th>
              <th className={thClass}>Vencimento</th>
              <th className={thClass}>Status</th>
              <th className={thClass}>Lead</th>
              <th className={thClass}>Ações</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((a) => (
              <tr key={a.id} data-activity={a.subject}>
                <td className={tdClass}>
                  <Form method="post" action={here}>
                    <input type="hidden" name="activityId" value={a.id} />
                    <button type="submit" name="intent" value={a.completed_at ? "reopen" : "complete"} role="checkbox" aria-checked={Boolean(a.completed_at)} aria-label={a.completed_at ? `Reabrir ${a.subject}` : `Concluir ${a.subject}`} className="flex size-5 items-center justify-center rounded border border-slate-400 bg-white text-xs">
                      {a.completed_at ? "✓" : ""}
                    </button>
                  </Form>
                </td>
                <td className={tdClass}>
                  <p className="font-medium">{a.subject || "—"}</p>
                  {a.content ? <p className="max-w-xs truncate text-xs text-slate-600">{a.content}</p> : null}
                </td>
                <td className={tdClass}>{ACTIVITY_TYPE_LABELS[a.type]}</td>
                <td className={tdClass}>{a.due_at ? formatDateTime(a.due_at) : "—"}</td>
                <td className={tdClass}>
                  <Badge tone={a.state === "completed" ? "success" : a.state === "scheduled" ? "info" : "warning"}>{ACTIVITY_STATE_LABELS[a.state]}</Badge>
                </td>
                <td className={tdClass}>{a.lead_id ? <Link to={`/broker/lead/${a.lead_id}`} className="text-brand-700 hover:underline">{a.lead_name || "Contato"}</Link> : a.deal_title}</td>
                <td className={tdClass}>
                  <Form method="post" action={here}>
                    <input type="hidden" name="activityId" value={a.id} />
                    <Button type="submit" name="intent" value={a.completed_at ? "reopen" : "complete"} variant="secondary" size="sm">
                      {a.completed_at ? "Reabrir" : "Concluir"}
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <div className="mt-4">
        <Pagination page={page} pageCount={pageCount} href={(p) => `/broker/crm/activities${params({ page: p })}`} />
      </div>

      {creating ? (
        <Modal title="Nova atividade">
          <Form method="get" className="flex items-end gap-2">
            <input type="hidden" name="new" value="1" />
            <Field label="Buscar lead" htmlFor="leadQ" hint="Pelo menos 2 caracteres." className="flex-1">
              <Input id="leadQ" name="leadQ" defaultValue={leadQ} maxLength={100} />
            </Field>
            <Button type="submit" variant="secondary">Buscar</Button>
          </Form>
          <Form method="post" action="/broker/crm/activities?new=1" className="mt-4 space-y-4">
            {result?.error ? <Alert tone="danger">{result.error}</Alert> : null}
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Lead</legend>
              {leadQ.trim().length >= 2 && leads.length === 0 ? <p className="text-sm text-slate-600">Nenhum lead encontrado</p> : null}
              <ul className="mt-1 space-y-1">
                {leads.map((l) => (
                  <li key={l.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="radio" name="leadId" value={l.id} required /> {l.name || "Contato"} <span className="text-slate-500">{l.email || l.phone}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <Field label="Assunto" htmlFor="na-subject">
              <Input id="na-subject" name="subject" maxLength={200} />
            </Field>
            <Field label="Tipo" htmlFor="na-type">
              <Select id="na-type" name="type" defaultValue="followup">
                {ACTIVITY_TYPES.map((t) => <option key={t} value={t}>{ACTIVITY_TYPE_LABELS[t]}</option>)}
              </Select>
            </Field>
            <Field label="Vencimento" htmlFor="na-due">
              <Input id="na-due" name="dueAt" type="datetime-local" />
            </Field>
            <Field label="Descrição" htmlFor="na-content">
              <Textarea id="na-content" name="content" maxLength={5000} rows={3} />
            </Field>
            <div className="flex justify-end gap-2">
              <Link to="/broker/crm/activities" className={buttonClass("secondary")}>Cancelar</Link>
              <Button type="submit">Criar atividade</Button>
            </div>
          </Form>
        </Modal>
      ) : null}
    </div>
  );
}
