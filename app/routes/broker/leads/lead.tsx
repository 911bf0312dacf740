import { Form, Link, data, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { Alert, Badge, Button, Card, Field, Input, Select, Textarea, buttonClass, cx } from "~/components/ui";
import { AgeBadge, PriorityBadge } from "~/components/crm/lead-badges";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import { ACTIVITY_STATE_LABELS, ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, CRM_MESSAGES, HISTORY_PREVIEW } from "~/modules/crm/labels";
import { businessSchema, emailLead, leadEmailSchema, leadPage, updateBusiness } from "~/modules/crm/lead-page.server";
import { moveLeadToStage, StageNotFoundError } from "~/modules/crm/deals.server";
import { addNote, deleteNote, updateNote } from "~/modules/crm/notes.server";
import { completeActivity, createLeadActivity, reopenActivity } from "~/modules/crm/activities.server";
import { describeMailError } from "~/modules/messaging/mail.server";
import { LeadWhatsappError, sendWhatsappToLead, whatsappHistoryOf } from "~/modules/messaging/lead-whatsapp.server";
import { WHATSAPP_DELIVERY_LABELS } from "~/modules/messaging/whatsapp-labels";
import { optOutOf } from "~/modules/messaging/opt-out.server";
import { OptOutBadge } from "~/components/messaging/opt-out-badge";
import { formatBRL } from "~/utils/format";
import { formatDateTime, parseLocalDateTime } from "~/utils/clock";
import { formatPhone, whatsappLink } from "~/utils/phone";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data && "lead" in data ? data.lead.name : "Lead"} | CRM` }];

function leadIdOf(params: { id?: string }): number {
  return /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : -1;
}

function statusOf(error: unknown): number | undefined {
  return (error as { init?: { status?: number } })?.init?.status;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  try {
    const page = await leadPage(user, leadIdOf(params)); // checks the broker may see this lead
    return { ...page, whatsappSent: await whatsappHistoryOf(page.lead.id), whatsappOptOut: await optOutOf(page.lead.phone) };
  } catch (error) {
    if (statusOf(error) === 404) throw data({ notFound: true, message: CRM_MESSAGES.leadNotFound }, { status: 404 });
    throw error;
  }
}

const intents = z.object({ intent: z.string().max(40) });
const idField = z.coerce.number().int().positive();

/** Local date-time typed in the form → ISO, in the agency's time zone. */
function dueAtFrom(value: FormDataEntryValue | null): string | null | "invalid" {
  const v = typeof value === "string" ? value.trim() : "";
  if (!v) return null;
  return parseLocalDateTime(v)?.toISOString() ?? "invalid";
}

type ActionResult = { error: string; intent: string; fields?: Record<string, string> } | { ok: true; intent: string; message: string };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const leadId = leadIdOf(params);
  const form = await request.formData();
  const { intent } = intents.catch({ intent: "" }).parse({ intent: form.get("intent") });
  const here = `/broker/lead/${leadId}`;
  const fail = (error: string, status = 400, fields?: Record<string, string>) => data<ActionResult>({ error, intent, fields }, { status });
  try {
    switch (intent) {
      case "stage": {
        const stage = idField.safeParse(form.get("stage"));
        if (!stage.success) return fail(CRM_MESSAGES.stageNotSelected);
        await moveLeadToStage(user, leadId, stage.data);
        return redirectWithToast(here, { type: "success", message: "Etapa atualizada" });
      }
      case "business": {
        const parsed = businessSchema.safeParse({ rating: form.get("rating") || undefined, total_value: form.get("total_value") ?? "", tags: form.get("tags") ?? "" });
        if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? CRM_MESSAGES.invalidValue, 400, { total_value: String(form.get("total_value") ?? ""), tags: String(form.get("tags") ?? "") });
        await updateBusiness(user, leadId, { rating: parsed.data.rating, totalValue: parsed.data.total_value, tags: parsed.data.tags });
        return redirectWithToast(here, { type: "success", message: "Negócio atualizado" });
      }
      case "rating": {
        const r = z.coerce.number().int().min(1).max(5).safeParse(form.get("rating"));
        if (!r.success) return fail("Falha ao salvar rating");
        await updateBusiness(user, leadId, { rating: r.data });
        return redirectWithToast(here, { type: "success", message: "Avaliação salva" });
      }
      case "note-add": {
        const body = String(form.get("body") ?? "");
        if (!body.trim()) return fail("Escreva a anotação.");
        if (body.length > 5000) return fail("No máximo 5000 caracteres");
        await addNote(user, leadId, body);
        return redirectWithToast(here, { type: "success", message: "Anotação adicionada" });
      }
      case "note-edit": {
        const id = idField.safeParse(form.get("note"));
        if (!id.success) return fail("Anotação não encontrada.", 404);
        await updateNote(user, leadId, id.data, String(form.get("body") ?? "").slice(0, 5000));
        return redirectWithToast(here, { type: "success", message: "Anotação atualizada" });
      }
      case "note-delete": {
        const id = idField.safeParse(form.get("note"));
        if (!id.success) return fail("Anotação não encontrada.", 404);
        await deleteNote(user, leadId, id.data);
        return redirectWithToast(here, { type: "success", message: "Anotação excluída" });
      }
      case "activity-add": {
        const type = z.enum(ACTIVITY_TYPES).catch("followup").parse(form.get("type"));
        const dueAt = dueAtFrom(form.get("due_at"));
        if (dueAt === "invalid") return fail("Data de vencimento inválida");
        const subject = String(form.get("subject") ?? "");
        const content = String(form.get("content") ?? "");
        if (subject.length > 200 || content.length > 5000) return fail("Texto muito longo");
        await createLeadActivity(user, leadId, { subject, content, type, dueAt });
        return redirectWithToast(here, { type: "success", message: "Atividade criada" });
      }
      case "activity-complete":
      case "activity-reopen": {
        const id = idField.safeParse(form.get("activity"));
        if (!id.success) return fail("Atividade não encontrada.", 404);
        // The activity must belong to this lead's deal; the service checks ownership.
        if (intent === "activity-complete") await completeActivity(user, id.data);
        else await reopenActivity(user, id.data);
        return redirectWithToast(here, { type: "success", message: intent === "activity-complete" ? "Atividade concluída" : "Atividade reaberta" });
      }
      case "email": {
        const parsed = leadEmailSchema.safeParse({ subject: form.get("subject") ?? "", message: form.get("message") ?? "" });
        if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "Dados inválidos");
        try {
          await emailLead(user, leadId, parsed.data);
        } catch (error) {
          if (statusOf(error)) throw error;
          log.warn("e-mail to lead failed", { leadId, ...errorFields(error) });
          return fail(`Falha ao enviar email: ${describeMailError(error)}`, 502);
        }
        return redirectWithToast(here, { type: "success", message: "Email enviado" });
      }
      case "whatsapp": {
        const message = String(form.get("message") ?? "");
        if (message.length > 4096) return fail("No máximo 4096 caracteres", 400, { message: message.slice(0, 4096) });
        try {
          const { to } = await sendWhatsappToLead(user, leadId, message);
          return redirectWithToast(here, { type: "success", message: `Mensagem enviada pelo WhatsApp para ${to}` });
        } catch (error) {
          if (!(error instanceof LeadWhatsappError)) throw error;
          return fail(error.message, 400, { message });
        }
      }
      default:
        return fail("Ação desconhecida");
    }
  } catch (error) {
    if (error instanceof StageNotFoundError) return fail(CRM_MESSAGES.stageNotSelected);
    const known = error as { data?: { message?: string }; init?: { status?: number } };
    if (known?.data?.message) return fail(known.data.message, known.init?.status ?? 400);
    log.error("lead page action failed", { intent, leadId, ...errorFields(error) });
    return fail(intent === "stage" ? "Falha ao atualizar estágio" : "Falha ao salvar", 500);
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

function Stars({ value }: { value: number }) {
  return (
    <Form method="post" className="flex items-center gap-0.5" aria-label="Avaliação">
      <input type="hidden" name="intent" value="rating" />
      {[1, 2, 3, 4, 5].map((n) => (
        <button key={n} type="submit" name="rating" value={n} aria-label={`${n} estrela${n > 1 ? "s" : ""}`} className={cx("text-xl leading-none", n <= value ? "text-amber-500" : "text-slate-300 hover:text-amber-300")}>
          ★
        </button>
      ))}
    </Form>
  );
}

export default function LeadPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const { lead, stages } = d;
  const err = actionData && "error" in actionData ? actionData : null;
  const editing = search.get("edit") === "1" || err?.intent === "business";
  const showAllHistory = search.get("historico") === "todos";
  const history = showAllHistory ? d.history : d.history.slice(0, HISTORY_PREVIEW);
  const currentIndex = stages.findIndex((s) => s.id === lead.stage_id);
  const busy = navigation.state === "submitting";
  const stageName = stages.find((s) => s.id === lead.stage_id)?.name ?? "—";

  return (
    <div className="space-y-4">
      <Link to="/broker/crm" className="text-sm text-brand-700 hover:underline">
        ← Voltar ao CRM
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-slate-900">{lead.name || "Contato"}</h1>
        <AgeBadge createdAt={lead.created_at} />
        <PriorityBadge priority={lead.priority} />
      </div>
      {err ? <Alert tone="danger">{err.error}</Alert> : null}

      <Card className="p-4">
        {stages.length === 0 ? (
          <p className="text-sm text-slate-600">{CRM_MESSAGES.stagesMissing}</p>
        ) : (
          <Form method="post" className="flex flex-wrap gap-2" aria-label="Etapas">
            <input type="hidden" name="intent" value="stage" />
            {stages
              .filter((s) => s.id !== d.lostStageId)
              .map((s, i) => {
                const current = s.id === lead.stage_id;
                const past = currentIndex >= 0 && i < currentIndex && !current;
                return (
                  <button
                    key={s.id}
                    type="submit"
                    name="stage"
                    value={s.id}
                    disabled={busy}
                    aria-current={current ? "step" : undefined}
                    className={cx(
                      "rounded-full border px-3 py-1 text-sm",
                      current ? "border-brand-700 bg-brand-700 text-white" : past ? "border-brand-200 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                    )}
                  >
                    {s.name}
                  </button>
                );
              })}
            <span className="mx-1 hidden w-px bg-slate-200 sm:block" />
            <Button type="submit" name="stage" value={d.wonStageId ?? ""} size="sm" className="bg-success-600 hover:bg-success-700" disabled={!d.wonStageId || busy}>
              Marcar como Ganho
            </Button>
            <Button type="submit" name="stage" value={d.lostStageId ?? ""} size="sm" variant="danger" disabled={!d.lostStageId || busy}>
              Marcar como Perdido
            </Button>
          </Form>
        )}
      </Card>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card className="p-5" as="section">
            <div className="flex items-center justify-between">
              <h2 className="text-lg font-semibold">Negócio</h2>
              <Link to={editing ? "?" : "?edit=1"} className={buttonClass("ghost", "sm")} preventScrollReset>
                {editing ? "Cancelar" : "Editar"}
              </Link>
            </div>
            <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-500">Nome</dt>
                <dd className="font-medium">{lead.name || "Contato"}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Criado em</dt>
                <dd>{formatDateTime(lead.created_at)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Etapa</dt>
                <dd>{stageName}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Corretor</dt>
                <dd className="flex items-center gap-2">
                  {lead.broker_photo ? <img src={lead.broker_photo} alt="" className="h-6 w-6 rounded-full object-cover" /> : null}
                  {lead.broker_name ?? "Sem corretor"}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Avaliação</dt>
                <dd>
                  <Stars value={lead.rating} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Valor total</dt>
                <dd>{lead.total_value != null ? formatBRL(lead.total_value) : "—"}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-slate-500">Tags</dt>
                <dd className="mt-1 flex flex-wrap gap-1">{lead.tags.length ? lead.tags.map((t) => <Badge key={t}>{t}</Badge>) : "—"}</dd>
              </div>
            </dl>
            {editing ? (
              <Form method="post" className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-3">
                <input type="hidden" name="intent" value="business" />
                <Field label="Avaliação (1 a 5)" htmlFor="rating">
                  <Select id="rating" name="rating" defaultValue={String(lead.rating)}>
                    {[0, 1, 2, 3, 4, 5].map((n) => (
                      <option key={n} value={n}>
                        {n === 0 ? "Sem nota" : n}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label="Valor total (R$)" htmlFor="total_value" error={err?.intent === "business" ? err.error : undefined}>
                  <Input id="total_value" name="total_value" inputMode="decimal" maxLength={30} defaultValue={err?.fields?.total_value ?? (lead.total_value != null ? String(lead.total_value).replace(".", ",") : "")} placeholder="350.000,00" />
                </Field>
                <Field label="Tags (separadas por vírgula)" htmlFor="tags">
                  <Input id="tags" name="tags" maxLength={1000} defaultValue={err?.fields?.tags ?? lead.tags.join(", ")} />
                </Field>
                <div className="sm:col-span-3">
                  <Button type="submit" pending={busy}>
                    Salvar
                  </Button>
                </div>
              </Form>
            ) : null}
          </Card>

          <Card className="p-5" as="section">
            <h2 className="text-lg font-semibold">Atividades</h2>
            {d.activities.length === 0 ? <p className="mt-2 text-sm text-slate-600">Nenhuma atividade.</p> : null}
            <ul className="mt-3 divide-y divide-slate-100">
              {d.activities.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <div>
                    <p className="font-medium">{a.subject || a.content}</p>
                    <p className="text-xs text-slate-500">
                      {ACTIVITY_TYPE_LABELS[a.type]} {a.dueAt ? `· vence ${formatDateTime(a.dueAt)}` : ""}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge tone={a.state === "completed" ? "success" : a.state === "scheduled" ? "info" : "warning"}>{ACTIVITY_STATE_LABELS[a.state]}</Badge>
                    <Form method="post">
                      <input type="hidden" name="activity" value={a.id} />
                      <Button type="submit" name="intent" value={a.completedAt ? "activity-reopen" : "activity-complete"} size="sm" variant="secondary">
                        {a.completedAt ? "Reabrir" : "Concluir"}
                      </Button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
            <details id="nova-atividade" className="mt-3" open={err?.intent === "activity-add" || undefined}>
              <summary className={buttonClass("secondary", "sm", "cursor-pointer list-none")}>Nova atividade</summary>
              <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" key={`activity-${d.activities.length}`}>
                <input type="hidden" name="intent" value="activity-add" />
                <Field label="Assunto" htmlFor="act-subject">
                  <Input id="act-subject" name="subject" maxLength={200} />
                </Field>
                <Field label="Tipo" htmlFor="act-type">
                  <Select id="act-type" name="type" defaultValue="followup">
                    {ACTIVITY_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {ACTIVITY_TYPE_LABELS[t]}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label="Vencimento" htmlFor="act-due">
                  <Input id="act-due" name="due_at" type="datetime-local" />
                </Field>
                <Field label="Descrição" htmlFor="act-content" className="sm:col-span-2">
                  <Textarea id="act-content" name="content" rows={2} maxLength={5000} />
                </Field>
                <div>
                  <Button type="submit" pending={busy}>
                    Adicionar atividade
                  </Button>
                </div>
              </Form>
            </details>
          </Card>

          <Card className="p-5" as="section">
            <h2 className="text-lg font-semibold">Anotações</h2>
            <Form method="post" className="mt-3 space-y-2" key={`note-${d.notes.length}`}>
              <input type="hidden" name="intent" value="note-add" />
              <Textarea name="body" rows={3} maxLength={5000} aria-label="Nova anotação" placeholder="Escreva uma anotação..." />
              <Button type="submit" size="sm" pending={busy}>
                Adicionar anotação
              </Button>
            </Form>
            <ul className="mt-4 space-y-3">
              {d.notes.map((n) => (
                <li key={n.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-note={n.id}>
                  <p className="whitespace-pre-wrap">{n.body}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    {n.author ?? "—"} · {formatDateTime(n.createdAt)}
                    {n.updatedAt ? " (editada)" : ""}
                  </p>
                  {d.canEditNotes ? (
                    <details className="mt-2">
                      <summary className="cursor-pointer text-xs text-brand-700">Editar / excluir</summary>
                      <Form method="post" className="mt-2 space-y-2">
                        <input type="hidden" name="note" value={n.id} />
                        <Textarea name="body" rows={2} maxLength={5000} defaultValue={n.body} aria-label="Editar anotação" />
                        <div className="flex gap-2">
                          <Button type="submit" name="intent" value="note-edit" size="sm" variant="secondary">
                            Salvar
                          </Button>
                          <Button type="submit" name="intent" value="note-delete" size="sm" variant="danger">
                            Excluir
                          </Button>
                        </div>
                      </Form>
                    </details>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        </div>

        <div className="space-y-4">
          <Card className="p-5" as="section">
            <h2 className="text-lg font-semibold">Contato</h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div>
                <dt className="text-slate-500">Email</dt>
                <dd>{lead.email ? <a href={`mailto:${lead.email}`} className="text-brand-700 hover:underline">{lead.email}</a> : "—"}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Telefone</dt>
                <dd>{lead.phone ? <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 hover:underline">{formatPhone(lead.phone)}</a> : "—"}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Imóvel</dt>
                <dd>{lead.property_url ? <a href={lead.property_url} className="text-brand-700 hover:underline">{lead.property_title}</a> : (lead.property_title ?? "—")}</dd>
              </div>
              {lead.message ? (
                <div>
                  <dt className="text-slate-500">Mensagem</dt>
                  <dd className="whitespace-pre-wrap">{lead.message}</dd>
                </div>
              ) : null}
            </dl>
          </Card>

          <Card className="p-5" as="section">
            <h2 className="text-lg font-semibold">Ações</h2>
            <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
              <span>WhatsApp:</span>
              <Badge tone={d.whatsapp === "connected" ? "success" : d.whatsapp === "disconnected" ? "warning" : "neutral"}>
                {d.whatsapp === "connected" ? "Conectado" : d.whatsapp === "disconnected" ? "Desconectado" : "Não configurado"}
              </Badge>
              {d.whatsappOptOut ? <OptOutBadge /> : null}
              <span>SMTP:</span>
              <Badge tone={d.smtpActive ? "success" : "neutral"}>{d.smtpActive ? "Ativo" : "Não configurado"}</Badge>
              <Link to="." className="text-xs text-brand-700 hover:underline" aria-label="Atualizar status">
                Atualizar
              </Link>
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              <a href="#nova-atividade" className={buttonClass("secondary", "sm")}>
                Nova atividade
              </a>
              <a href="#historico" className={buttonClass("secondary", "sm")}>
                Histórico
              </a>
              {lead.phone ? (
                <a href={whatsappLink(lead.phone)} target="_blank" rel="noreferrer" className={buttonClass("secondary", "sm")}>
                  Abrir conversa
                </a>
              ) : null}
              <Link to="/broker/whatsapp" className={buttonClass("ghost", "sm")}>
                {d.whatsapp === "connected" ? "Gerenciar WhatsApp" : "Conectar WhatsApp"}
              </Link>
              {!d.smtpActive ? (
                <Link to="/broker/settings" className={buttonClass("ghost", "sm")}>
                  Configurar SMTP
                </Link>
              ) : null}
            </div>
            {d.whatsapp === "connected" && !d.whatsappOptOut ? (
              <details className="mt-3" open={err?.intent === "whatsapp" || undefined}>
                <summary className={buttonClass("primary", "sm", "cursor-pointer list-none")}>WhatsApp</summary>
                <Form method="post" className="mt-3 space-y-2">
                  <input type="hidden" name="intent" value="whatsapp" />
                  <Field label="Mensagem" htmlFor="wa-message" hint="Um link de imagem (png, jpg, gif, webp) vai como foto, com o resto como legenda.">
                    <Textarea id="wa-message" name="message" rows={4} maxLength={4096} defaultValue={err?.intent === "whatsapp" ? err.fields?.message : undefined} />
                  </Field>
                  <Button type="submit" size="sm" pending={busy}>
                    Enviar pelo WhatsApp
                  </Button>
                </Form>
              </details>
            ) : null}
            <details className="mt-3" open={err?.intent === "email" || undefined}>
              <summary className={buttonClass("primary", "sm", "cursor-pointer list-none")}>Email</summary>
              <Form method="post" className="mt-3 space-y-2">
                <input type="hidden" name="intent" value="email" />
                <Field label="Assunto" htmlFor="mail-subject">
                  <Input id="mail-subject" name="subject" maxLength={200} />
                </Field>
                <Field label="Mensagem" htmlFor="mail-message">
                  <Textarea id="mail-message" name="message" rows={4} maxLength={20000} />
                </Field>
                <Button type="submit" size="sm" pending={busy}>
                  Enviar
                </Button>
              </Form>
            </details>
          </Card>

          <Card className="p-5" as="section">
            <h2 id="historico" className="text-lg font-semibold">
              Histórico
            </h2>
            {d.history.length === 0 ? <p className="mt-2 text-sm text-slate-600">Nenhuma mudança de etapa.</p> : null}
            <ol className="mt-3 space-y-2 text-sm">
              {history.map((h) => (
                <li key={h.id} className="border-l-2 border-brand-200 pl-3" data-history>
                  <p>
                    {h.fromStage ?? "—"} → <strong>{h.toStage ?? "—"}</strong>
                  </p>
                  <p className="text-xs text-slate-500">
                    {h.changedBy ?? "—"} · {formatDateTime(h.changedAt)}
                  </p>
                </li>
              ))}
            </ol>
            {d.whatsappSent.length ? (
              <>
                <h3 className="mt-4 text-sm font-semibold text-slate-700">Mensagens de WhatsApp</h3>
                <ol className="mt-2 space-y-2 text-sm">
                  {d.whatsappSent.map((m) => (
                    <li key={m.id} className="border-l-2 border-success-600 pl-3" data-whatsapp-message>
                      <p className="whitespace-pre-wrap break-words">{m.body}</p>
                      <p className="text-xs text-slate-500">
                        {formatPhone(m.to)} · {formatDateTime(m.created_at)}
                        {m.delivery ? ` · ${WHATSAPP_DELIVERY_LABELS[m.delivery]}` : ""}
                      </p>
                    </li>
                  ))}
                </ol>
              </>
            ) : null}
            {d.history.length > HISTORY_PREVIEW ? (
              <Link to={showAllHistory ? "?" : "?historico=todos"} preventScrollReset className="mt-2 inline-block text-sm text-brand-700 hover:underline">
                {showAllHistory ? "Ver menos" : "Ver mais"}
              </Link>
            ) : null}
          </Card>
        </div>
      </div>
    </div>
  );
}
