import { useEffect, useRef } from "react";
import { Form, useNavigate } from "react-router";
import {
  BEDROOM_OPTIONS,
  FILTER_DEBOUNCE_MS,
  SORTS,
  SORT_LABELS,
  TYPE_FILTER_OPTIONS,
  catalogueQuery,
  filtersFromSubmission,
  formatFilterNumber,
  hasActiveFilters,
  type CatalogueFilters,
  type CatalogueSort,
} from "~/modules/catalogue/params";
import { withRef } from "~/modules/leads/referral";
import { Field, Input, Select, buttonClass } from "~/components/ui";

export const FILTER_FORM_ID = "catalogue-filters";

/**
 * The catalogue's filter form: a plain GET form (works without JavaScript;
 * hidden prev* fields let the server apply the change rules), and with
 * JavaScript every change applies after 500 ms without a reload, replacing
 * the URL so it always holds the state.
 */
export function CatalogueFilterForm({
  action,
  defaultSort = "recent",
  filters,
  cities,
  neighborhoods,
  showType,
}: {
  action: string;
  /** The page's order when the URL names none (featured first on /buscar). */
  defaultSort?: CatalogueSort;
  filters: CatalogueFilters;
  cities: string[];
  neighborhoods: string[];
  showType: boolean;
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);

  const apply = () => {
    const form = formRef.current;
    if (!form) return;
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (typeof v === "string") params.append(k, v);
    const next = filtersFromSubmission(params, defaultSort);
    navigate(`${action}${catalogueQuery({ ...next, page: 1 }, {}, defaultSort)}`, { replace: true, preventScrollReset: true });
  };

  // After each navigation, show the server's view of the filters (cleared city, fixed area bound)
  // in every field the visitor is not typing in.
  const shown = fieldValues(filters);
  const shownKey = JSON.stringify(shown);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries(JSON.parse(shownKey) as Record<string, string>)) {
      const el = form.elements.namedItem(name);
      if ((el instanceof HTMLInputElement || el instanceof HTMLSelectElement) && el !== document.activeElement && el.value !== value) el.value = value;
    }
  }, [shownKey]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const activeCount = [
    filters.searchTerm,
    filters.propertyType,
    filters.city,
    filters.neighborhood,
    filters.minPrice !== null || filters.maxPrice !== null,
    filters.minArea !== null || filters.maxArea !== null,
    filters.bedrooms > 0,
  ].filter(Boolean).length;

  return (
    <Form
      ref={formRef}
      id={FILTER_FORM_ID}
      method="get"
      action={action}
      role="search"
      aria-label="Filtrar imóveis"
      onChange={(e) => {
        if ((e.target as unknown as { name?: string }).name === "city") {
          const nb = formRef.current?.elements.namedItem("neighborhood");
          if (nb instanceof HTMLSelectElement) nb.value = "";
        }
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(apply, FILTER_DEBOUNCE_MS);
      }}
      onSubmit={(e) => {
        e.preventDefault();
        window.clearTimeout(timer.current);
        apply();
      }}
    >
      {filters.ref ? <input type="hidden" name="ref" value={filters.ref} /> : null}
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
          {showType ? (
            <Field label="Tipo" htmlFor="f-propertyType">
              <Select id="f-propertyType" name="propertyType" defaultValue={filters.propertyType ?? ""}>
                {TYPE_FILTER_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          <Field label="Cidade" htmlFor="f-city">
            <Select id="f-city" name="city" defaultValue={filters.city}>
              <option value="">Todas as cidades</option>
              {cities.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Bairro" htmlFor="f-neighborhood">
            <Select id="f-neighborhood" name="neighborhood" defaultValue={filters.neighborhood} disabled={!filters.city}>
              <option value="">{filters.city ? "Todos os bairros" : "Escolha a cidade primeiro"}</option>
              {neighborhoods.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </Field>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-800">Preço (R$)</legend>
            <div className="grid grid-cols-2 gap-2">
              <Input aria-label="Preço mínimo" name="minPrice" inputMode="decimal" defaultValue={formatFilterNumber(filters.minPrice)} placeholder="Mínimo" maxLength={20} />
              <Input aria-label="Preço máximo" name="maxPrice" inputMode="decimal" defaultValue={formatFilterNumber(filters.maxPrice)} placeholder="Máximo" maxLength={20} />
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-800">Área (m²)</legend>
            <div className="grid grid-cols-2 gap-2">
              <Input aria-label="Área mínima" name="minArea" inputMode="decimal" defaultValue={formatFilterNumber(filters.minArea)} placeholder="Mínima" maxLength={20} />
              <Input aria-label="Área máxima" name="maxArea" inputMode="decimal" defaultValue={formatFilterNumber(filters.maxArea)} placeholder="Máxima" maxLength={20} />
            </div>
          </fieldset>
          <Field label="Quartos" htmlFor="f-bedrooms">
            <Select id="f-bedrooms" name="bedrooms" defaultValue={String(filters.bedrooms)}>
              {BEDROOM_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
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

/** The sort select sits above the results but belongs to the filter form (form attribute). */
export function SortSelect({ sort }: { sort: CatalogueFilters["sort"] }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="f-sort" className="whitespace-nowrap text-sm text-slate-700">
        Ordenar por
      </label>
      <Select
        id="f-sort"
        name="sort"
        form={FILTER_FORM_ID}
        defaultValue={sort}
        className="w-auto"
        // The select sits outside the form element, so its change does not bubble to the form's handler.
        onChange={() => (document.getElementById(FILTER_FORM_ID) as HTMLFormElement | null)?.requestSubmit()}
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </Select>
      <noscript>
        <button type="submit" form={FILTER_FORM_ID} className={buttonClass("secondary", "md")}>
          Ordenar
        </button>
      </noscript>
    </div>
  );
}

function fieldValues(f: CatalogueFilters): Record<string, string> {
  return {
    searchTerm: f.searchTerm,
    propertyType: f.propertyType ?? "",
    city: f.city,
    neighborhood: f.neighborhood,
    minPrice: formatFilterNumber(f.minPrice),
    maxPrice: formatFilterNumber(f.maxPrice),
    minArea: formatFilterNumber(f.minArea),
    maxArea: formatFilterNumber(f.maxArea),
    bedrooms: String(f.bedrooms),
    sort: f.sort,
  };
}
