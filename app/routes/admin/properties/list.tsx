import { Link, Outlet, useNavigation } from "react-router";
import { AdminListFilters, ADMIN_LIST_COLUMNS, AdminRowActions } from "~/components/properties/admin-list";
import { PageHeader, PageProblem, Spinner } from "~/components/ui";
import { ConfirmDelete } from "~/components/ui/confirm-modal";
import { ListScreen } from "~/components/ui/list-screen";
import { requireAdmin } from "~/modules/auth/auth.server";
import { normalisePlaceName } from "~/modules/catalogue/places";
import { CONFIRM_DELETE } from "~/modules/properties/admin-list";
import { adminFilterChoices, hasAdminFilters, listAdminProperties, readAdminListFilters } from "~/modules/properties/admin-list.server";
import { adminListAction, listSearchOf } from "~/modules/properties/editor.route.server";
import { findProperty } from "~/modules/properties/records.server";
import { getErrorMessage } from "~/utils/errors";
import { formatNumber } from "~/utils/format";
import { parseRecordId } from "~/utils/query-schema";
import { pathWithQuery, withQuery } from "~/utils/url";
import type { Route } from "./+types/list";

/**
 * /admin: the property list on the one list screen (filters in the URL, 10
 * a page, a table on a desktop and cards on a phone) with the editor
 * opening over it as a child route. Deleting asks first through
 * ?confirmDelete={id}, a modal with a POST form (no JavaScript needed).
 */

export const meta: Route.MetaFunction = () => [{ title: "Imóveis | Admin | Lar Imóveis" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const { invalid, ...filters } = readAdminListFilters(url.searchParams);
  const shown = {
    q: filters.q,
    status: filters.status,
    type: filters.type,
    featured: filters.featured,
    city: filters.city ? normalisePlaceName(filters.city) : undefined,
    neighborhood: filters.neighborhood,
    minPrice: url.searchParams.get("minPrice")?.slice(0, 30) ?? "",
    maxPrice: url.searchParams.get("maxPrice")?.slice(0, 30) ?? "",
  };
  const base = { filters: shown, invalid, filtered: hasAdminFilters({ ...filters, invalid }), listSearch: listSearchOf(url) };
  try {
    const [list, choices] = await Promise.all([listAdminProperties({ ...filters, invalid }), adminFilterChoices(filters.city)]);
    const confirmId = parseRecordId(url.searchParams.get("confirmDelete"));
    const confirm = confirmId ? await findProperty(confirmId) : null;
    return { ...list, ...base, choices, confirm: confirm ? { id: confirm.id, title: confirm.title } : null, error: null as string | null };
  } catch (error) {
    return { rows: [], total: 0, page: 1, pageCount: 1, ...base, choices: { cities: [], neighborhoods: [] }, confirm: null, error: `Erro ao carregar imóveis: ${getErrorMessage(error)}` };
  }
}

// The delete form posts to /admin; depending on how the request is routed it
// reaches this layout or its index, so both export the same action.
export async function action({ request }: Route.ActionArgs) {
  return adminListAction(request);
}

export default function AdminProperties({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, choices, filters, invalid, filtered, listSearch, confirm, error } = loaderData;
  const navigation = useNavigation();
  const loadingList = navigation.state === "loading" && navigation.location.pathname === "/admin" && !navigation.formData;
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const withoutConfirm = withQuery(listSearch, { confirmDelete: null });
  const badFilters = Object.keys(invalid).length > 0;
  return (
    <>
      <PageHeader
        title="Imóveis"
        subtitle={`${formatNumber(total)} ${total === 1 ? "imóvel cadastrado" : "imóveis cadastrados"}${filtered ? " com os filtros aplicados" : ""}`}
        createLink={{ to: `/admin/imoveis/novo${listSearch}`, label: "+ Novo Imóvel" }}
      />

      <PageProblem message={error} />

      <div className="relative" aria-busy={loadingList || undefined}>
        {loadingList ? (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/70 pt-16" role="status">
            <span className="inline-flex items-center gap-2 rounded-md bg-white px-3 py-2 text-sm text-slate-700 shadow">
              <Spinner /> Carregando imóveis...
            </span>
          </div>
        ) : null}
        <ListScreen
          rows={rows}
          rowKey={(row) => row.id}
          columns={ADMIN_LIST_COLUMNS}
          rowActions={(row) => <AdminRowActions row={row} listSearch={listSearch} />}
          caption="Imóveis cadastrados"
          search={{ label: "Buscar imóveis", placeholder: "Título, cidade ou bairro", defaultValue: filters.q ?? "", action: "/admin" }}
          filters={<AdminListFilters filters={filters} invalid={invalid} choices={choices} />}
          toolbar={
            filtered || badFilters ? (
              <p className="text-sm">
                <Link to="/admin" className="font-medium text-brand-700 underline">
                  Limpar filtros
                </Link>
              </p>
            ) : null
          }
          empty={{ title: "Nenhum imóvel encontrado.", children: badFilters ? "Corrija o filtro de preço destacado acima." : "Ajuste os filtros ou cadastre um novo imóvel." }}
          pager={{ page, pageCount, href: (p) => pathWithQuery("/admin", listSearch, { page: p === 1 ? null : p, confirmDelete: null }) }}
        />
      </div>

      <ConfirmDelete record={confirm} subject={(p) => p.title} title="Excluir imóvel" question={CONFIRM_DELETE} cancelTo={`/admin${withoutConfirm}`} action={`/admin${withoutConfirm}`} pending={deleting} />

      <Outlet />
    </>
  );
}
