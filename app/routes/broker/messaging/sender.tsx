import { Link, redirect } from "react-router";
import { ComingSoon } from "~/components/messaging/coming-soon";
import { LeadsStep } from "~/components/messaging/sender-leads";
import { DetailsStep, LaunchStep, StepNav } from "~/components/messaging/sender-steps";
import { PageHeader, PageProblem, buttonClass } from "~/components/ui";
import { formErrorOf, resultFor } from "~/components/ui/form";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import fs from "node:fs/promises";
import { isPlainText } from "~/modules/files/content-type.server";
import { discardFiles, fileOf, readFormWithFiles, type MultipartOutcome } from "~/modules/files/multipart.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { CampaignCsvError, CSV_MAX_BYTES, CSV_MESSAGES, parseCampaignCsv } from "~/modules/messaging/campaign-csv.server";
import { CSV_FILE_MESSAGES, senderActionSchema, timingOf } from "~/modules/messaging/campaign-forms";
import { CAMPAIGN_MESSAGES } from "~/modules/messaging/campaign-rules";
import { CampaignError } from "~/modules/messaging/campaign-types";
import { draftRecipients, finaliseDraft, launchCampaign, leadsForCampaign, loadDraft, saveDraftDetails, setDraftLeads, setDraftTiming } from "~/modules/messaging/campaigns.server";
import { gatewaySummary } from "~/modules/messaging/gateway-settings.server";
import { connectionStatusOf } from "~/modules/messaging/whatsapp-connections.server";
import { FORM_MESSAGES, parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { parseRecordId, searchParam } from "~/utils/query-schema";
import type { Route } from "./+types/sender";

export const meta: Route.MetaFunction = () => [{ title: "Campanha de WhatsApp | Painel do corretor" }];

function stepOf(url: URL): number {
  const n = Number(url.searchParams.get("step"));
  return Number.isInteger(n) && n >= 1 && n <= 4 ? n : 1;
}

/** /broker/whatsapp/sender (spec 03 §2.4): the wizard's state is the draft (`?c=`) and the step (`?step=`); every step works as plain posts. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const gateway = await gatewaySummary();
  if (!gateway.configured) return { comingSoon: true as const };
  const id = parseRecordId(url.searchParams.get("c"));
  const draft = id ? await loadDraft(user, id).catch(() => null) : null;
  if (draft && draft.status !== "draft") throw redirect(`/broker/whatsapp/campaign/${draft.id}`);
  // The step headers are links; a step whose predecessors are incomplete falls back (spec 03 §4 'Wizard').
  let step = stepOf(url);
  if (step >= 3 && !(draft?.name && draft.message)) step = 2;
  if (step === 4 && !draft?.leads.length) step = 3;
  const q = searchParam.parse(url.searchParams.get("q") ?? "");
  const [connection, crmLeads, recipients] = await Promise.all([
    user.broker ? connectionStatusOf(user.broker.id) : null,
    step === 3 ? leadsForCampaign(user, q) : [],
    draft && step >= 3 ? draftRecipients(draft.leads) : [],
  ]);
  return {
    comingSoon: false as const,
    step,
    draft,
    connection,
    crmLeads,
    recipients,
    q,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const campaignId = parseRecordId(new URL(request.url).searchParams.get("c"));
  // the CSV step is multipart: its file is streamed to disk within its limit (files/multipart.server.ts), the fields go through the pipeline
  const read = await readFormWithFiles(request, { maxRequestBytes: CSV_MAX_BYTES + 256 * 1024, files: { file: { maxBytes: CSV_MAX_BYTES, maxFiles: 1 } }, maxFieldBytes: 64 * 1024 });
  try {
    return await senderAction(user, campaignId, read);
  } finally {
    await discardFiles(read.files);
  }
}

async function senderAction(user: SessionUser, campaignId: number | null, read: MultipartOutcome) {
  const submission = await parseSubmission(read.fields, senderActionSchema);
  if (read.problem) return replyWithErrors(submission, { fieldErrors: read.problem === "too-large" ? { file: [CSV_MESSAGES.tooBig] } : {}, formErrors: read.problem === "too-large" ? [] : [FORM_MESSAGES.unreadable] }, read.problem === "too-large" ? 413 : 400);
  if (submission.status !== "success") return replyWithErrors(submission);
  const input = submission.value;
  const back = (step: number, id: number | null = campaignId) => `/broker/whatsapp/sender?${id ? `c=${id}&` : ""}step=${step}`;
  try {
    if (input.intent === "details") return redirect(back(3, await saveDraftDetails(user, input, campaignId)));
    if (!campaignId)
      return replyWithErrors(submission, {
        formErrors: [CAMPAIGN_MESSAGES.incomplete],
      });
    switch (input.intent) {
      case "pick-leads":
      case "pick-all": {
        const available = (await leadsForCampaign(user, input.intent === "pick-all" ? input.q : undefined)).filter((l) => !l.optedOut);
        const chosen = input.intent === "pick-all" ? available : available.filter((l) => input.lead.includes(l.leadId));
        if (chosen.length === 0)
          return replyWithErrors(submission, {
            formErrors: [CAMPAIGN_MESSAGES.leads],
          });
        await setDraftLeads(user, campaignId, chosen);
        return redirect(back(4));
      }
      case "csv": {
        const file = fileOf(read, "file");
        if (!file || file.size === 0) return replyWithErrors(submission, { fieldErrors: { file: [CSV_FILE_MESSAGES.required] } });
        if (file.tooLarge) return replyWithErrors(submission, { fieldErrors: { file: [CSV_MESSAGES.tooBig] } }, 413);
        if (file.failed || !(await isPlainText(file.path))) return replyWithErrors(submission, { fieldErrors: { file: [CSV_MESSAGES.notText] } });
        const parsed = parseCampaignCsv(new Uint8Array(await fs.readFile(file.path)));
        if (parsed.leads.length === 0) return replyWithErrors(submission, { fieldErrors: { file: [CAMPAIGN_MESSAGES.leads] } });
        const saved = await setDraftLeads(user, campaignId, parsed.leads);
        const repeated = parsed.duplicates + saved.duplicates;
        const message = `${saved.count} leads carregados do CSV${repeated ? ` (${repeated} número(s) repetido(s) ignorado(s))` : ""}`;
        return redirectWithToast(back(3), { type: "success", message });
      }
      case "save":
      case "launch": {
        await setDraftTiming(user, campaignId, timingOf(input));
        await finaliseDraft(user, campaignId);
        if (input.intent === "save")
          return redirectWithToast("/broker/campaigns", {
            type: "success",
            message: "Campanha salva como rascunho.",
          });
        const result = await launchCampaign(user, campaignId);
        const toast =
          result.scheduled === 0
            ? {
                type: "error" as const,
                message: CAMPAIGN_MESSAGES.scheduleFailed,
              }
            : result.failed + result.skipped > 0
              ? {
                  type: "info" as const,
                  message: CAMPAIGN_MESSAGES.partial(result.scheduled, result.failed + result.skipped),
                }
              : {
                  type: "success" as const,
                  message: `Campanha lançada: ${result.scheduled} mensagem(ns) agendada(s).`,
                };
        return redirectWithToast(`/broker/whatsapp/campaign/${campaignId}`, toast);
      }
    }
  } catch (error) {
    if (error instanceof CampaignCsvError) return replyWithErrors(submission, { fieldErrors: { file: [error.message] } });
    if (error instanceof CampaignError) return replyWithErrors(submission, { formErrors: [error.message] });
    throw error;
  }
}

export default function Sender({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.comingSoon) return <ComingSoon />;
  const { step, draft, connection, crmLeads, recipients, q } = loaderData;
  const query = draft ? `c=${draft.id}&` : "";
  const connected = connection === "connected";
  const csvResult = resultFor(actionData, "csv");
  const pickResult = resultFor(actionData, "pick-leads") ?? resultFor(actionData, "pick-all");
  const launchResult = resultFor(actionData, "launch") ?? resultFor(actionData, "save");
  // a refusal of a form not on this screen (a tampered or stale post) still says why
  const stray = !resultFor(actionData, "details") && !csvResult && !pickResult && !launchResult ? formErrorOf(actionData) : undefined;
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Nova campanha"
        subtitle="Envie uma mensagem personalizada para vários leads, no horário e no ritmo que você escolher."
        actions={
          <Link to="/broker/whatsapp" className={buttonClass(connected ? "secondary" : "primary")}>
            {connected ? "Reconectar" : "Conectar WhatsApp"}
          </Link>
        }
      />
      <StepNav step={step} query={query} />
      <PageProblem message={stray} />
      {step <= 2 ? <DetailsStep connection={connection} draft={draft} action={`?${query}step=2`} lastResult={resultFor(actionData, "details")} /> : null}
      {step === 3 && draft ? (
        <LeadsStep
          query={query}
          draftId={draft.id}
          recipients={recipients}
          crmLeads={crmLeads}
          selected={draft.leads.map((l) => l.leadId ?? 0)}
          q={q}
          csvError={csvResult?.error?.file?.[0] ?? csvResult?.error?.[""]?.[0]}
          pickError={pickResult?.error?.[""]?.[0]}
        />
      ) : null}
      {step === 4 && draft ? (
        <LaunchStep
          draft={draft}
          summary={{
            total: recipients.length,
            optedOut: recipients.filter((r) => r.optedOut).length,
            invalid: recipients.filter((r) => r.invalid).length,
          }}
          action={`?${query}step=4`}
          lastResult={launchResult}
        />
      ) : null}
    </div>
  );
}
