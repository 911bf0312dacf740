import { Link, useLoaderData } from "react-router";
import { Alert, Badge, Card, EmptyState, PageHeader, Table, buttonClass, tdClass, thClass } from "~/components/ui";
import { CopyButton } from "~/components/ui/copy-button";
import { Pagination } from "~/components/ui/pagination";
import { requireAdmin } from "~/modules/auth/auth.server";
import { feedStatusPage, feedUrl } from "~/modules/feeds/feeds.server";
import { PORTALS, PORTAL_LABELS, VRSYNC_MAX_LISTINGS, type Portal } from "~/modules/feeds/rules";
import { propertyPath } from "~/modules/properties/vocabulary";
import { pageCountOf } from "~/utils/pagination";
import { pageParam } from "~/utils/query-schema";
import type { Route } from "./+types/feeds";

export const meta: Route.MetaFunction = () => [{ title: "Integração XML | Administração" }];

const PER_PAGE = 25;
const FILE_NAMES: Record<Portal, string> = { olx: "olx", chavesnamao: "chavesnamao", default: "padrao" };

/**
 * /integracao-xml (spec 03 §2.10): each available property's feed URLs and,
 * beside each, what that portal would reject and why (feeds/rules.ts).
 * Reading only; the feeds themselves are always current, so there is nothing to post.
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
    rows: rows.map((r) => ({ ...r, path: propertyPath(r), urls: Object.fromEntries(PORTALS.map((p) => [p, feedUrl(p, r.id)])) as Record<Portal, string> })),
  };
}

export default function FeedIntegration() {
  const { page, pageCount, total, portals, rows } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title="Integração XML"
        subtitle="Endereços que os portais leem. Um imóvel que o portal recusaria fica fora do XML daquele portal, com o motivo ao lado."
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
            <p className="mt-1 break-all font-mono text-xs text-slate-700">{p.url}</p>
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

      {rows.length === 0 ? (
        <EmptyState title="Nenhum imóvel disponível no momento." />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">
            {total.toLocaleString("pt-BR")} imóve{total === 1 ? "l disponível" : "is disponíveis"}
          </p>
          <Table>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>
                  ID
                </th>
                <th scope="col" className={thClass}>
                  Título
                </th>
                <th scope="col" className={`${thClass} hidden md:table-cell`}>
                  URL XML
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className={`${tdClass} align-top font-mono text-xs`}>{row.id}</td>
                  <td className={`${tdClass} align-top md:min-w-48 md:max-w-72`}>
                    <Link to={row.path} className="font-medium text-brand-700 hover:underline">
                      {row.title}
                    </Link>
                    <div className="mt-3 md:hidden">
                      <PortalChecks row={row} />
                    </div>
                  </td>
                  <td className={`${tdClass} hidden min-w-80 align-top md:table-cell`}>
                    <PortalChecks row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pagination variant="prev-next" page={page} pageCount={pageCount} href={(n) => `/integracao-xml?page=${n}`} />
        </>
      )}
    </div>
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

/** Each portal's URL for one property, its state and the reasons (a column at md+, under the title on phones). */
function PortalChecks({ row }: { row: Row }) {
  return (
    <ul className="space-y-3">
      {PORTALS.map((portal) => {
        const check = row.checks[portal];
        const rejected = check.errors.length > 0;
        return (
          <li key={portal}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-xs font-semibold text-slate-700">{PORTAL_LABELS[portal]}</span>
              {rejected ? <Badge tone="danger">Fora do XML</Badge> : check.warnings.length ? <Badge tone="warning">Enviado com avisos</Badge> : <Badge tone="success">Enviado</Badge>}
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
              <a href={row.urls[portal]} className="break-all font-mono text-brand-700 hover:underline" target="_blank" rel="noreferrer">
                {row.urls[portal]}
              </a>
              <a href={row.urls[portal]} download={`${FILE_NAMES[portal]}-${row.id}.xml`} className="font-medium text-slate-700 underline hover:text-slate-900">
                Baixar
              </a>
            </div>
            {rejected || check.warnings.length ? (
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
                {check.errors.map((e) => (
                  <li key={e} className="text-danger-700">
                    {e}
                  </li>
                ))}
                {check.warnings.map((w) => (
                  <li key={w} className="text-warning-700">
                    {w}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
