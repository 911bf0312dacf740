import { Form, Link } from "react-router";
import { Button, Card, Modal, buttonClass, CardTitle } from "~/components/ui";
import { CopyButton } from "~/components/ui/copy-button";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, WEBHOOK_EVENTS } from "~/modules/webhooks/webhook-rules";
import { formatDateTime } from "~/utils/clock";
import { DeliveryLog, type DeliveryLogRow } from "./delivery-log";

export type WebhookDetailsView = { id: number; url: string; events: string[]; secret: string | null; deliveries: DeliveryLogRow[] };

/** ?details={id}: the address, the events, the signing key (with how to check it, and a new one) and the latest deliveries. */
export function WebhookDetailsModal({ details, busy }: { details: WebhookDetailsView; busy: boolean }) {
  return (
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
          <dd className="font-mono text-xs [overflow-wrap:anywhere]">{details.url}</dd>
          <CopyButton text={details.url} label="Copiar URL" copiedMessage="Copiado" className="mt-1" />
        </div>
        <div>
          <dt className="font-medium text-slate-700">Eventos</dt>
          <dd>{details.events.map((e) => (WEBHOOK_EVENTS as Record<string, string>)[e] ?? e).join(", ")}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Chave de assinatura</dt>
          <dd className="font-mono text-xs [overflow-wrap:anywhere]">{details.secret ?? "—"}</dd>
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
  );
}

export type PortalLeadsView = {
  url: string | null;
  recent: { origin_lead_id: string; lead_origin: string | null; client_listing_id: string | null; received_at: string; lead_id: number | null; name: string | null }[];
};

/** The address ZAP Imóveis and VivaReal post their leads to, and the latest received. */
export function PortalLeadsCard({ portal, busy }: { portal: PortalLeadsView; busy: boolean }) {
  return (
    <Card className="mt-8 p-5" as="section">
      <CardTitle>Leads dos portais (ZAP Imóveis e VivaReal)</CardTitle>
      <p className="mt-1 text-sm text-slate-600">Cadastre este endereço no portal: cada lead recebido entra como um lead do site (roleta, CRM e webhooks), ligado ao imóvel pelo código do anúncio.</p>
      {portal.url ? (
        <div className="mt-3">
          <label htmlFor="portal-url" className="text-sm font-medium text-slate-700">
            Endereço para o portal
          </label>
          <input id="portal-url" readOnly value={portal.url} className="mt-1 block w-full min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
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
            <li key={r.origin_lead_id} className="flex flex-wrap gap-2 py-2 [overflow-wrap:anywhere]">
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
  );
}
