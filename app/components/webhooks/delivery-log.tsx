import { Badge } from "~/components/ui";
import type { WebhookDeliveryStatus } from "#db/schema";
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUS_TONES } from "~/modules/webhooks/webhook-rules";
import { formatDateTime } from "~/utils/clock";

export type DeliveryLogRow = { id: number; event: string; status: WebhookDeliveryStatus; attempts: number; last_error: string | null; created_at: string };

/** A webhook's latest deliveries (status, event, date, attempts, last error): /admin/webhook's details and /admin/roleta's webhook tab. */
export function DeliveryLog({ deliveries }: { deliveries: DeliveryLogRow[] }) {
  if (deliveries.length === 0) return <p className="mt-1 text-sm text-slate-600">Nenhum envio ainda.</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-100 text-xs">
      {deliveries.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-2 py-2">
          <Badge tone={DELIVERY_STATUS_TONES[d.status]}>{DELIVERY_STATUS_LABELS[d.status]}</Badge>
          <span>{d.event}</span>
          <span className="text-slate-500">{formatDateTime(d.created_at)}</span>
          <span className="text-slate-500">
            {d.attempts} {d.attempts === 1 ? "tentativa" : "tentativas"}
          </span>
          {d.last_error ? <span className="w-full break-words text-danger-700">{d.last_error}</span> : null}
        </li>
      ))}
    </ul>
  );
}
