import { useEffect, useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { z } from "zod";
import { Alert, Badge, Button, Card, EmptyState, Field, Input, Modal, PageHeader, Table, buttonClass, tdClass, thClass } from "~/components/ui";
import { CopyButton } from "~/components/ui/copy-button";
import { DeliveryLog } from "~/components/webhooks/delivery-log";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { SIGNATURE_HEADER, TEST_PROGRESS_STEPS, TIMESTAMP_HEADER, WEBHOOK_MESSAGES } from "~/modules/webhooks/webhook-rules";
import { WebhookError, WebhookProbeError, addWebhook, deleteWebhook, listWebhooks, rotateWebhookSecret, setWebhookActive, testWebhook, updateWebhook, webhookDetails } from "~/modules/webhooks/webhooks.server";
import { formatDateTime } from "~/utils/clock";
import { portalToken, recentPortalLeads, rotatePortalToken } from "~/modules/leads/portal-leads.server";
import { config } from "~/modules/platform/config.server";
import type { Route } from "./+types/webhooks";

export const meta: Route.MetaFunction = () => [{ title: "Webhooks | Administração" }, { name: "robots", content: "noindex" }];

const idParam = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/**
 * /admin/webhook (spec 03 §2.8): active and inactive lists; add; ?edit=,
 * ?details= and ?confirmDelete= open modals (plain links, so they work
 * without JavaScript); test, switch, remove and a new secret are posts.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  try {
    const hooks = await listWebhooks(user);
    const pick = (key: string) => hooks.find((h) => h.id === idParam(url.searchParams.get(key))) ?? null;
    const detailsId = idParam(url.searchParams.get("details"));
    const [token, portalLeads] = await Promise.all([portalToken(), recentPortalLeads(user)]);
    const portal = { url: token ? `${config().publicUrl}/api/portais/leads/${token}` : null, recent: portalLeads };
    return { hooks, edit: pick("edit"), confirm: pick("confirmDelete"), details: detailsId ? await webhookDetails(user, detailsId) : null, portal, error: null };
  } catch (error) {
    log.error("webhook list failed", errorFields(error));
    return { hooks: [], edit: null, confirm: null, details: null, portal: { url: null, recent: [] }, error: WEBHOOK_MESSAGES.loadFailed };
  }
}

const intentSchema = z.enum(["add", "update", "activate", "deactivate", "delete", "test", "rotate", "portal-address"]);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const intent = intentSchema.safeParse(form.get("intent"));
  if (!intent.success) return data({ error: WEBHOOK_MESSAGES.updateFailed as string, intent: "", url: "", allowPrivate: false, confirm: false }, { status: 400 });
  const id = idParam(String(form.get("id") ?? ""));
  const url = String(form.get("url") ?? "");
  const allowPrivate = form.get("allowPrivate") === "on";
  const fail = (message: string, status = 400) => data({ error: message, intent: intent.data, url, allowPrivate, confirm: false }, { status });
  try {
    switch (intent.data) {
      case "add":
        await addWebhook(user, { url, allowPrivate });
        return redirectWithToast("/admin/webhook", { type: "success", message: WEBHOOK_MESSAGES.added });
      case "update":
        try {
          if (!id || !(await updateWebhook(user, id, { url, allowPrivate, confirmed: form.get("confirmedUrl") === url }))) return fail(WEBHOOK_MESSAGES.updateFailed, 404);
        } catch (error) {
          // The new address did not answer the probe: ask, keeping what was typed.
          if (error instanceof WebhookProbeError) return data({ error: error.message, intent: intent.data, url, allowPrivate, confirm: true }, { status: 409 });
          throw error;
        }
        return redirectWithToast("/admin/webhook", { type: "success", message: WEBHOOK_MESSAGES.updated });
      case "activate":
      case "deactivate":
        if (!id || !(await setWebhookActive(user, id, intent.data === "activate"))) return fail(WEBHOOK_MESSAGES.updateFailed, 404);
        return redirectWithToast("/admin/webhook", { type: "success", message: WEBHOOK_MESSAGES.updated });
      case "rotate":
        if (!id || !(await rotateWebhookSecret(user, id))) return fail(WEBHOOK_MESSAGES.updateFailed, 404);
        return redirectWithToast(`/admin/webhook?details=${id}`, { type: "success", message: "Nova chave gerada: atualize o sistema que recebe os webhooks." });
      case "delete":
        if (!id || !(await deleteWebhook(user, id))) return fail(WEBHOOK_MESSAGES.removeFailed, 404);
        return redirectWithToast("/admin/webhook", { type: "success", message: WEBHOOK_MESSAGES.removed });
      case "portal-address":
        await rotatePortalToken(user);
        return redirectWithToast("/admin/webhook", { type: "success", message: "Novo endereço gerado: cadastre-o no portal." });
      case "test": {
        if (!id) return fail(WEBHOOK_MESSAGES.testUrlInvalid);
        const result = await testWebhook(user, id);
        return redirectWithToast("/admin/webhook", { type: result.ok ? "success" : "error", message: result.message });
      }
    }
  } catch (error) {
    if (error instanceof WebhookError) return fail(error.message);
    log.error("webhook action failed", { intent: intent.data, ...errorFields(error) });
    return fail(intent.data === "add" ? WEBHOOK_MESSAGES.addFailed : intent.data === "delete" ? WEBHOOK_MESSAGES.removeFailed : WEBHOOK_MESSAGES.updateFailed, 500);
  }
}

type Hook = Route.ComponentProps["loaderData"]["hooks"][number];

function WebhookTable({ title, hooks, busy, testing }: { title: string; hooks: Hook[]; busy: boolean; testing: number | null }) {
  return (
    <section aria-labelledby={`t-${title}`} className="mt-6">
      <h2 id={`t-${title}`} className="mb-2 text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-500">({hooks.length})</span>
      </h2>
      {hooks.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum webhook.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <Table>
            <thead>
              <tr>
                <th className={thClass}>URL</th>
                <th className={thClass}>Eventos</th>
                <th className={thClass}>Erros</th>
                <th className={thClass}>Último envio</th>
                <th className={thClass}>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {hooks.map((h) => (
                <tr key={h.id}>
                  <td className={tdClass}>
                    <p className="min-w-56 max-w-xs break-all font-mono text-xs text-slate-900">{h.url}</p>
                    {h.allow_private ? <Badge tone="warning" className="mt-1">Rede interna permitida</Badge> : null}
                  </td>
                  <td className={tdClass}>{h.events.join(", ")}</td>
                  <td className={tdClass}>
                    {h.error_count > 0 ? <Badge tone="danger">{h.error_count}</Badge> : <Badge tone="success">0</Badge>}
                    {h.last_error ? <p className="mt-1 max-w-xs break-words text-xs text-danger-700">{h.last_error}</p> : null}
                  </td>
                  <td className={tdClass}>{h.last_triggered_at ? formatDateTime(h.last_triggered_at) : "—"}</td>
                  <td className={tdClass}>
                    <div className="flex flex-wrap justify-end gap-1">
                      <Form method="post">
                        <input type="hidden" name="id" value={h.id} />
                        <Button type="submit" size="sm" variant="secondary" name="intent" value="test" disabled={busy} aria-label={`Testar ${h.url}`}>
                          Testar
                        </Button>
                        {testing === h.id ? <TestProgress /> : null}
                      </Form>
                      <Link to={`?details=${h.id}`} preventScrollReset className={buttonClass("ghost", "sm")} aria-label={`Detalhes de ${h.url}`}>
                        Detalhes
                      </Link>
                      <Link to={`?edit=${h.id}`} preventScrollReset className={buttonClass("ghost", "sm")} aria-label={`Editar ${h.url}`}>
                        Editar
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="id" value={h.id} />
                        <Button type="submit" size="sm" variant="ghost" name="intent" value={h.is_active ? "deactivate" : "activate"} disabled={busy} aria-label={`${h.is_active ? "Desativar" : "Ativar"} ${h.url}`}>
                          {h.is_active ? "Desativar" : "Ativar"}
                        </Button>
                      </Form>
                      <Link to={`?confirmDelete=${h.id}`} preventScrollReset className={buttonClass("ghost", "sm", "text-danger-700 hover:bg-danger-50")} aria-label={`Remover ${h.url}`}>
                        Remover
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

export default function AdminWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { hooks, edit, confirm, details, portal, error } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const testing = navigation.state === "submitting" && navigation.formData?.get("intent") === "test" ? Number(navigation.formData.get("id")) : null;
  const failed = actionData && "error" in actionData ? actionData : null;
  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="Cada novo lead é enviado, assinado, para os sistemas da imobiliária; falhas são repetidas por até um dia."
        actions={
          <a href="/admin/webhook/export.json" className={buttonClass("secondary")} download>
            Exportar JSON
          </a>
        }
      />
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {failed && failed.intent !== "add" && failed.intent !== "update" ? <Alert tone="danger">{failed.error}</Alert> : null}
      <Card className="p-5">
        <h2 className="text-lg font-semibold text-slate-900">Adicionar webhook</h2>
        <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
          <input type="hidden" name="intent" value="add" />
          <Field label="URL" htmlFor="new-url" error={failed?.intent === "add" ? failed.error : undefined} className="flex-1">
            <Input id="new-url" name="url" type="url" placeholder="https://sistema.exemplo.com.br/webhooks/leads" maxLength={2000} defaultValue={failed?.intent === "add" ? failed.url : undefined} />
          </Field>
          <label className="flex items-center gap-2 pt-0 text-sm text-slate-700 sm:pt-8">
            <input type="checkbox" name="allowPrivate" className="size-4" /> Permitir rede interna
          </label>
          <Button type="submit" pending={busy} className="sm:mt-6">
            Adicionar
          </Button>
        </Form>
      </Card>
      {hooks.length === 0 && !error ? (
        <div className="mt-6">
          <EmptyState title="Nenhum webhook cadastrado">Adicione a URL do sistema que deve receber os novos leads.</EmptyState>
        </div>
      ) : (
        <>
          <WebhookTable testing={testing} title="Ativos" hooks={hooks.filter((h) => h.is_active)} busy={busy} />
          <WebhookTable testing={testing} title="Inativos" hooks={hooks.filter((h) => !h.is_active)} busy={busy} />
        </>
      )}

      <Card className="mt-8 p-5" as="section">
        <h2 className="text-lg font-semibold text-slate-900">Leads dos portais (ZAP Imóveis e VivaReal)</h2>
        <p className="mt-1 text-sm text-slate-600">Cadastre este endereço no portal: cada lead recebido entra como um lead do site (roleta, CRM e webhooks), ligado ao imóvel pelo código do anúncio.</p>
        {portal.url ? (
          <div className="mt-3">
            <label htmlFor="portal-url" className="text-sm font-medium text-slate-700">
              Endereço para o portal
            </label>
            <input id="portal-url" readOnly value={portal.url} className="mt-1 block w-full rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <CopyButton text={portal.url} label="Copiar endereço" copiedMessage="Copiado" className="mt-2" />
          </div>
        ) : (
          <p className="mt-3 text-sm text-slate-700">Nenhum endereço gerado ainda.</p>
        )}
        <Form method="post" className="mt-3">
          <Button type="submit" name="intent" value="portal-address" variant="secondary" size="sm" pending={busy}>
            {portal.url ? "Gerar novo endereço" : "Gerar endereço"}
          </Button>
        </Form>
        <h3 className="mt-5 text-sm font-semibold text-slate-900">Últimos leads recebidos</h3>
        {portal.recent.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">Nenhum lead recebido dos portais.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {portal.recent.map((r) => (
              <li key={r.origin_lead_id} className="flex flex-wrap gap-2 py-2">
                {r.lead_id ? (
                  <Link to={`/broker/lead/${r.lead_id}`} className="font-medium text-brand-700 hover:underline">
                    {r.name}
                  </Link>
                ) : (
                  <span className="text-slate-500">(lead removido)</span>
                )}
                <span className="text-slate-500">{r.lead_origin ?? "Portal"}</span>
                {r.client_listing_id ? <span className="text-slate-500">anúncio {r.client_listing_id}</span> : null}
                <span className="text-slate-500">{formatDateTime(r.received_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {edit ? (
        <Modal title="Editar webhook">
          <Form method="post" className="space-y-3" noValidate>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={edit.id} />
            <Field label="URL" htmlFor="edit-url" error={failed?.intent === "update" && !failed.confirm ? failed.error : undefined}>
              <Input id="edit-url" name="url" type="url" maxLength={2000} defaultValue={failed?.intent === "update" ? failed.url : edit.url} autoFocus />
            </Field>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="allowPrivate" defaultChecked={failed?.intent === "update" ? failed.allowPrivate : edit.allow_private === 1} className="size-4" /> Permitir rede interna
            </label>
            {/* The new address did not answer a HEAD probe (spec 03 §5): saving it needs a second, explicit yes (for that same address). */}
            {failed?.intent === "update" && failed.confirm ? (
              <>
                <Alert tone="warning">{failed.error}</Alert>
                <input type="hidden" name="confirmedUrl" value={failed.url} />
              </>
            ) : null}
            <div className="flex justify-end gap-2">
              <Link to="/admin/webhook" preventScrollReset className={buttonClass("secondary")}>
                Cancelar
              </Link>
              <Button type="submit" pending={busy}>
                {failed?.intent === "update" && failed.confirm ? "Salvar mesmo assim" : "Salvar"}
              </Button>
            </div>
          </Form>
        </Modal>
      ) : null}

      {details ? (
        <Modal
          title="Detalhes do webhook"
          wide
          footer={
            <Link to="/admin/webhook" preventScrollReset className={buttonClass("secondary")}>
              Fechar
            </Link>
          }
        >
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-medium text-slate-700">URL</dt>
              <dd className="break-all font-mono text-xs">{details.url}</dd>
              <CopyButton text={details.url} label="Copiar URL" copiedMessage="Copiado" className="mt-1" />
            </div>
            <div>
              <dt className="font-medium text-slate-700">Chave de assinatura</dt>
              <dd className="break-all font-mono text-xs">{details.secret ?? "—"}</dd>
              <p className="mt-1 text-xs text-slate-600">
                Cada envio traz <code>{TIMESTAMP_HEADER}</code> e <code>{SIGNATURE_HEADER}: sha256=…</code>, o HMAC-SHA256 desta chave sobre <code>{"{timestamp}.{corpo}"}</code>. Confira a assinatura antes de aceitar o lead.
              </p>
              <Form method="post" className="mt-2">
                <input type="hidden" name="id" value={details.id} />
                <Button type="submit" size="sm" variant="secondary" name="intent" value="rotate" pending={busy}>
                  Gerar nova chave
                </Button>
              </Form>
            </div>
          </dl>
          <h3 className="mt-5 text-sm font-semibold text-slate-900">Últimos envios</h3>
          <DeliveryLog deliveries={details.deliveries} />
        </Modal>
      ) : null}

      {confirm ? (
        <Modal
          title="Remover webhook"
          footer={
            <>
              <Link to="/admin/webhook" preventScrollReset className={buttonClass("secondary")}>
                Cancelar
              </Link>
              <Form method="post">
                <input type="hidden" name="id" value={confirm.id} />
                <Button type="submit" name="intent" value="delete" variant="danger" pending={busy} autoFocus>
                  Remover
                </Button>
              </Form>
            </>
          }
        >
          <p className="text-sm text-slate-700">{WEBHOOK_MESSAGES.confirmDelete}</p>
          <p className="mt-2 break-all font-mono text-xs text-slate-900">{confirm.url}</p>
        </Modal>
      ) : null}
    </>
  );
}

/**
 * The test's progress display (spec 03 §9: 10, 25, 40, 60, 80, 100) while the
 * server sends the test; the result arrives as the toast. Without JavaScript
 * the page simply answers with the toast.
 */
function TestProgress() {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setStep((s) => Math.min(s + 1, TEST_PROGRESS_STEPS.length - 2)), 400);
    return () => window.clearInterval(timer);
  }, []);
  const value = TEST_PROGRESS_STEPS[step];
  return (
    <div className="mt-1 w-24" role="progressbar" aria-label="Testando webhook" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <div className="h-1.5 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
