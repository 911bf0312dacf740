import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { JobList, NextSendCard, RefreshControl, SummaryCards } from "~/components/messaging/campaign-monitor";
import { LiveErrorBoundary, OfflineNotice, refreshHeaders, useLiveRefresh } from "~/components/messaging/live-refresh";
import { StatusBadge } from "~/components/messaging/status-badge";
import { Button, Card, EmptyState, PageHeader, PageProblem, buttonClass } from "~/components/ui";
import { formErrorOf } from "~/components/ui/form";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { monitorActionSchema, refreshChoice } from "~/modules/messaging/campaign-forms";
import { campaignMonitor } from "~/modules/messaging/campaign-monitor.server";
import { CAMPAIGN_MESSAGES, JOB_STATUS_ORDER } from "~/modules/messaging/campaign-rules";
import { CampaignError } from "~/modules/messaging/campaign-types";
import { pauseCampaign, resumeCampaign } from "~/modules/messaging/campaigns.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { formatDateTime } from "~/utils/clock";
import { parseRecordId, searchParam } from "~/utils/query-schema";
import type { Route } from "./+types/campaign";

export const meta: Route.MetaFunction = () => [{ title: "Campanha | Painel do corretor" }];

const filterSchema = z.object({ q: searchParam, status: z.enum(["", ...JOB_STATUS_ORDER]).catch("") });
const LIVE = ["running", "scheduled"];

/**
 * /broker/whatsapp/campaign/{id} (spec 03 §2.5). `?every=` is the refresh
 * interval (0 = off, 2 s by default): a live campaign's page is answered
 * with a Refresh header at that interval, so it refreshes without
 * JavaScript too; with JavaScript the page asks for fresh data instead.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const id = parseRecordId(params.id);
  const url = new URL(request.url);
  const filter = filterSchema.parse({ q: url.searchParams.get("q") ?? "", status: url.searchParams.get("status") ?? "" });
  const every = refreshChoice(url.searchParams.get("every"));
  if (!id) return data({ notFound: true as const }, { status: 404 });
  try {
    const monitor = await campaignMonitor(user, id, filter);
    return data({ notFound: false as const, monitor, filter, every, now: new Date().toISOString() }, { headers: refreshHeaders(LIVE.includes(monitor.campaign.status) ? every : null) });
  } catch (error) {
    if (error instanceof CampaignError || (error as { init?: { status?: number } })?.init?.status === 404) return data({ notFound: true as const }, { status: 404 });
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const id = parseRecordId(params.id);
  const submission = await parseSubmission(request, monitorActionSchema);
  if (submission.status !== "success" || !id) return replyWithErrors(submission, { formErrors: [CAMPAIGN_MESSAGES.notFound] });
  const here = `/broker/whatsapp/campaign/${id}${new URL(request.url).search}`;
  const pause = submission.value.intent === "pause";
  try {
    if (pause) await pauseCampaign(user, id);
    else await resumeCampaign(user, id);
    return redirectWithToast(here, { type: "success", message: pause ? "Campanha pausada." : "Campanha retomada." });
  } catch (error) {
    if (error instanceof CampaignError) return replyWithErrors(submission, { formErrors: [pause ? CAMPAIGN_MESSAGES.pauseFailed : CAMPAIGN_MESSAGES.resumeFailed] });
    throw error;
  }
}

export function ErrorBoundary() {
  return <LiveErrorBoundary title="Monitor da campanha" backHref="/broker/campaigns" backLabel="Voltar às campanhas" />;
}

export default function CampaignMonitor({ loaderData, actionData }: Route.ComponentProps) {
  const live = !loaderData.notFound && LIVE.includes(loaderData.monitor.campaign.status) && loaderData.every > 0;
  const { offline } = useLiveRefresh(live, (loaderData.notFound ? 2 : loaderData.every || 2) * 1000);
  const busy = useNavigation().state !== "idle";
  if (loaderData.notFound) {
    return (
      <EmptyState title={CAMPAIGN_MESSAGES.notFound}>
        <Link to="/broker/campaigns" className={buttonClass("secondary", "md", "mt-4")}>
          Voltar às campanhas
        </Link>
      </EmptyState>
    );
  }
  const { monitor, filter, every, now } = loaderData;
  const { campaign } = monitor;
  const problem = formErrorOf(actionData);
  return (
    <div>
      <Link to="/broker/whatsapp/sender" className="text-sm font-medium text-brand-700 underline">
        ← Voltar ao envio de campanhas
      </Link>
      <PageHeader
        title={<span className="[overflow-wrap:anywhere]">{campaign.name}</span>}
        subtitle={`Campanha #${campaign.id} · ${campaign.launchedAt ? `lançada em ${formatDateTime(campaign.launchedAt)}` : `criada em ${formatDateTime(campaign.createdAt)}`}`}
        actions={
          <>
            <span className="self-center">
              <StatusBadge status={campaign.status} />
            </span>
            {campaign.status === "paused" ? (
              <Form method="post">
                <Button type="submit" name="intent" value="resume" pending={busy}>
                  Retomar
                </Button>
              </Form>
            ) : LIVE.includes(campaign.status) ? (
              <Form method="post">
                <Button type="submit" name="intent" value="pause" variant="secondary" pending={busy}>
                  Pausar
                </Button>
              </Form>
            ) : null}
            <Link to={`?${new URLSearchParams({ ...(filter.q ? { q: filter.q } : {}), ...(filter.status ? { status: filter.status } : {}), every: String(every) }).toString()}`} className={buttonClass("secondary")}>
              Atualizar
            </Link>
          </>
        }
      />
      <OfflineNotice offline={offline} />
      <PageProblem message={problem} />
      <Card className="mb-4 p-4">
        <p className="whitespace-pre-wrap text-sm text-slate-700 [overflow-wrap:anywhere]">{campaign.message}</p>
      </Card>
      <SummaryCards counts={monitor.counts} progress={monitor.progress} />
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <NextSendCard wait={monitor.wait} upcoming={monitor.upcoming} now={now} />
        <Card className="p-4 lg:col-span-2">
          <RefreshControl every={every} />
          <p className="mt-2 text-xs text-slate-600">{LIVE.includes(campaign.status) ? (every ? `Esta página se atualiza sozinha a cada ${every} s.` : "Atualização automática desligada.") : "A campanha não está em andamento: a página não se atualiza sozinha."}</p>
        </Card>
      </div>
      <h2 className="mb-2 mt-6 text-base font-semibold">Atividade</h2>
      <JobList jobs={monitor.jobs} filter={filter} every={every} />
    </div>
  );
}
