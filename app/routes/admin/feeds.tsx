import { Link, useLoaderData } from "react-router";
import { Alert, Badge, Card, PageHeader, buttonClass } from "~/components/ui";
import { CopyButton } from "~/components/ui/copy-button";
import { ListScreen, type ListColumn } from "~/components/ui/list-screen";
import { requireAdmin } from "~/modules/auth/auth.server";
import { feedStatusPage, feedUrl } from "~/modules/feeds/feeds.server";
import { PORTALS, PORTAL_LABELS, VRSYNC_MAX_LISTINGS, type Check, type Portal } from "~/modules/feeds/rules";
import { editorFieldHref } from "~/modules/properties/editor/links";
import { TAB_LABELS } from "~/modules/properties/editor/state";
import { FIELD_TAB } from "~/modules/properties/editor/schema";
import { propertyPath } from "~/modules/properties/vocabulary";
import { pageCountOf } from "~/utils/pagination";
import { pageParam } from "~/utils/query-schema";
import type { Route } from "./+types/feeds";

export const meta: Route.MetaFunction = () => [{ title: "Integração XML | Administração" }];

const PER_PAGE = 20;
const FILE_NAMES: Record<Portal, string> = { olx: "olx", chavesnamao: "chavesnamao", default: "padrao" };

/**
 * /integracao-xml (spec 03 §2.10): each available property's feed URLs and,
 * beside each, what that portal would reject and why (feeds/rules.ts), each
 * reason linked to the editor field that fixes it (issue 24). On the one
 * list screen: a card per property on a phone, its reasons folded until
 * opened, 20 a page. Reading only; the feeds are always current.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const requested = pageParam.parse(new URL(request.url).searchParams.get("page") ?? 1);
  const first = await feedStatusPage(requested, PER_PAGE);
  const pageCount = pageCountOf(first.total, PER_PAGE);
  const page = Math.min(requested, Math.max(1, pageCount));
  const { rows, total } = page === requested ? first : await feedStatusPage(page, PER_PAGE);
  return {
    page,
    pageCount,
    total,
    portals: PORTALS.map((p) => ({ portal: p, label: PORTAL_LABELS[p], url: feedUrl(p) })),
    rows: rows.map((r) => ({
      ...r,
      path: propertyPath(r),
      editorPath: `/admin/imoveis/${r.id}/editar`,
      urls: Object.fromEntries(PORTALS.map((p) => [p, feedUrl(p, r.id)])) as Record<Portal, string>,
    })),
  };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

function PortalBadge({ check }: { check: Check }) {
  if (check.errors.length) return <Badge tone="danger">Fora do XML</Badge>;
  if (check.warnings.length) return <Badge tone="warning">Enviado com avisos</Badge>;
  return <Badge tone="success">Enviado</Badge>;
}

/** Each portal's state in one line per portal; the reasons and URLs folded below. */
function PortalSummary({ row }: { row: Row }) {
  const problems = PORTALS.reduce((n, p) => n + row.checks[p].errors.length + row.checks[p].warnings.length, 0);
  return (
    <div className="space-y-2 font-normal">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 md:flex-col" aria-label={`Portais de ${row.title}`}>
        {PORTALS.map((portal) => (
          <li key={portal} className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
            <span className="text-xs font-semibold text-slate-700">{PORTAL_LABELS[portal]}</span>
            <PortalBadge check={row.checks[portal]} />
          </li>
        ))}
      </ul>
      <details className="group rounded-md border border-slate-200 bg-slate-50/60" data-testid="feed-details">
        <summary className="cursor-pointer list-none px-3 py-2 text-sm font-medium text-brand-700 marker:hidden [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="mr-1 inline-block transition-transform group-open:rotate-90">
            ›
          </span>
          {problems ? `Motivos (${problems}) e endereços XML` : "Endereços XML"}
        </summary>
        <div className="space-y-3 border-t border-slate-200 px-3 py-3">
          {PORTALS.map((portal) => (
            <PortalDetail key={portal} row={row} portal={portal} />
          ))}
        </div>
      </details>
    </div>
  );
}

/** One portal: its XML for this property, and each reason with a link to the field that fixes it. */
function PortalDetail({ row, portal }: { row: Row; portal: Portal }) {
  const check = row.checks[portal];
  const reasons = [...check.errors.map((text) => ({ text, error: true })), ...check.warnings.map((text) => ({ text, error: false }))];
  return (
    <section aria-label={PORTAL_LABELS[portal]} className="text-xs">
      <h3 className="font-semibold text-slate-800">{PORTAL_LABELS[portal]}</h3>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <a href={row.urls[portal]} className="font-mono text-brand-700 [overflow-wrap:anywhere] hover:underline" target="_blank" rel="noreferrer">
          {row.urls[portal]}
        </a>
        <a href={row.urls[portal]} download={`${FILE_NAMES[portal]}-${row.id}.xml`} className="font-medium text-slate-700 underline hover:text-slate-900">
          Baixar
        </a>
      </p>
      {reasons.length ? (
        <ul className="mt-1 space-y-1">
          {reasons.map(({ text, error }) => {
            const field = check.fields[text];
            return (
              <li key={text} className={error ? "text-danger-700" : "text-warning-700"}>
                <span className="[overflow-wrap:anywhere]">{text}</span>
                {field ? (
                  <>
                    {" "}
                    <Link to={editorFieldHref(row.editorPath, field)} className="whitespace-nowrap font-medium text-brand-700 underline">
                      Corrigir em {TAB_LABELS[FIELD_TAB[field]] ?? "Editar"}
                    </Link>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

const COLUMNS: ListColumn<Row>[] = [
  {
    key: "title",
    header: "Imóvel",
    primary: true,
    className: "md:w-2/5",
    cell: (row) => (
      <>
        <Link to={row.path} className="font-medium text-brand-700 hover:underline">
          {row.title}
        </Link>
        <p className="mt-0.5 flex items-center gap-3 text-xs font-normal text-slate-500">
          <span className="font-mono">#{row.id}</span>
          <Link to={row.editorPath} className="font-medium text-brand-700 underline" aria-label={`Editar ${row.title}`}>
            Editar
          </Link>
        </p>
      </>
    ),
  },
  // also a card's heading on a phone (no label beside it: the portals name themselves)
  { key: "portals", header: "URL XML", primary: true, cell: (row) => <PortalSummary row={row} /> },
];

export default function FeedIntegration() {
  const { page, pageCount, total, portals, rows } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title="Integração XML"
        subtitle="Endereços que os portais leem. Um imóvel que o portal recusaria fica fora do XML daquele portal, com o motivo e o campo que o corrige."
        actions={
          <>
            <Link to="/xml-docs" className={buttonClass("ghost")}>
              Documentação dos XML
            </Link>
            <a href="/integracao-xml/urls.csv" className={buttonClass("secondary")} download>
              Baixar lista de URLs (CSV)
            </a>
          </>
        }
      />
      {total > VRSYNC_MAX_LISTINGS ? (
        <Alert tone="warning" title="Limite do arquivo VRSync" className="mb-4">
          Este catálogo tem {total.toLocaleString("pt-BR")} imóveis disponíveis; o Grupo OLX aceita até {VRSYNC_MAX_LISTINGS.toLocaleString("pt-BR")} anúncios por
          arquivo VRSync. Fale com o suporte de integração do portal (chamado.integracao@olxbr.com) antes de cadastrar o endereço.
        </Alert>
      ) : null}
      <div className="mb-6 grid gap-3 md:grid-cols-3">
        {portals.map((p) => (
          <Card key={p.portal} className="p-4">
            <h2 className="text-sm font-semibold text-slate-900">{p.label}</h2>
            <p className="mt-1 font-mono text-xs text-slate-700 [overflow-wrap:anywhere]">{p.url}</p>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <a href={`/xml/${p.portal}`} className={buttonClass("secondary", "sm")} target="_blank" rel="noreferrer">
                Abrir XML
              </a>
              <a href={`/xml/${p.portal}`} className={buttonClass("ghost", "sm")} download={`${FILE_NAMES[p.portal]}.xml`}>
                Baixar
              </a>
              <CopyButton text={p.url} label="Copiar URL" copiedMessage="Copiado" failedMessage="Erro ao copiar" variant="ghost" />
            </div>
          </Card>
        ))}
      </div>

      {rows.length ? (
        <p className="mb-2 text-sm text-slate-600">
          {total.toLocaleString("pt-BR")} imóve{total === 1 ? "l disponível" : "is disponíveis"}
          {pageCount > 1 ? ` · página ${page} de ${pageCount}` : ""}
        </p>
      ) : null}
      <ListScreen
        rows={rows}
        rowKey={(row) => row.id}
        columns={COLUMNS}
        caption="Imóveis disponíveis e o que cada portal recebe"
        empty={{ title: "Nenhum imóvel disponível no momento." }}
        pager={{ page, pageCount, href: (n) => (n === 1 ? "/integracao-xml" : `/integracao-xml?page=${n}`) }}
      />
    </div>
  );
}
