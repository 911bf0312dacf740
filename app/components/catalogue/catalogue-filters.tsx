import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatNumber } from "~/utils/format";
import {
  BEDROOM_OPTIONS,
  FILTER_DEBOUNCE_MS,
  SORTS,
  SORT_LABELS,
  TYPE_FILTER_OPTIONS,
  formatFilterNumber,
  hasActiveFilters,
  type CatalogueFilters,
} from "~/modules/catalogue/params";
import { withRef } from "~/modules/leads/referral";
import { NumberFilterField } from "./number-filter";
import { Field, Input, Options, Select, SelectBox, buttonClass, optionsOf, textOptions } from "~/components/ui";

export const FILTER_FORM_ID = "catalogue-filters";

/**
 * The catalogue's filter form: a plain GET form (works without JavaScript;
 * hidden prev* fields let the server apply the change rules). The public
 * pages' enhancement (app/enhance/filters.ts) applies every change after
 * 500 ms without a reload, replacing the URL so it always holds the state.
 */
export function CatalogueFilterForm({
  action,
  filters,
  cities,
  neighborhoods,
  showType,
  hidden,
}: {
  action: string;
  /** Fields the form carries along unchanged (the map's area). */
  hidden?: Record<string, string>;
  filters: CatalogueFilters;
  cities: string[];
  neighborhoods: string[];
  showType: boolean;
}) {
  const activeCount = [
    filters.searchTerm,
    filters.propertyType,
    filters.city,
    filters.neighborhood,
    filters.minPrice !== null || filters.maxPrice !== null,
    filters.minArea !== null || filters.maxArea !== null,
    filters.bedrooms > 0,
    Object.keys(filters.invalid).length > 0,
  ].filter(Boolean).length;

  return (
    <Form id={FILTER_FORM_ID} method="get" action={action} role="search" aria-label="Filtrar imóveis" data-live-filters="" data-debounce-ms={FILTER_DEBOUNCE_MS}>
      {filters.ref ? <input type="hidden" name="ref" value={filters.ref} /> : null}
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="prevCity" value={filters.city} />
      <input type="hidden" name="prevMinArea" value={filters.minArea ?? ""} />
      <input type="hidden" name="prevMaxArea" value={filters.maxArea ?? ""} />
      {/* On phones the fields fold away; from 1024 px they are always shown. */}
      <details
        open={activeCount > 0 ? true : undefined}
        className="group rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)] lg:[&::details-content]:[content-visibility:visible] lg:[&::details-content]:[display:contents]"
      >
        <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-slate-900 lg:hidden">
          <span>
            Filtros{activeCount ? <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">{activeCount}</span> : null}
          </span>
          <span aria-hidden="true" className="text-slate-500 group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="space-y-4 border-t border-slate-200 p-4 lg:border-t-0">
          <h2 className="hidden text-base font-semibold text-slate-900 lg:block">Filtrar imóveis</h2>
          <Field label="Buscar" htmlFor="f-searchTerm">
            <Input id="f-searchTerm" name="searchTerm" type="search" defaultValue={filters.searchTerm} placeholder="Nome, cidade ou bairro" maxLength={100} autoComplete="off" />
          </Field>
          {showType ? <SelectBox id="f-propertyType" name="propertyType" label="Tipo" defaultValue={filters.propertyType ?? ""} options={TYPE_FILTER_OPTIONS} /> : null}
          <SelectBox id="f-city" name="city" label="Cidade" defaultValue={filters.city} placeholder="Todas as cidades" options={textOptions(cities)} />
          <SelectBox id="f-neighborhood" name="neighborhood" label="Bairro" defaultValue={filters.neighborhood} disabled={!filters.city} placeholder={filters.city ? "Todos os bairros" : "Escolha a cidade primeiro"} options={textOptions(neighborhoods)} />
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-800">Preço (R$)</legend>
            <div className="grid grid-cols-2 gap-2">
              <NumberFilterField id="f-minPrice" name="minPrice" label="Preço mínimo" placeholder="Mínimo" value={formatFilterNumber(filters.minPrice)} bad={filters.invalid.minPrice} hiddenLabel />
              <NumberFilterField id="f-maxPrice" name="maxPrice" label="Preço máximo" placeholder="Máximo" value={formatFilterNumber(filters.maxPrice)} bad={filters.invalid.maxPrice} hiddenLabel />
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-800">Área (m²)</legend>
            <div className="grid grid-cols-2 gap-2">
              <NumberFilterField id="f-minArea" name="minArea" label="Área mínima" placeholder="Mínima" value={formatFilterNumber(filters.minArea)} bad={filters.invalid.minArea} hiddenLabel />
              <NumberFilterField id="f-maxArea" name="maxArea" label="Área máxima" placeholder="Máxima" value={formatFilterNumber(filters.maxArea)} bad={filters.invalid.maxArea} hiddenLabel />
            </div>
          </fieldset>
          <Field label="Quartos" htmlFor="f-bedrooms" error={filters.invalid.bedrooms?.message}>
            <Select
              id="f-bedrooms"
              name="bedrooms"
              defaultValue={String(filters.bedrooms)}
              aria-invalid={filters.invalid.bedrooms ? true : undefined}
              aria-describedby={filters.invalid.bedrooms ? "f-bedrooms-error" : undefined}
            >
              <Options options={BEDROOM_OPTIONS} />
              {filters.bedrooms > 4 ? <option value={filters.bedrooms}>{filters.bedrooms}+</option> : null}
            </Select>
          </Field>
          <div className="flex flex-wrap items-center gap-3 pt-1">
            <button type="submit" className={buttonClass("primary", "md", "flex-1")}>
              Aplicar filtros
            </button>
            {hasActiveFilters(filters) ? (
              <a href={withRef(action, filters.ref)} className="text-sm font-medium text-brand-700 hover:underline">
                Limpar filtros
              </a>
            ) : null}
          </div>
        </div>
      </details>
    </Form>
  );
}

/** The sort select sits above the results but belongs to the filter form (form attribute); label and select on one line from 1024 px. */
export function SortSelect({ sort }: { sort: CatalogueFilters["sort"] }) {
  return (
    <div className="flex flex-wrap items-center gap-2 lg:flex-nowrap">
      <label htmlFor="f-sort" className="whitespace-nowrap text-sm text-slate-700">
        Ordenar por
      </label>
      <Select
        id="f-sort"
        name="sort"
        form={FILTER_FORM_ID}
        defaultValue={sort}
        className="w-auto"
      >
        <Options options={optionsOf(SORTS, SORT_LABELS)} />
      </Select>
      <noscript>
        <button type="submit" form={FILTER_FORM_ID} className={buttonClass("secondary", "md")}>
          Ordenar
        </button>
      </noscript>
    </div>
  );
}

/**
 * The line above a catalogue's results (/imoveis and /imoveis/mapa): the count (a live region the live filters
 * update), the sort, and the link to the other view of the same search.
 */
export function ResultsHeader({ total, sort, view }: { total: number; sort: CatalogueFilters["sort"]; view: { id: string; href: string; label: string; icon: ReactNode } }) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <h2 id="results-heading" className="mr-auto text-base font-medium text-slate-700" aria-live="polite" data-catalogue-part="">
        {total === 1 ? "1 imóvel encontrado" : `${formatNumber(total)} imóveis encontrados`}
      </h2>
      <SortSelect sort={sort} />
      <a id={view.id} data-catalogue-part="" href={view.href} className={buttonClass("secondary", "md")}>
        {view.icon}
        {view.label}
      </a>
    </div>
  );
}

