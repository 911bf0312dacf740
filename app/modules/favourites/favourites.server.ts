import { redirect } from "react-router";
import { safeRedirect } from "~/modules/auth/auth.server";
import { cardsByIds } from "~/modules/catalogue/cards.server";
import { signedCookie } from "~/modules/platform/cookies.server";
import { db } from "~/modules/platform/db.server";
import { readFormData } from "~/modules/platform/forms.server";
import { FAVOURITES_MAX, parseIdList } from "./favourites";

/**
 * The visitor's favourites live in one signed cookie holding property ids
 * (docs/decisions.md, "Favourites in a signed cookie"): no account, no row
 * per visitor, nothing about the person. A tampered or unsigned cookie reads
 * as no favourites; at most FAVOURITES_MAX ids (the newest kept).
 */
const COOKIE_NAME = "__favoritos";
const favouritesCookie = signedCookie(COOKIE_NAME, 365 * 24 * 60 * 60);

/** The ids saved in this browser, oldest first ([] without a valid cookie). */
export async function readFavouriteIds(request: Request): Promise<number[]> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${COOKIE_NAME}=`)) return [];
  const value: unknown = await favouritesCookie().parse(header);
  if (!Array.isArray(value)) return [];
  return (parseIdList(value) ?? []).slice(-FAVOURITES_MAX);
}

export async function favouritesHeader(ids: number[]): Promise<string> {
  if (ids.length === 0) return favouritesCookie().serialize([], { maxAge: 0 });
  return favouritesCookie().serialize(ids.slice(-FAVOURITES_MAX));
}

/** Adds (at the end, dropping the oldest past the cap) or removes an id. */
export function toggleFavourite(ids: number[], id: number, save: boolean): number[] {
  const rest = ids.filter((x) => x !== id);
  return save ? [...rest, id].slice(-FAVOURITES_MAX) : rest;
}

/**
 * POST /favoritos: intent "toggle" (propertyId, save "1" or "0") or "clear".
 * Answers a redirect back to where the visitor was (a same-origin path only);
 * the enhancement posts the same form with fetch and ignores the redirect.
 */
export async function favouritesAction(request: Request): Promise<Response> {
  const form = await readFormData(request);
  const back = safeRedirect(form.get("redirectTo"), "/favoritos");
  const ids = await readFavouriteIds(request);
  const intent = form.get("intent");
  if (intent === "clear") return redirect(back, { headers: { "Set-Cookie": await favouritesHeader([]) } });
  const [id] = parseIdList([form.get("propertyId")]) ?? [];
  if (intent !== "toggle" || !id) return redirect(back);
  const save = form.get("save") === "1";
  // only a property that exists can be saved (a removed one can still be removed)
  if (save && !(await db().selectFrom("properties").select("id").where("id", "=", id).where("is_draft", "=", 0).executeTakeFirst())) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await favouritesHeader(toggleFavourite(ids, id, save)) } });
}

/** /favoritos: the saved properties newest first; ids whose property is gone or no longer available are flagged. */
export async function listFavourites(request: Request) {
  const ids = (await readFavouriteIds(request)).reverse();
  const cards = await cardsByIds(ids);
  const rows = ids.length ? await db().selectFrom("properties").select(["id", "status"]).where("id", "in", ids).execute() : [];
  const status = new Map(rows.map((r) => [r.id, r.status]));
  const byId = new Map(cards.map((c) => [c.id, c]));
  return ids.map((id) => {
    const card = byId.get(id) ?? null;
    return { id, card, available: card !== null && status.get(id) === "available" };
  });
}
