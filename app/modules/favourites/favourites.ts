/**
 * Favourites and comparison (issue 28), the browser-safe half: limits, the
 * form's words and the one reader of an id list (a cookie's or a query's).
 */
export const FAVOURITES_MAX = 50;
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

export const FAVOURITE_LABELS = {
  add: "Salvar nos favoritos",
  remove: "Remover dos favoritos",
} as const;

export const COMPARE_MESSAGES = {
  tooFew: `Selecione pelo menos ${COMPARE_MIN} imóveis para comparar.`,
  tooMany: `Compare no máximo ${COMPARE_MAX} imóveis por vez.`,
  invalid: "Não entendemos a lista de imóveis a comparar. Escolha-os de novo nos seus favoritos.",
  missing: "Algum dos imóveis escolhidos não está mais disponível. Escolha-os de novo nos seus favoritos.",
} as const;

/** Positive whole ids, without repeats, in order; null when anything in the list is not one. */
export function parseIdList(values: readonly unknown[]): number[] | null {
  const ids: number[] = [];
  for (const value of values) {
    const s = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
    if (!/^[1-9]\d{0,11}$/.test(s)) return null;
    const id = Number(s);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** /comparar's ids: "?ids=1,2,3" or repeated "?ids=1&ids=2" (the favourites' checkboxes). */
export function readCompareIds(params: URLSearchParams): { ok: true; ids: number[] } | { ok: false; message: string } {
  const raw = params.getAll("ids").flatMap((v) => v.split(",")).filter((v) => v.trim() !== "");
  if (raw.length > 20) return { ok: false, message: COMPARE_MESSAGES.tooMany };
  const ids = parseIdList(raw);
  if (!ids) return { ok: false, message: COMPARE_MESSAGES.invalid };
  if (ids.length < COMPARE_MIN) return { ok: false, message: COMPARE_MESSAGES.tooFew };
  if (ids.length > COMPARE_MAX) return { ok: false, message: COMPARE_MESSAGES.tooMany };
  return { ok: true, ids };
}
