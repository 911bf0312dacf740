import { Link } from "react-router";
import { Card } from "~/components/ui";
import { HISTORY_PREVIEW } from "~/modules/crm/labels";
import { LEAD_PAGE_ANCHORS } from "~/modules/leads/lead-page";
import { WHATSAPP_DELIVERY_LABELS } from "~/modules/messaging/whatsapp-labels";
import { formatDateTime } from "~/utils/clock";
import { formatPhone } from "~/utils/phone";
import type { LeadPageData } from "./types";

/** Histórico (02 §2.5): 3 stage changes, 'Ver mais'/'Ver menos' as links back to this card, and the WhatsApp messages sent. */
export function HistoryCard({ data, showAll }: { data: LeadPageData; showAll: boolean }) {
  const { lead, history, whatsappSent } = data;
  const shown = showAll ? history : history.slice(0, HISTORY_PREVIEW);
  const anchor = `#${LEAD_PAGE_ANCHORS.history}`;
  return (
    <Card className="min-w-0 p-5" as="section">
      <h2 id={LEAD_PAGE_ANCHORS.history} className="scroll-mt-4 text-lg font-semibold">
        Histórico
      </h2>
      {history.length === 0 ? <p className="mt-2 text-sm text-slate-600">Nenhuma mudança de etapa.</p> : null}
      <ol className="mt-3 space-y-2 text-sm">
        {shown.map((h) => (
          <li key={h.id} className="min-w-0 border-l-2 border-brand-200 pl-3 [overflow-wrap:anywhere]" data-history>
            <p>
              {h.fromStage ?? "—"} → <strong>{h.toStage ?? "—"}</strong>
            </p>
            <p className="text-xs text-slate-500">
              {h.changedBy ?? "—"} · {formatDateTime(h.changedAt)}
            </p>
          </li>
        ))}
      </ol>
      {history.length > HISTORY_PREVIEW ? (
        <Link to={showAll ? `/broker/lead/${lead.id}${anchor}` : `/broker/lead/${lead.id}?historico=todos${anchor}`} preventScrollReset className="mt-2 inline-block text-sm text-brand-700 hover:underline">
          {showAll ? "Ver menos" : "Ver mais"}
        </Link>
      ) : null}
      {whatsappSent.length ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-700">Mensagens de WhatsApp</h3>
          <ol className="mt-2 space-y-2 text-sm">
            {whatsappSent.map((m) => (
              <li key={m.id} className="min-w-0 border-l-2 border-success-600 pl-3" data-whatsapp-message>
                <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{m.body}</p>
                <p className="text-xs text-slate-500">
                  {formatPhone(m.to)} · {formatDateTime(m.created_at)}
                  {m.delivery ? ` · ${WHATSAPP_DELIVERY_LABELS[m.delivery]}` : ""}
                </p>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </Card>
  );
}
