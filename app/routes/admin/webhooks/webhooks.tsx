import { data, useNavigation } from "react-router";
import { Alert, EmptyState, PageHeader, buttonClass } from "~/components/ui";
import { ConfirmDelete } from "~/components/ui/confirm-modal";
import { formErrorOf, resultFor } from "~/components/ui/form";
import { WebhookDetailsModal, PortalLeadsCard } from "~/components/webhooks/webhook-details";
import { AddWebhookCard, EditWebhookModal } from "~/components/webhooks/webhook-forms";
import { WebhookList } from "~/components/webhooks/webhook-list";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { portalToken, recentPortalLeads, rotatePortalToken } from "~/modules/leads/portal-leads.server";
import { config } from "~/modules/platform/config.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { WEBHOOK_MESSAGES, webhookActionSchema } from "~/modules/webhooks/webhook-rules";
import { WebhookError, WebhookProbeError, addWebhook, deleteWebhook, listWebhooks, rotateWebhookSecret, setWebhookActive, testWebhook, updateWebhook, webhookDetails } from "~/modules/webhooks/webhooks.server";
import { parseRecordId } from "~/utils/query-schema";
import type { Route } from "./+types/webhooks";

export const meta: Route.MetaFunction = () => [{ title: "Webhooks | Administração" }, { name: "robots", content: "noindex" }];

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
    const pick = (key: string) => hooks.find((h) => h.id === parseRecordId(url.searchParams.get(key))) ?? null;
    const detailsId = parseRecordId(url.searchParams.get("details"));
    const [token, portalLeads, details] = await Promise.all([portalToken(), recentPortalLeads(user), detailsId ? webhookDetails(user, detailsId) : null]);
    const portal = { url: token ? `${config().publicUrl}/api/portais/leads/${token}` : null, recent: portalLeads };
    return { hooks, edit: pick("edit"), confirm: pick("confirmDelete"), details, portal, error: null as string | null };
  } catch (error) {
    log.error("webhook list failed", errorFields(error));
    return { hooks: [], edit: null, confirm: null, details: null, portal: { url: null, recent: [] }, error: WEBHOOK_MESSAGES.loadFailed as string };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const submission = await parseSubmission(request, webhookActionSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  const value = submission.value;
  const done = (message: string, to = "/admin/webhook") => redirectWithToast(to, { type: "success", message });
  const missing = (message: string = WEBHOOK_MESSAGES.notFound) => replyWithErrors(submission, { formErrors: [message] }, 404);
  try {
    switch (value.intent) {
      case "add":
        await addWebhook(user, value);
        return done(WEBHOOK_MESSAGES.added);
      case "update":
        try {
          if (!(await updateWebhook(user, value.id, { ...value, confirmed: value.confirmedUrl === value.url }))) return missing();
        } catch (error) {
          // The new address did not answer the probe: ask, keeping what was typed.
          if (error instanceof WebhookProbeError) return data({ ...submission.reply(), probe: error.message }, { status: 409 });
          throw error;
        }
        return done(WEBHOOK_MESSAGES.updated);
      case "activate":
      case "deactivate":
        if (!(await setWebhookActive(user, value.id, value.intent === "activate"))) return missing();
        return done(WEBHOOK_MESSAGES.updated);
      case "rotate":
        if (!(await rotateWebhookSecret(user, value.id))) return missing();
        return done(WEBHOOK_MESSAGES.rotated, `/admin/webhook?details=${value.id}`);
      case "delete":
        if (!(await deleteWebhook(user, value.id))) return missing(WEBHOOK_MESSAGES.removeFailed);
        return done(WEBHOOK_MESSAGES.removed);
      case "portal-address":
        await rotatePortalToken(user);
        return done(WEBHOOK_MESSAGES.portalRotated);
      case "test": {
        const result = await testWebhook(user, value.id);
        return redirectWithToast("/admin/webhook", { type: result.ok ? "success" : "error", message: result.message });
      }
    }
  } catch (error) {
    // a URL refused by the rules (or an internal address): beside the URL field, as typed
    if (error instanceof WebhookError) return replyWithErrors(submission, value.intent === "add" || value.intent === "update" ? { fieldErrors: { url: [error.message] } } : { formErrors: [error.message] });
    log.error("webhook action failed", { intent: value.intent, ...errorFields(error) });
    const message = value.intent === "add" ? WEBHOOK_MESSAGES.addFailed : value.intent === "delete" ? WEBHOOK_MESSAGES.removeFailed : WEBHOOK_MESSAGES.updateFailed;
    return replyWithErrors(submission, { formErrors: [message] }, 500);
  }
}

export default function AdminWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { hooks, edit, confirm, details, portal, error } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const testing = navigation.state === "submitting" && navigation.formData?.get("intent") === "test" ? Number(navigation.formData.get("id")) : null;
  const addResult = resultFor(actionData, "add");
  const editResult = resultFor(actionData, "update");
  // the row buttons' refusals (a stale id, a failed test) show on top
  const rowProblem = addResult || editResult ? undefined : formErrorOf(actionData);
  const probe = editResult && actionData && "probe" in actionData ? String(actionData.probe) : null;
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
      {error || rowProblem ? (
        <Alert tone="danger" className="mb-4">
          {error ?? rowProblem}
        </Alert>
      ) : null}
      <AddWebhookCard lastResult={addResult} busy={busy} />
      {hooks.length === 0 && !error ? (
        <div className="mt-6">
          <EmptyState title="Nenhum webhook cadastrado">Adicione a URL do sistema que deve receber os novos leads.</EmptyState>
        </div>
      ) : (
        <>
          <WebhookList testing={testing} title="Ativos" hooks={hooks.filter((h) => h.is_active)} busy={busy} />
          <WebhookList testing={testing} title="Inativos" hooks={hooks.filter((h) => !h.is_active)} busy={busy} />
        </>
      )}
      <PortalLeadsCard portal={portal} busy={busy} />

      {edit ? <EditWebhookModal hook={edit} lastResult={editResult} probeQuestion={probe} busy={busy} /> : null}
      {details ? <WebhookDetailsModal details={details} busy={busy} /> : null}
      <ConfirmDelete record={confirm} subject={(w) => <span className="font-mono text-xs">{w.url}</span>} title="Remover webhook" question={WEBHOOK_MESSAGES.confirmDelete} cancelTo="/admin/webhook" submitLabel="Remover" pending={busy} />
    </>
  );
}
