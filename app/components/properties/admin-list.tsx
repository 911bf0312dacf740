import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge, Field, Select, buttonClass, cx } from "~/components/ui";
import type { ListColumn } from "~/components/ui/list-screen";
import { NumberFilterField } from "~/components/catalogue/number-filter";
import type { InvalidFilters } from "~/modules/catalogue/params";
import type { AdminListRow } from "~/modules/properties/admin-list";
import { STATUS_LABELS, TYPE_LABELS, priceDisplay, propertyPath } from "~/modules/properties/vocabulary";
import { variantUrl } from "~/utils/images";
import { withQuery } from "~/utils/url";

/**
 * Pieces of the admin property list (/admin, spec 01 §2) on the one list
 * screen: its filters (inside ListScreen's GET form), its columns (a table
 * on a desktop, cards on a phone) and each row's actions.
 */

export type AdminListFilterValues = {
  q?: string;
  status?: string;
  type?: string;
  featured?: string;
  city?: string;
  neighborhood?: string;
  /** the prices as typed (shown back even when they are not numbers) */
  minPrice: string;
  maxPrice: string;
};

function FilterSelect({ id, name, label, value, options, all, className }: { id: string; name: string; label: string; value?: string; options: [string, string][]; all: string; className?: string }) {
  return (
    <Field label={label} htmlFor={id} className={cx("min-w-0", className)}>
      <Select id={id} name={name} defaultValue={value ?? ""}>
        <option value="">{all}</option>
        {options.map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function AdminListFilters({ filters, invalid, choices }: { filters: AdminListFilterValues; invalid: InvalidFilters; choices: { cities: string[]; neighborhoods: string[] } }): ReactNode {
  // Keyed by the values: Back/Forward shows the URL's filters again.
  return (
    <div key={JSON.stringify(filters)} className="grid w-full grid-cols-2 items-start gap-3 sm:grid-cols-4 lg:grid-cols-7">
      <FilterSelect id="f-status" name="status" label="Status" value={filters.status} all="Todos" options={Object.entries(STATUS_LABELS)} />
      <FilterSelect id="f-type" name="type" label="Categoria" value={filters.type} all="Todas" options={Object.entries(TYPE_LABELS)} />
      <FilterSelect
        id="f-featured"
        name="featured"
        label="Destaque"
        value={filters.featured}
        all="Todos"
        options={[
          ["destacado", "Destacado"],
          ["normal", "Normal"],
        ]}
      />
      <FilterSelect id="f-city" name="city" label="Cidade" value={filters.city} all="Todas" options={choices.cities.map((c) => [c, c])} />
      <FilterSelect id="f-neighborhood" name="neighborhood" label="Bairro" value={filters.neighborhood} all="Todos" options={choices.neighborhoods.map((n) => [n, n])} />
      <NumberFilterField id="f-minPrice" name="minPrice" label="Preço mínimo (R$)" value={filters.minPrice} bad={invalid.minPrice} placeholder="0" />
      <NumberFilterField id="f-maxPrice" name="maxPrice" label="Preço máximo (R$)" value={filters.maxPrice} bad={invalid.maxPrice} placeholder="Sem limite" />
    </div>
  );
}

function Price({ row }: { row: AdminListRow }) {
  const price = priceDisplay(row);
  return (
    <span className="whitespace-nowrap font-medium text-slate-900">
      {price.main}
      {price.suffix ? <span className="text-xs font-normal text-slate-500">{price.suffix}</span> : null}
    </span>
  );
}

/** Imóvel, Localização, Preço, Status (spec 01 §2); the title is the card's heading on a phone. */
export const ADMIN_LIST_COLUMNS: ListColumn<AdminListRow>[] = [
  {
    key: "title",
    header: "Imóvel",
    primary: true,
    cell: (row) => (
      <div className="flex items-center gap-3">
        <div className="hidden size-11 shrink-0 overflow-hidden rounded bg-slate-100 sm:block">
          {row.cover ? <img src={variantUrl(row.cover, 400)} alt="" className="size-full object-cover" loading="lazy" /> : null}
        </div>
        <div className="min-w-0">
          <p className="font-medium text-slate-900 md:line-clamp-2">{row.title}</p>
          <p className="text-xs font-normal text-slate-500">
            {row.property_type} · {TYPE_LABELS[row.type]} · #{row.id}
          </p>
        </div>
      </div>
    ),
  },
  {
    key: "place",
    header: "Localização",
    cell: (row) => (
      <>
        <p>{row.neighborhood}</p>
        <p className="text-xs text-slate-500">{row.city}</p>
      </>
    ),
  },
  { key: "price", header: "Preço", cell: (row) => <Price row={row} /> },
  {
    key: "status",
    header: "Status",
    cell: (row) => (
      <div className="flex flex-wrap items-start gap-1 md:flex-col">
        <Badge tone={row.status === "available" ? "success" : "warning"}>{STATUS_LABELS[row.status]}</Badge>
        <Badge tone={row.featured ? "accent" : "neutral"}>{row.featured ? "Destaque" : "Regular"}</Badge>
      </div>
    ),
  },
];

/** Editar, Ver (new tab, spec 01 §2), Excluir (asks first: ?confirmDelete={id}, a modal with a POST form). */
export function AdminRowActions({ row, listSearch }: { row: AdminListRow; listSearch: string }) {
  return (
    <>
      <Link to={`/admin/imoveis/${row.id}/editar${listSearch}`} className={buttonClass("secondary", "sm")} aria-label={`Editar ${row.title}`}>
        Editar
      </Link>
      <a href={propertyPath({ slug: row.slug, id: row.id })} target="_blank" rel="noreferrer" className={buttonClass("ghost", "sm")} aria-label={`Ver ${row.title} no site (nova aba)`}>
        Ver
      </a>
      <Link to={withQuery(listSearch, { confirmDelete: row.id })} preventScrollReset className={buttonClass("ghost", "sm", "text-danger-700 hover:bg-danger-50")} aria-label={`Excluir ${row.title}`}>
        Excluir
      </Link>
    </>
  );
}
