import { Card, CardTitle } from "~/components/ui";
import { formatPhone } from "~/utils/phone";
import type { LeadPageData } from "./types";

/** Contato (02 §2.5): e-mail, phone, listing, origin and the visitor's message. */
export function ContactCard({ lead }: { lead: LeadPageData["lead"] }) {
  return (
    <Card className="min-w-0 p-5" as="section">
      <CardTitle>Contato</CardTitle>
      <dl className="mt-3 space-y-2 text-sm [overflow-wrap:anywhere]">
        <div>
          <dt className="text-slate-500">Email</dt>
          <dd>
            {lead.email ? (
              <a href={`mailto:${lead.email}`} className="text-brand-700 hover:underline">
                {lead.email}
              </a>
            ) : (
              "—"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Telefone</dt>
          <dd>
            {lead.phone ? (
              <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 hover:underline">
                {formatPhone(lead.phone)}
              </a>
            ) : (
              "—"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Imóvel</dt>
          <dd>
            {lead.property_url ? (
              <a href={lead.property_url} className="text-brand-700 hover:underline">
                {lead.property_title}
              </a>
            ) : (
              (lead.property_title ?? "—")
            )}
          </dd>
        </div>
        {lead.message ? (
          <div>
            <dt className="text-slate-500">Mensagem</dt>
            <dd className="whitespace-pre-wrap">{lead.message}</dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}
