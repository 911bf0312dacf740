import { Form, Link, useNavigation } from "react-router";
import { AutomaticTab, DrawTab, ParticipantsTab, ResultsTab, WebhookTab } from "~/components/roulette/admin-roulette";
import { Button, PageHeader, PageProblem, cx } from "~/components/ui";
import { ConfirmModal } from "~/components/ui/confirm-modal";
import { formErrorOf, resultFor } from "~/components/ui/form";
import { requireAdmin } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { nextAutomaticRun, runAutomaticNow } from "~/modules/roulette/automatic.server";
import { deleteResult, listResults, manualDraw } from "~/modules/roulette/draw.server";
import { currentParticipants, removeParticipant } from "~/modules/roulette/presence.server";
import { adminRouletteSchema, type AdminRouletteIntent } from "~/modules/roulette/roulette-forms";
import { ROULETTE_MESSAGES } from "~/modules/roulette/roulette-rules";
import { RouletteError, type DrawOutcome } from "~/modules/roulette/roulette-types";
import { todaysAssignments } from "~/modules/roulette/routing.server";
import { rouletteSettings, saveRouletteSettings } from "~/modules/roulette/settings.server";
import { rouletteWebhook, rouletteWebhookDeliveries, saveRouletteWebhook, testRouletteWebhook } from "~/modules/roulette/webhook.server";
import type { Route } from "./+types/roulette";

export const meta: Route.MetaFunction = () => [{ title: "Roleta | Administração" }, { name: "robots", content: "noindex" }];

const TABS = [
  ["sorteio", "Roleta do Sorteio"],
  ["corretores", "Corretores Registrados"],
  ["resultados", "Resultados dos Sorteios"],
  ["webhook", "Configuração Webhook"],
  ["automatica", "Roleta Automática"],
] as const;
type Tab = (typeof TABS)[number][0];
const SAMPLE_JSON = JSON.stringify(
  { timestamp: "2026-11-22T12:30:00.000Z", event: "automatic_roulette_completed", total_participants: 2, message: "Sorteio realizado com 2 participantes.", execution_type: "automatic", classification: [{ position: 1, broker_id: "…", broker_name: "Ana Souza", prize: "Lead Premium", draw_date: "2026-11-22T12:30:00.000Z" }] },
  null,
  2,
);
/** The tab each form belongs to: after a refused post the page shows that tab, whatever the URL said. */
const TAB_OF: Record<AdminRouletteIntent, Tab> = { draw: "sorteio", "run-now": "automatica", "auth-test": "sorteio", "remove-participant": "corretores", "delete-result": "resultados", "save-webhook": "webhook", "test-webhook": "webhook", "save-automatic": "automatica" };

/** /admin/roleta (spec 03 §2.7): five tabs as ?tab= (plain links, so they work without JavaScript); confirmations as ?confirm=; `girar=1` spins the wheel before the new result shows. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const tab = (TABS.find(([key]) => key === url.searchParams.get("tab"))?.[0] ?? "sorteio") as Tab;
  const [settings, participants, results, webhook, assignments, deliveries] = await Promise.all([rouletteSettings(), currentParticipants(), listResults(), rouletteWebhook(), todaysAssignments(), tab === "webhook" ? rouletteWebhookDeliveries(10) : []]);
  const confirm = url.searchParams.get("confirm");
  return { tab, settings, next: nextAutomaticRun(settings), participants, results, webhook, deliveries, assignments, sample: SAMPLE_JSON, spin: url.searchParams.get("girar") === "1", confirm: confirm && /^(p|r)-\d{1,9}$/.test(confirm) ? confirm : null };
}

/** The draw's toast, with the roulette webhook's answer when it was sent (a failure says it will be retried). */
function drawToast(outcome: DrawOutcome) {
  const message = [ROULETTE_MESSAGES.drawDone(outcome.results.length), outcome.webhook?.message].filter(Boolean).join(" ");
  return redirectWithToast("/admin/roleta?tab=resultados&girar=1", { type: outcome.webhook && !outcome.webhook.ok ? "info" : "success", message });
}

const FAILED: Partial<Record<AdminRouletteIntent, string>> = { "save-automatic": ROULETTE_MESSAGES.settingsFailed("tente novamente"), "save-webhook": ROULETTE_MESSAGES.webhookSaveFailed, "auth-test": ROULETTE_MESSAGES.sessionFailed };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const submission = await parseSubmission(request, adminRouletteSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  const input = submission.value;
  const back = (tab: Tab) => `/admin/roleta?tab=${tab}`;
  try {
    switch (input.intent) {
      case "draw":
        return drawToast(await manualDraw(user));
      case "run-now":
        return drawToast(await runAutomaticNow(user));
      case "auth-test":
        // requireAdmin has checked the session and the role; reading the settings checks the database answers
        await rouletteSettings();
        return redirectWithToast(back("sorteio"), { type: "success", message: ROULETTE_MESSAGES.authOk });
      case "remove-participant":
        await removeParticipant(user, input.id);
        return redirectWithToast(back("corretores"), { type: "success", message: ROULETTE_MESSAGES.participantRemoved });
      case "delete-result":
        await deleteResult(user, input.id);
        return redirectWithToast(back("resultados"), { type: "success", message: ROULETTE_MESSAGES.resultDeleted });
      case "save-webhook":
        await saveRouletteWebhook(user, { url: input.url ?? "", enabled: input.enabled });
        return redirectWithToast(back("webhook"), { type: "success", message: ROULETTE_MESSAGES.webhookSaved });
      case "test-webhook": {
        const r = await testRouletteWebhook(user, input.url ?? "");
        if (!r.ok) return replyWithErrors(submission, { formErrors: [r.message] }, 502);
        return redirectWithToast(back("webhook"), { type: "success", message: r.message });
      }
      case "save-automatic":
        await saveRouletteSettings(user, input);
        return redirectWithToast(back("automatica"), { type: "success", message: ROULETTE_MESSAGES.settingsSaved });
    }
  } catch (error) {
    // a refused webhook URL is said beside the URL field; the other refusals at the form
    if (error instanceof RouletteError) return replyWithErrors(submission, input.intent === "save-webhook" ? { fieldErrors: { url: [error.message] } } : { formErrors: [error.message] });
    log.error("roulette admin action failed", { intent: input.intent, ...errorFields(error) });
    return replyWithErrors(submission, { formErrors: [FAILED[input.intent] ?? ROULETTE_MESSAGES.drawFailed] }, 500);
  }
}

export default function AdminRoulette({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, next, participants, results, webhook, deliveries, assignments, sample, confirm, spin } = loaderData;
  const busy = useNavigation().state !== "idle";
  const posted = resultFor(actionData)?.initialValue?.intent as AdminRouletteIntent | undefined;
  const tab = posted && TAB_OF[posted] ? TAB_OF[posted] : loaderData.tab;
  const webhookResult = resultFor(actionData, "save-webhook") ?? resultFor(actionData, "test-webhook");
  const automaticResult = resultFor(actionData, "save-automatic");
  // forms with fields show their messages inside; the button-only forms here
  const error = webhookResult || automaticResult ? undefined : formErrorOf(actionData);
  const confirmParticipant = confirm?.startsWith("p-") ? participants.find((p) => p.id === Number(confirm.slice(2))) : null;
  const confirmResult = confirm?.startsWith("r-") ? results.find((r) => r.id === Number(confirm.slice(2))) : null;
  return (
    <>
      <PageHeader
        title="Roleta de Leads"
        subtitle={`${participants.length} ${participants.length === 1 ? "corretor registrado" : "corretores registrados"} nas últimas 24 horas`}
        actions={
          <Form method="post">
            <Button type="submit" name="intent" value="auth-test" variant="secondary" pending={busy && posted === "auth-test"}>
              Testar autenticação
            </Button>
          </Form>
        }
      />
      <nav aria-label="Seções da roleta" className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
        {TABS.map(([key, label]) => (
          <Link key={key} to={`?tab=${key}`} aria-current={tab === key ? "page" : undefined} className={cx("border-b-2 px-3 py-2 text-sm font-medium", tab === key ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900")}>
            {label}
          </Link>
        ))}
      </nav>
      <PageProblem message={error} />
      {tab === "sorteio" ? <DrawTab participants={participants} /> : null}
      {tab === "corretores" ? <ParticipantsTab participants={participants} /> : null}
      {tab === "resultados" ? <ResultsTab results={results} assignments={assignments} spin={spin} /> : null}
      {tab === "webhook" ? <WebhookTab webhook={webhook} deliveries={deliveries} lastResult={webhookResult} /> : null}
      {tab === "automatica" ? <AutomaticTab settings={settings} next={next} noParticipants={participants.length === 0} sample={sample} lastResult={automaticResult} /> : null}

      {confirmParticipant || confirmResult ? (
        <ConfirmModal
          title={confirmParticipant ? "Remover participante" : "Excluir resultado"}
          question={confirmParticipant ? `Remover ${confirmParticipant.broker_name} do sorteio?` : `Excluir o resultado de ${confirmResult!.broker_name} (${confirmResult!.position}º)?`}
          cancelTo={`?tab=${tab}`}
          intent={confirmParticipant ? "remove-participant" : "delete-result"}
          fields={{ id: (confirmParticipant?.id ?? confirmResult?.id)! }}
          submitLabel={confirmParticipant ? "Remover" : "Excluir"}
          pending={busy}
        />
      ) : null}
    </>
  );
}
