/**
 * Page numbers for the one pager (`~/components/ui/pagination`). Pure, so
 * loaders, components and tests share them.
 */

/** Buttons shown by the "window" pager (public catalogue). */
export const MAX_PAGE_BUTTONS = 5;
/** Up to this many pages the "ellipsis" pager shows every number. */
export const PAGER_MAX_PLAIN = 7;

export type PagerItem = number | "ellipsis";

/** Up to `max` page numbers around the current page. */
export function pageButtons(current: number, pageCount: number, max = MAX_PAGE_BUTTONS): number[] {
  if (pageCount <= 1) return [];
  const count = Math.min(max, pageCount);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, pageCount - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * Page buttons: all of them up to 7 pages; beyond, always 7 slots with the
 * first, the last and the current page's neighbours, gaps shown as "…".
 */
export function pagerItems(page: number, pageCount: number): PagerItem[] {
  if (pageCount <= PAGER_MAX_PLAIN) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, page), pageCount);
  if (current <= 4) return [1, 2, 3, 4, 5, "ellipsis", pageCount];
  if (current >= pageCount - 3) return [1, "ellipsis", pageCount - 4, pageCount - 3, pageCount - 2, pageCount - 1, pageCount];
  return [1, "ellipsis", current - 1, current, current + 1, "ellipsis", pageCount];
}

/** How many pages `total` rows make at `perPage` a page (at least 1). */
export function pageCountOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
