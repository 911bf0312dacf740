import { Form, Link } from "react-router";
import { Alert, Badge, Button, Card } from "~/components/ui";
import { HiddenField, formErrorOf, resultFor } from "~/components/ui/form";
import { LEAD_PAGE_ANCHORS } from "~/modules/leads/lead-page";
import { OFFER_PURPOSE_LABELS } from "~/modules/offers/owner-offer";
import { STATUS_LABELS } from "~/modules/properties/vocabulary";
import { formatBRL } from "~/utils/format";
import type { LeadPageData } from "./types";

/**
 * Imóvel oferecido (issue 28): what an owner sent with 'Anuncie seu imóvel'
 * ('captacao' leads), the photos through the authorised route
 * (/arquivos/captacao/{id}), and 'Criar rascunho de imóvel', a POST of the
 * lead page's intent union that opens the draft in the editor (once: the
 * second press opens the same draft).
 */
export function OfferCard({ data, actionData, busy }: { data: LeadPageData; actionData: unknown; busy: boolean }) {
  const offer = data.offer;
  if (!offer) return null;
  const problem = resultFor(actionData, "offer-draft") ? formErrorOf(actionData) : undefined;
  const facts: [string, string][] = [
    ["Finalidade", OFFER_PURPOSE_LABELS[offer.purpose]],
    ["Tipo", offer.kind],
    ["Cidade", offer.city],
    ["Bairro", offer.neighborhood],
    ["Área", `${offer.area.toLocaleString("pt-BR")} m²`],
    ["Quartos", String(offer.bedrooms)],
    ["Valor pretendido", `${formatBRL(offer.price, { cents: "auto" })}${offer.purpose === "rent" ? "/mês" : ""}`],
  ];
  return (
    <Card className="min-w-0 p-5" as="section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={LEAD_PAGE_ANCHORS.offer} className="scroll-mt-24 text-lg font-semibold">
          Imóvel oferecido
        </h2>
        <Badge tone="info">Captação</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4 [overflow-wrap:anywhere]">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <h3 className="mt-5 text-sm font-semibold text-slate-800">Fotos enviadas pelo proprietário</h3>
      {offer.photos.length ? (
        <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
          {offer.photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md border border-slate-200 bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600">
                <img src={photo.thumbUrl} alt={`Foto ${i + 1} do imóvel oferecido (${photo.name})`} loading="lazy" className="aspect-[4/3] w-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">O proprietário não enviou fotos.</p>
      )}

      <div className="mt-5 space-y-2 border-t border-slate-100 pt-4">
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
        {offer.draft ? (
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
            Rascunho criado: <span className="font-medium text-slate-900">{offer.draft.title}</span> ({STATUS_LABELS[offer.draft.status]}).
          </p>
        ) : null}
        {offer.canCreateDraft ? (
          <Form method="post" action={`/broker/lead/${data.lead.id}`}>
            {/* no #fragment in the action: a browser keeps it through the redirect to the editor; the card is at the top of the page anyway */}
            <HiddenField name="intent" value="offer-draft" />
            <Button type="submit" size="sm" variant={offer.draft ? "secondary" : "primary"} pending={busy}>
              {offer.draft ? "Abrir rascunho do imóvel" : "Criar rascunho de imóvel"}
            </Button>
          </Form>
        ) : offer.draft ? (
          <Link to={`/imovel/${offer.draft.id}`} className="text-sm text-brand-700 hover:underline">
            Ver imóvel
          </Link>
        ) : null}
        {!offer.draft && offer.canCreateDraft ? <p className="text-xs text-slate-600">Cria um imóvel não publicado (status Reservado) com estes dados e as fotos, e abre o editor.</p> : null}
      </div>
    </Card>
  );
}
