import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { Form } from "react-router";
import { Button, EmptyState, Input, cx } from "./index";
import { Pagination, type PaginationProps } from "./pagination";

/**
 * The one list screen of the back office: a search box and filters (a GET
 * form, so the list's state is its URL), an optional toolbar (bulk
 * actions), the rows, the empty state and the pager. The rows are a table
 * on a desktop and cards on a phone (below 768 px), from the same markup:
 * every cell takes its column's title as its label, row actions sit at the
 * bottom of the card, and user text wraps (long URLs, unbroken words)
 * instead of widening the page.
 */
export type ListColumn<Row> = {
  key: string;
  /** Column title; on a phone, the cell's label. */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The card's heading on a phone: shown first, without a label. */
  primary?: boolean;
  /** Right-aligned on a desktop (numbers, money). */
  numeric?: boolean;
  className?: string;
};

/**
 * The rows' checkboxes, the table's first column, for a screen with bulk
 * actions or a choice of rows. 'Select all' is the screen's own, in its
 * toolbar (seen on a phone too, where the table's header is not).
 */
export type ListSelection<Row> = {
  /** The id of the bulk-action form the checkboxes belong to (`form=` attribute). */
  formId: string;
  name: string;
  value: (row: Row) => string;
  label: (row: Row) => string;
  /** Kept by the screen (e.g. the lead list's shift-click ranges): the box's state and its change. */
  checked?: (row: Row) => boolean;
  onChange?: (row: Row, checked: boolean) => void;
  /** Ticked when the page is drawn (a choice sent back after a post). */
  defaultChecked?: (row: Row) => boolean;
  disabled?: (row: Row) => boolean;
};

export type ListScreenProps<Row> = {
  rows: readonly Row[];
  columns: readonly ListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** Buttons and links of a row: the last column on a desktop, the card's foot on a phone. */
  rowActions?: (row: Row) => ReactNode;
  actionsLabel?: string;
  /** The search box; its form also carries `filters` and keeps `hidden` values of the query. */
  search?: {
    label: string;
    placeholder?: string;
    defaultValue?: string;
    name?: string;
    hidden?: Record<string, string | undefined>;
    /** where the GET goes when the list is drawn by a pathless layout (whose own address would be its parent's) */
    action?: string;
  };
  filters?: ReactNode;
  toolbar?: ReactNode;
  selection?: ListSelection<Row>;
  empty: { title: ReactNode; children?: ReactNode };
  pager?: PaginationProps;
  caption?: string;
  className?: string;
  /** Extra attributes of a row's `<tr>` (data-*, a click handler, a highlight class merged with the card style). */
  rowProps?: (row: Row) => ComponentPropsWithoutRef<"tr"> & { [data: `data-${string}`]: string | number | undefined };
};

const cellBase = "px-4 py-3 align-middle text-slate-800 [overflow-wrap:anywhere] max-md:flex max-md:min-w-0 max-md:gap-3 max-md:px-0 max-md:py-1";
const headBase = "px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";

export function ListScreen<Row>({
  rows,
  columns,
  rowKey,
  rowActions,
  actionsLabel = "Ações",
  search,
  filters,
  toolbar,
  selection,
  empty,
  pager,
  caption,
  className,
  rowProps,
}: ListScreenProps<Row>) {
  return (
    <div className={cx("min-w-0 space-y-4", className)}>
      {search || filters ? <ListSearch search={search} filters={filters} /> : null}
      {toolbar}
      {rows.length === 0 ? (
        <EmptyState title={empty.title}>{empty.children}</EmptyState>
      ) : (
        <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white max-md:border-0 max-md:bg-transparent md:overflow-x-auto">
          <table className="w-full text-sm max-md:block">
            {caption ? <caption className="sr-only">{caption}</caption> : null}
            <thead className="border-b border-slate-200 max-md:sr-only">
              <tr>
                {selection ? (
                  <th scope="col" className={cx(headBase, "w-10")}>
                    <span className="sr-only">Selecionar</span>
                  </th>
                ) : null}
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={cx(headBase, c.numeric && "text-right", c.className)}>
                    {c.header}
                  </th>
                ))}
                {rowActions ? (
                  <th scope="col" className={cx(headBase, "text-right")}>
                    <span className="sr-only">{actionsLabel}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 max-md:block max-md:space-y-3 max-md:divide-y-0">
              {rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  {...rowProps?.(row)}
                  className={cx(
                    "max-md:flex max-md:flex-col max-md:rounded-[var(--radius-card)] max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4 max-md:shadow-[var(--shadow-card)]",
                    rowProps?.(row).className,
                  )}
                >
                  {selection ? (
                    <td className={cx(cellBase, "w-10")}>
                      <span className="w-28 shrink-0 text-xs font-medium text-slate-500 md:hidden" aria-hidden="true">
                        Selecionar
                      </span>
                      <input
                        type="checkbox"
                        name={selection.name}
                        value={selection.value(row)}
                        form={selection.formId}
                        aria-label={selection.label(row)}
                        {...(selection.checked ? { checked: selection.checked(row), onChange: (event) => selection.onChange?.(row, event.target.checked) } : { defaultChecked: selection.defaultChecked?.(row) })}
                        disabled={selection.disabled?.(row)}
                        className="size-4 rounded border-slate-300"
                      />
                    </td>
                  ) : null}
                  {columns.map((c) => (
                    <td key={c.key} className={cx(cellBase, c.numeric && "md:text-right", c.primary && "max-md:order-first max-md:font-semibold", c.className)}>
                      {c.primary ? null : (
                        <span className="w-28 shrink-0 text-xs font-medium text-slate-500 md:hidden" aria-hidden="true">
                          {c.header}
                        </span>
                      )}
                      <div className="min-w-0 flex-1">{c.cell(row)}</div>
                    </td>
                  ))}
                  {rowActions ? (
                    <td className="px-4 py-3 align-middle max-md:mt-2 max-md:border-t max-md:border-slate-100 max-md:px-0 max-md:pb-0 max-md:pt-3">
                      <div className="flex flex-wrap items-center justify-end gap-2 max-md:justify-start">{rowActions(row)}</div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pager ? <Pagination variant="prev-next" {...pager} /> : null}
    </div>
  );
}

/** The list's GET form: search box, filters and the query values to keep. */
export function ListSearch({ search, filters }: { search?: ListScreenProps<unknown>["search"]; filters?: ReactNode }) {
  const name = search?.name ?? "q";
  return (
    <Form method="get" action={search?.action} role="search" className="flex flex-wrap items-end gap-2">
      {search ? (
        <>
          {Object.entries(search.hidden ?? {}).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
          <div className="min-w-0 flex-1 basis-56 sm:max-w-md">
            <label htmlFor={`list-${name}`} className="sr-only">
              {search.label}
            </label>
            <Input id={`list-${name}`} name={name} type="search" defaultValue={search.defaultValue} placeholder={search.placeholder ?? search.label} maxLength={200} />
          </div>
        </>
      ) : null}
      {filters}
      <Button type="submit" variant="secondary" className="shrink-0">
        Buscar
      </Button>
    </Form>
  );
}
