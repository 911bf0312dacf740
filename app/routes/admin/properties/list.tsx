import { Form, Link, Outlet, useNavigation } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { withQuery } from "~/utils/url";
import { Badge, Button, EmptyState, Input, Modal, PageHeader, Select, Spinner, Table, buttonClass, cx, tdClass, thClass } from "~/components/ui";
import { requireAdmin } from "~/modules/auth/auth.server";
import { adminFilterChoices, hasAdminFilters, listAdminProperties, readAdminListFilters } from "~/modules/properties/admin-list.server";
import { adminListAction, listSearchOf } from "~/modules/properties/editor.route.server";
import { findProperty } from "~/modules/properties/records.server";
import { parseRecordId } from "~/utils/query-schema";
import { variantUrl } from "~/utils/images";
import { normalisePlaceName } from "~/modules/catalogue/places";
import { STATUS_LABELS, TYPE_LABELS, priceDisplay, propertyPath } from "~/modules/properties/vocabulary";
import type { Route } from "./+types/list";
import { getErrorMessage } from "~/utils/errors";
import { formatNumber } from "~/utils/format";

/**
 * /admin: the property list (filters in the URL, 10 a page) with the
 * editor opening over it as a child route. Deleting asks first through
 * ?confirmDelete={id}, a modal with a POST form (no JavaScript needed).
 */
const CONFIRM_DELETE = "Tem certeza que deseja excluir este imóvel? Esta ação não pode ser desfeita.";

export const meta: Route.MetaFunction = () => [{ title: "Imóveis | Admin | Lar Imóveis" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = readAdminListFilters(url.searchParams);
  try {
    const [list, choices] = await Promise.all([listAdminProperties(filters), adminFilterChoices(filters.city)]);
    const confirmId = parseRecordId(url.searchParams.get("confirmDelete"));
    const confirm = confirmId ? await findProperty(confirmId) : null;
    return {
      ...list,
      choices,
      filters: { ...filters, city: filters.city ? normalisePlaceName(filters.city) : undefined, minPrice: url.searchParams.get("minPrice") ?? "", maxPrice: url.searchParams.get("maxPrice") ?? "" },
      filtered: hasAdminFilters(filters),
      listSearch: listSearchOf(url),
      confirm: confirm ? { id: confirm.id, title: confirm.title } : null,
      error: null as string | null,
    };
  } catch (error) {
    return {
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
      choices: { cities: [], neighborhoods: [] },
      filters: { ...filters, minPrice: "", maxPrice: "" },
      filtered: hasAdminFilters(filters),
      listSearch: listSearchOf(url),
      confirm: null,
      error: `Erro ao carregar imóveis: ${getErrorMessage(error)}`,
    };
  }
}

// The delete form posts to /admin; depending on how the request is routed it
// reaches this layout or its index, so both export the same action.
export async function action({ request }: Route.ActionArgs) {
  return adminListAction(request);
}

export default function AdminProperties({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, choices, filters, filtered, listSearch, confirm, error } = loaderData;
  const navigation = useNavigation();
  const loadingList = navigation.state === "loading" && navigation.location.pathname === "/admin" && !navigation.formData;
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const listHrefWithout = withQuery(listSearch, { confirmDelete: null });
  return (
    <>
      <PageHeader
        title="Imóveis"
        subtitle={`${formatNumber(total)} ${total === 1 ? "imóvel cadastrado" : "imóveis cadastrados"}${filtered ? " com os filtros aplicados" : ""}`}
        actions={
          <Link to={`/admin/imoveis/novo${listSearch}`} className={buttonClass("primary")}>
            + Novo Imóvel
          </Link>
        }
      />

      <Form method="get" action="/admin" className="mb-4 grid grid-cols-2 gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:grid-cols-4 lg:grid-cols-8" role="search" aria-label="Filtrar imóveis">
        <FilterField label="Buscar" htmlFor="f-q" className="col-span-2">
          <Input id="f-q" name="q" type="search" defaultValue={filters.q ?? ""} placeholder="Título, cidade ou bairro" className="h-9" />
        </FilterField>
        <FilterField label="Status" htmlFor="f-status">
          <Select id="f-status" name="status" defaultValue={filters.status ?? ""} className="h-9">
            <option value="">Todos</option>
            {Object.entries(STATUS_LABELS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label="Categoria" htmlFor="f-type">
          <Select id="f-type" name="type" defaultValue={filters.type ?? ""} className="h-9">
            <option value="">Todas</option>
            {Object.entries(TYPE_LABELS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label="Destaque" htmlFor="f-featured">
          <Select id="f-featured" name="featured" defaultValue={filters.featured ?? ""} className="h-9">
            <option value="">Todos</option>
            <option value="destacado">Destacado</option>
            <option value="normal">Normal</option>
          </Select>
        </FilterField>
        <FilterField label="Cidade" htmlFor="f-city">
          <Select id="f-city" name="city" defaultValue={filters.city ?? ""} className="h-9">
            <option value="">Todas</option>
            {choices.cities.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label="Bairro" htmlFor="f-neighborhood" className="col-span-2 sm:col-span-2 lg:col-span-2">
          <Select id="f-neighborhood" name="neighborhood" defaultValue={filters.neighborhood ?? ""} className="h-9">
            <option value="">Todos</option>
            {choices.neighborhoods.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label="Preço mínimo (R$)" htmlFor="f-min" className="lg:col-span-2">
          <Input id="f-min" name="minPrice" inputMode="decimal" defaultValue={filters.minPrice} placeholder="0" className="h-9" />
        </FilterField>
        <FilterField label="Preço máximo (R$)" htmlFor="f-max" className="lg:col-span-2">
          <Input id="f-max" name="maxPrice" inputMode="decimal" defaultValue={filters.maxPrice} placeholder="Sem limite" className="h-9" />
        </FilterField>
        <div className="col-span-2 flex items-end gap-2 sm:col-span-4 lg:col-span-4 lg:justify-end">
          <Button type="submit" size="sm" className="h-9">
            Filtrar
          </Button>
          <Link to="/admin" className={buttonClass("ghost", "sm", "h-9")}>
            Limpar filtros
          </Link>
        </div>
      </Form>

      {error ? (
        <p role="alert" className="mb-4 rounded-lg border border-danger-600/30 bg-danger-50 px-4 py-3 text-sm text-danger-700">
          {error}
        </p>
      ) : null}

      <div className="relative" aria-busy={loadingList || undefined}>
        {loadingList ? (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/70 pt-16" role="status">
            <span className="inline-flex items-center gap-2 rounded-md bg-white px-3 py-2 text-sm text-slate-700 shadow">
              <Spinner /> Carregando imóveis...
            </span>
          </div>
        ) : null}
        {rows.length === 0 && !error ? (
          <EmptyState title="Nenhum imóvel encontrado.">Ajuste os filtros ou cadastre um novo imóvel.</EmptyState>
        ) : (
          <>
          <ul className="space-y-2 md:hidden" aria-label="Imóveis">
            {rows.map((row) => {
              const price = priceDisplay(row);
              const slug = row.slug;
              return (
                <li key={row.id} className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-3">
                  <p className="font-medium text-slate-900">{row.title}</p>
                  <p className="text-xs text-slate-500">
                    {row.property_type} · {TYPE_LABELS[row.type]} · #{row.id} · {row.neighborhood}, {row.city}
                  </p>
                  <div className="mt-2 flex flex-wrap items-center gap-1.5">
                    <span className="mr-1 text-sm font-semibold text-slate-900">
                      {price.main}
                      {price.suffix ? <span className="text-xs font-normal text-slate-500">{price.suffix}</span> : null}
                    </span>
                    <Badge tone={row.status === "available" ? "success" : "warning"}>{STATUS_LABELS[row.status]}</Badge>
                    <Badge tone={row.featured ? "accent" : "neutral"}>{row.featured ? "Destaque" : "Regular"}</Badge>
                  </div>
                  <RowActions id={row.id} title={row.title} slug={slug} listSearch={listSearch} className="mt-2 border-t border-slate-100 pt-2" />
                </li>
              );
            })}
          </ul>
          <Table className="hidden md:block">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>
                  Imóvel
                </th>
                <th scope="col" className={cx(thClass, "hidden md:table-cell")}>
                  Localização
                </th>
                <th scope="col" className={thClass}>
                  Preço
                </th>
                <th scope="col" className={thClass}>
                  Status
                </th>
                <th scope="col" className={cx(thClass, "text-right")}>
                  Ações
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => {
                const price = priceDisplay(row);
                const slug = row.slug;
                return (
                  <tr key={row.id} className="hover:bg-slate-50/60">
                    <td className={cx(tdClass, "py-2")}>
                      <div className="flex items-center gap-3">
                        <div className="hidden size-11 shrink-0 overflow-hidden rounded bg-slate-100 sm:block">
                          {row.cover ? <img src={variantUrl(row.cover, 400)} alt="" className="size-full object-cover" loading="lazy" /> : null}
                        </div>
                        <div className="min-w-0">
                          <p className="max-w-[16rem] truncate font-medium text-slate-900 lg:max-w-[22rem]" title={row.title}>
                            {row.title}
                          </p>
                          <p className="text-xs text-slate-500">
                            {row.property_type} · {TYPE_LABELS[row.type]} · #{row.id}
                          </p>
                          <p className="text-xs text-slate-500 md:hidden">
                            {row.neighborhood}, {row.city}
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className={cx(tdClass, "hidden md:table-cell")}>
                      <p>{row.neighborhood}</p>
                      <p className="text-xs text-slate-500">{row.city}</p>
                    </td>
                    <td className={cx(tdClass, "whitespace-nowrap")}>
                      {price.main}
                      {price.suffix ? <span className="text-xs text-slate-500">{price.suffix}</span> : null}
                    </td>
                    <td className={tdClass}>
                      <div className="flex flex-col items-start gap-1">
                        <Badge tone={row.status === "available" ? "success" : "warning"}>{STATUS_LABELS[row.status]}</Badge>
                        <Badge tone={row.featured ? "accent" : "neutral"}>{row.featured ? "Destaque" : "Regular"}</Badge>
                      </div>
                    </td>
                    <td className={cx(tdClass, "text-right")}>
                      <RowActions id={row.id} title={row.title} slug={slug} listSearch={listSearch} className="justify-end" />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          </>
        )}
      </div>

      <Pagination variant="prev-next" page={page} pageCount={pageCount} href={(p) => withQuery(listSearch, { page: p })} />

      {confirm ? (
        <Modal
          title="Excluir imóvel"
          footer={
            <>
              <Link to={`/admin${listHrefWithout}`} preventScrollReset className={buttonClass("secondary")}>
                Cancelar
              </Link>
              <Form method="post" action={`/admin${listHrefWithout}`}>
                <input type="hidden" name="id" value={confirm.id} />
                <Button type="submit" name="intent" value="delete" variant="danger" pending={deleting} autoFocus>
                  Excluir
                </Button>
              </Form>
            </>
          }
        >
          <p className="text-sm text-slate-700">{CONFIRM_DELETE}</p>
          <p className="mt-2 text-sm font-medium text-slate-900">{confirm.title}</p>
        </Modal>
      ) : null}

      <Outlet />
    </>
  );
}

function RowActions({ id, title, slug, listSearch, className }: { id: number; title: string; slug: string | null; listSearch: string; className?: string }) {
  return (
    <div className={cx("flex gap-1", className)}>
      <Link to={`/admin/imoveis/${id}/editar${listSearch}`} className={buttonClass("secondary", "sm")} aria-label={`Editar ${title}`}>
        Editar
      </Link>
      <a href={propertyPath({ slug, id })} target="_blank" rel="noreferrer" className={buttonClass("ghost", "sm")} aria-label={`Ver ${title} no site (nova aba)`}>
        Ver
      </a>
      <Link to={withQuery(listSearch, { confirmDelete: id })} preventScrollReset className={buttonClass("ghost", "sm", "text-danger-700 hover:bg-danger-50")} aria-label={`Excluir ${title}`}>
        Excluir
      </Link>
    </div>
  );
}

function FilterField({ label, htmlFor, className, children }: { label: string; htmlFor: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={htmlFor} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}
