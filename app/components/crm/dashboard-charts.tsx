import { formatDate } from "~/utils/clock";
import { Card, CardTitle } from "~/components/ui";

/** Small server-rendered SVG charts for the broker dashboard; no chart library, readable without JavaScript. */


export function LeadsPerWeekChart({ weeks }: { weeks: { from: string; count: number }[] }) {
  const max = Math.max(1, ...weeks.map((w) => w.count));
  const W = 320;
  const H = 140;
  const barW = W / weeks.length;
  const total = weeks.reduce((s, w) => s + w.count, 0);
  return (
    <Card className="p-5">
      <CardTitle>Leads por semana</CardTitle>
      <p className="text-sm text-slate-600">Últimas {weeks.length} semanas · {total} lead(s)</p>
      <svg viewBox={`0 0 ${W} ${H + 20}`} className="mt-3 w-full" role="img" aria-labelledby="leads-week-desc">
        <desc id="leads-week-desc">{weeks.map((w) => `semana de ${formatDate(w.from).slice(0, 5)}: ${w.count}`).join("; ")}</desc>
        {weeks.map((w, i) => {
          const h = Math.round((w.count / max) * (H - 16));
          const x = i * barW + 4;
          return (
            <g key={w.from} data-week={w.from} data-count={w.count}>
              <rect x={x} y={H - h} width={barW - 8} height={h} rx={3} className="fill-brand-600" />
              <text x={x + (barW - 8) / 2} y={H - h - 4} textAnchor="middle" className="fill-slate-700 text-[10px]">{w.count}</text>
              <text x={x + (barW - 8) / 2} y={H + 14} textAnchor="middle" className="fill-slate-500 text-[9px]">{formatDate(w.from).slice(0, 5)}</text>
            </g>
          );
        })}
      </svg>
    </Card>
  );
}

export function FunnelChart({ stages }: { stages: { id: number; name: string; count: number }[] }) {
  const max = Math.max(1, ...stages.map((s) => s.count));
  const row = 26;
  const W = 320;
  const labelW = 120;
  return (
    <Card className="p-5">
      <CardTitle>Funil por etapa</CardTitle>
      <p className="text-sm text-slate-600">Leads em cada etapa do CRM</p>
      <svg viewBox={`0 0 ${W} ${Math.max(1, stages.length) * row}`} className="mt-3 w-full" role="img" aria-labelledby="funnel-desc">
        <desc id="funnel-desc">{stages.map((s) => `${s.name}: ${s.count}`).join("; ")}</desc>
        {stages.map((s, i) => {
          const w = Math.round((s.count / max) * (W - labelW - 36));
          return (
            <g key={s.id} data-stage={s.name} data-count={s.count}>
              <text x={0} y={i * row + 17} className="fill-slate-700 text-[11px]">{s.name.length > 18 ? `${s.name.slice(0, 17)}…` : s.name}</text>
              <rect x={labelW} y={i * row + 5} width={Math.max(w, 2)} height={row - 10} rx={3} className="fill-accent-500" />
              <text x={labelW + Math.max(w, 2) + 6} y={i * row + 17} className="fill-slate-700 text-[11px]">{s.count}</text>
            </g>
          );
        })}
      </svg>
    </Card>
  );
}
