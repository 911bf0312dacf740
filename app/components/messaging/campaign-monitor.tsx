import { useEffect, useState } from "react";
import { Form, useNavigate, useSearchParams } from "react-router";
import { StatusBadge } from "~/components/messaging/status-badge";
import { Button, Card, Options, Select, optionsOf } from "~/components/ui";
import { ListScreen } from "~/components/ui/list-screen";
import { REFRESH_CHOICES } from "~/modules/messaging/campaign-forms";
import { isInterrupted, JOB_STATUS_ORDER } from "~/modules/messaging/campaign-rules";
import type { WaitInfo } from "~/modules/messaging/campaign-wait";
import { WHATSAPP_DELIVERY_LABELS } from "~/modules/messaging/whatsapp-labels";
import { formatDateTime } from "~/utils/clock";

/** The campaign monitor's parts (spec 03 §2.5): summary, next send with its reason, refresh control, activity list. */
export type MonitorCounts = { total: number; sent: number; failed: number; pending: number; sending: number; paused: number; cancelled: number };
type Job = { id: number; leadName: string | null; to: string; status: string; fireAt: string; sentAt: string | null; error: string | null; delivery: string | null };

export function SummaryCards({ counts, progress }: { counts: MonitorCounts; progress: number }) {
  const summary = [
    ["Total", counts.total],
    ["Enviadas", counts.sent],
    ["Falharam", counts.failed],
    ["Pendentes", counts.pending + counts.sending + counts.paused],
    ["Canceladas", counts.cancelled],
  ] as const;
  return (
    <>
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
      <div className="mt-4" role="progressbar" aria-label="Progresso da campanha" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        <div className="h-2 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full bg-success-600 transition-[width]" style={{ width: `${progress}%` }} />
        </div>
        <p className="mt-1 text-xs text-slate-600">{progress}% concluído</p>
      </div>
    </>
  );
}

/** "em 2min 05s", "em 21h 26min" (as the roulette's countdown): how long until an instant; ticks with JavaScript. */
function useUntil(to: string | null, now: string): string | null {
  const [tick, setTick] = useState(() => Date.parse(now));
  useEffect(() => {
    setTick(Date.now());
    const t = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(t);
  }, [to]);
  if (!to) return null;
  const s = Math.round((Date.parse(to) - tick) / 1000);
  if (s <= 0) return "agora";
  if (s >= 3600) return `em ${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}min`;
  return `em ${Math.floor(s / 60)}min ${String(s % 60).padStart(2, "0")}s`;
}

export function NextSendCard({ wait, upcoming, now }: { wait: WaitInfo; upcoming: { id: number; leadName: string | null; to: string; fireAt: string }[]; now: string }) {
  const until = useUntil(wait.nextAt, now);
  const waiting = ["disconnected", "warm-up", "daily-cap", "outside-window", "paused"].includes(wait.reason);
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold">Próximo envio</h2>
      <p className="mt-1 text-lg text-slate-900" data-testid="next-send">
        {wait.nextAt ? (
          <>
            {formatDateTime(wait.nextAt)} <span className="text-sm text-slate-600">({until})</span>
          </>
        ) : (
          "—"
        )}
      </p>
      <p className={waiting ? "mt-1 text-sm font-medium text-warning-700" : "mt-1 text-sm text-slate-600"} data-testid="wait-reason" data-reason={wait.reason}>
        {wait.text}
      </p>
      <ul className="mt-3 space-y-1 text-sm text-slate-700">
        {upcoming.map((j) => (
          <li key={j.id} className="flex justify-between gap-2">
            <span className="min-w-0 [overflow-wrap:anywhere]">{j.leadName ?? j.to}</span>
            <span className="shrink-0 text-slate-500">{formatDateTime(j.fireAt)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * 'Atualização automática' (spec 03 §2.5, §9): off, 1, 2, 5 or 10 s, kept in
 * the URL (`?every=`). Without JavaScript it is a GET form and the server's
 * Refresh header does the refreshing; with it, a change applies at once.
 */
export function RefreshControl({ every }: { every: number }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2 text-sm">
      {[...params.entries()].filter(([k]) => k !== "every").map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label className="flex flex-col gap-1 font-medium text-slate-800">
        Atualização automática
        <Select
          name="every"
          defaultValue={String(every)}
          className="w-40"
          onChange={(e) => {
            const next = new URLSearchParams(params);
            next.set("every", e.currentTarget.value);
            navigate(`?${next.toString()}`, { replace: true, preventScrollReset: true });
          }}
        >
          <option value="0">Desligada</option>
          <Options options={REFRESH_CHOICES.map((s) => ({ value: s, label: `A cada ${s} s` }))} />
        </Select>
      </label>
      <Button type="submit" variant="secondary" hidden={hydrated}>
        Aplicar
      </Button>
    </Form>
  );
}

const JOB_LABELS: Record<string, string> = { sent: "Enviado", failed: "Falhou", sending: "Enviando", scheduled: "Agendado", paused: "Pausado", cancelled: "Cancelado" };

export function JobList({ jobs, filter, every }: { jobs: Job[]; filter: { q: string; status: string }; every: number }) {
  return (
    <ListScreen
      search={{ label: "Buscar por nome ou número", defaultValue: filter.q, hidden: { every: String(every) } }}
      filters={
        <label className="flex flex-col text-sm">
          <span className="sr-only">Status</span>
          <Select name="status" defaultValue={filter.status} className="w-40" aria-label="Status">
            <option value="">Todos</option>
            <Options options={optionsOf(JOB_STATUS_ORDER, JOB_LABELS)} />
          </Select>
        </label>
      }
      rows={jobs}
      rowKey={(j) => j.id}
      caption="Atividade da campanha"
      empty={{ title: filter.q || filter.status ? "Nenhum envio encontrado com esses filtros." : "Nenhum envio ainda." }}
      columns={[
        { key: "lead", header: "Lead", primary: true, cell: (j) => j.leadName ?? "—" },
        { key: "to", header: "Número", cell: (j) => j.to },
        { key: "status", header: "Status", cell: (j) => <StatusBadge status={j.status === "failed" && isInterrupted(j.error) ? "interrupted" : j.status} /> },
        { key: "at", header: "Horário", cell: (j) => formatDateTime(j.sentAt ?? j.fireAt) },
        { key: "detail", header: "Detalhe", cell: (j) => j.error ?? (j.delivery ? WHATSAPP_DELIVERY_LABELS[j.delivery] : "") },
      ]}
    />
  );
}

