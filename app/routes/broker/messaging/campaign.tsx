import { useEffect, useState } from "react";
import { data, Form, Link, useLoaderData, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { z } from "zod";
import { StatusBadge } from "~/components/messaging/status-badge";
import { Alert, Button, buttonClass, Card, EmptyState, Input, PageHeader, Select, Table, tdClass, thClass } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { CAMPAIGN_MESSAGES, JOB_STATUS_ORDER } from "~/modules/messaging/campaign-rules";
import { pauseCampaign, resumeCampaign } from "~/modules/messaging/campaigns.server";
import { campaignMonitor } from "~/modules/messaging/campaign-monitor.server";
import { CampaignError } from "~/modules/messaging/campaign-types";
import { formatDateTime } from "~/utils/clock";
import { WHATSAPP_DELIVERY_LABELS } from "~/modules/messaging/whatsapp-labels";
import type { Route } from "./+types/campaign";

export const meta: Route.MetaFunction = () => [{ title: "Campanha | Painel do corretor" }];

const REFRESH_CHOICES = [1, 2, 5, 10] as const;
const filterSchema = z.object({ q: z.string().max(80).catch(""), status: z.enum(["", ...JOB_STATUS_ORDER]).catch("") });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const id = Number(params.id);
  const url = new URL(request.url);
  const filter = filterSchema.parse({ q: url.searchParams.get("q") ?? "", status: url.searchParams.get("status") ?? "" });
  if (!Number.isInteger(id) || id <= 0) return data({ notFound: true as const }, { status: 404 });
  try {
    return { notFound: false as const, monitor: await campaignMonitor(user, id, filter), filter, now: new Date().toISOString() };
  } catch (error) {
    if (error instanceof CampaignError || (error as { init?: { status?: number } })?.init?.status === 404) return data({ notFound: true as const }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const id = Number(params.id);
  const intent = String((await request.formData()).get("intent") ?? "");
  const here = `/broker/whatsapp/campaign/${id}`;
  try {
    if (intent === "pause") {
      await pauseCampaign(user, id);
      return redirectWithToast(here, { type: "success", message: "Campanha pausada." });
    }
    if (intent === "resume") {
      await resumeCampaign(user, id);
      return redirectWithToast(here, { type: "success", message: "Campanha retomada." });
    }
  } catch (error) {
    if (error instanceof CampaignError) return redirectWithToast(here, { type: "error", message: intent === "pause" ? CAMPAIGN_MESSAGES.pauseFailed : CAMPAIGN_MESSAGES.resumeFailed });
    throw error;
  }
  return data({ error: "Pedido inválido" }, { status: 400 });
}

function Countdown({ to, now }: { to: string; now: string }) {
  const [tick, setTick] = useState(() => Date.parse(now));
  useEffect(() => {
    setTick(Date.now());
    const t = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(t);
  }, [to]);
  const s = Math.max(0, Math.round((Date.parse(to) - tick) / 1000));
  const text = s >= 3600 ? `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}min` : `${Math.floor(s / 60)}min ${String(s % 60).padStart(2, "0")}s`;
  return <span className="font-mono">{text}</span>;
}

export default function CampaignMonitor() {
  const loaded = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const [auto, setAuto] = useState(true);
  const [every, setEvery] = useState<number>(2);
  const live = !loaded.notFound && ["running", "scheduled"].includes(loaded.monitor.campaign.status);
  useEffect(() => {
    if (!auto || !live) return;
    const t = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, every * 1000);
    return () => clearInterval(t);
  }, [auto, every, live, revalidator]);

  if (loaded.notFound) {
    return (
      <EmptyState title={CAMPAIGN_MESSAGES.notFound}>
        <Link to="/broker/campaigns" className={buttonClass("secondary", "md", "mt-4")}>
          Voltar às campanhas
        </Link>
      </EmptyState>
    );
  }
  const { monitor, filter, now } = loaded;
  const { campaign, counts } = monitor;
  const busy = navigation.state !== "idle";
  const summary = [
    ["Total", counts.total],
    ["Enviadas", counts.sent],
    ["Falharam", counts.failed],
    ["Pendentes", counts.pending + counts.sending + counts.paused],
    ["Canceladas", counts.cancelled],
  ] as const;

  return (
    <div>
      <Link to="/broker/whatsapp/sender" className="text-sm font-medium text-brand-700 underline">
        ← Voltar ao envio de campanhas
      </Link>
      <PageHeader
        title={campaign.name}
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
            ) : ["running", "scheduled"].includes(campaign.status) ? (
              <Form method="post">
                <Button type="submit" name="intent" value="pause" variant="secondary" pending={busy}>
                  Pausar
                </Button>
              </Form>
            ) : null}
            <Link to={`?${params.toString()}`} className={buttonClass("secondary")} onClick={(e) => (e.preventDefault(), revalidator.revalidate())}>
              Atualizar
            </Link>
          </>
        }
      />
      <Card className="mb-4 p-4">
        <p className="whitespace-pre-wrap text-sm text-slate-700">{campaign.message}</p>
      </Card>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {summary.map(([label, value]) => (
          <Card key={label} className="p-4">
            <p className="text-xs text-slate-600">{label}</p>
            <p className="text-2xl font-bold text-slate-900" data-testid={`count-${label}`}>
              {value}
            </p>
          </Card>
        ))}
      </div>
      <div className="mt-4" role="progressbar" aria-label="Progresso da campanha" aria-valuemin={0} aria-valuemax={100} aria-valuenow={monitor.progress}>
        <div className="h-2 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full bg-success-600 transition-[width]" style={{ width: `${monitor.progress}%` }} />
        </div>
        <p className="mt-1 text-xs text-slate-600">{monitor.progress}% concluído</p>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <Card className="p-4">
          <h2 className="text-sm font-semibold">Próximo envio</h2>
          <p className="mt-1 text-lg text-slate-900">{monitor.nextFireAt && campaign.status !== "paused" ? <Countdown to={monitor.nextFireAt} now={now} /> : "—"}</p>
          <ul className="mt-3 space-y-1 text-sm text-slate-700">
            {monitor.upcoming.map((j) => (
              <li key={j.id} className="flex justify-between gap-2">
                <span className="truncate">{j.leadName ?? j.to}</span>
                <span className="text-slate-500">{formatDateTime(j.fireAt)}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card className="p-4 lg:col-span-2">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} className="size-4" />
              Atualização automática
            </label>
            <label className="flex items-center gap-2">
              <span className="sr-only">Intervalo</span>
              <Select value={every} onChange={(e) => setEvery(Number(e.target.value))} className="w-24" aria-label="Intervalo de atualização">
                {REFRESH_CHOICES.map((s) => (
                  <option key={s} value={s}>
                    {s} s
                  </option>
                ))}
              </Select>
            </label>
          </div>
          <Form method="get" className="mt-3 flex flex-wrap gap-2">
            <label htmlFor="job-q" className="sr-only">
              Buscar
            </label>
            <Input id="job-q" name="q" defaultValue={filter.q} placeholder="Buscar por nome ou número" className="w-56" />
            <label htmlFor="job-status" className="sr-only">
              Status
            </label>
            <Select id="job-status" name="status" defaultValue={filter.status} className="w-40">
              <option value="">Todos</option>
              {JOB_STATUS_ORDER.map((s) => (
                <option key={s} value={s}>
                  {{ sent: "Enviado", failed: "Falhou", sending: "Enviando", scheduled: "Agendado", paused: "Pausado", cancelled: "Cancelado" }[s]}
                </option>
              ))}
            </Select>
            <Button type="submit" variant="secondary">
              Filtrar
            </Button>
          </Form>
        </Card>
      </div>
      {campaign.status === "paused" ? (
        <Alert tone="warning" className="mt-4">
          Campanha pausada: nenhuma mensagem é enviada até você retomar.
        </Alert>
      ) : null}
      <h2 className="mb-2 mt-6 text-base font-semibold">Atividade</h2>
      <Table>
        <thead className="bg-slate-50">
          <tr>
            <th className={thClass}>Lead</th>
            <th className={thClass}>Número</th>
            <th className={thClass}>Status</th>
            <th className={thClass}>Horário</th>
            <th className={thClass}>Detalhe</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {monitor.jobs.map((j) => (
            <tr key={j.id}>
              <td className={tdClass}>{j.leadName ?? "—"}</td>
              <td className={tdClass}>{j.to}</td>
              <td className={tdClass}>
                <StatusBadge status={j.status} />
              </td>
              <td className={tdClass}>{formatDateTime(j.sentAt ?? j.fireAt)}</td>
              <td className={tdClass}>{j.error ?? (j.delivery ? WHATSAPP_DELIVERY_LABELS[j.delivery] : "")}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
