import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { action as favouritesAction, loader as favouritesLoader } from "~/routes/public/favourites";
import { loader as layoutLoader } from "~/routes/public/layout";
import { FAVOURITES_MAX } from "~/modules/favourites/favourites";
import { readFavouriteIds, toggleFavourite } from "~/modules/favourites/favourites.server";
import { formRequest, getRequest, routeArgs } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { makeProperty } from "../../helpers/factories";

/** Favourites in a signed cookie (issue 28), through the /favoritos route on a real database. */
let cookie = "";

async function post(fields: Record<string, string>) {
  const r = await unwrap(() => favouritesAction(routeArgs(formRequest("/favoritos", fields, { cookie }))));
  const set = r.headers.get("Set-Cookie") ?? r.response?.headers.get("Set-Cookie");
  if (set) cookie = set.split(";")[0];
  return r;
}
const toggle = (id: number, save: boolean, redirectTo = "/imoveis?ref=x") => post({ intent: "toggle", propertyId: String(id), save: save ? "1" : "0", redirectTo });
const ids = () => readFavouriteIds(getRequest("/", { cookie }));

beforeEach(() => {
  cookie = "";
});

describe("/favoritos toggle", () => {
  it("saves and removes a property, back where the visitor was", async () => {
    const a = await makeProperty();
    const b = await makeProperty();
    const r = await toggle(a.id, true, "/imovel/x?ref=abc");
    expect(r.status).toBe(302);
    expect(r.location).toBe("/imovel/x?ref=abc");
    await toggle(b.id, true);
    expect(await ids()).toEqual([a.id, b.id]);
    await toggle(a.id, false);
    expect(await ids()).toEqual([b.id]);
    // saving twice keeps one copy
    await toggle(b.id, true);
    expect(await ids()).toEqual([b.id]);
  });

  it("never redirects to another site", async () => {
    const a = await makeProperty();
    for (const target of ["https://evil.test/", "//evil.test", "/\\evil.test"]) {
      const r = await toggle(a.id, true, target);
      expect(r.location).toBe("/favoritos");
    }
  });

  it("ignores unknown ids, bad ids and unknown intents without a 500", async () => {
    const r1 = await toggle(99_999_999, true);
    expect(r1.status).toBe(302);
    await post({ intent: "toggle", propertyId: "1 OR 1=1", save: "1" });
    await post({ intent: "drop table", propertyId: "1" });
    expect(await ids()).toEqual([]);
  });

  it("ignores a tampered or unsigned cookie", async () => {
    const a = await makeProperty();
    await toggle(a.id, true);
    expect(await ids()).toEqual([a.id]);
    const [name, value] = cookie.split("=");
    const forged = Buffer.from(JSON.stringify([a.id, 1, 2, 3])).toString("base64");
    expect(await readFavouriteIds(getRequest("/", { cookie: `${name}=${forged}` }))).toEqual([]);
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    expect(await readFavouriteIds(getRequest("/", { cookie: tampered }))).toEqual([]);
  });

  it(`keeps at most ${FAVOURITES_MAX} ids, the newest`, () => {
    let list: number[] = [];
    for (let id = 1; id <= FAVOURITES_MAX + 1; id++) list = toggleFavourite(list, id, true);
    expect(list).toHaveLength(FAVOURITES_MAX);
    expect(list[0]).toBe(2);
    expect(list.at(-1)).toBe(FAVOURITES_MAX + 1);
    expect(toggleFavourite(list.slice(0, FAVOURITES_MAX - 1), 999, true)).toHaveLength(FAVOURITES_MAX);
  });

  it("'Limpar favoritos' clears the cookie", async () => {
    const a = await makeProperty();
    await toggle(a.id, true);
    const r = await post({ intent: "clear", redirectTo: "/favoritos" });
    expect(r.headers.get("Set-Cookie")).toMatch(/Max-Age=0/i);
    expect(await ids()).toEqual([]);
  });
});

describe("/favoritos list", () => {
  it("lists saved properties newest first, marking sold and removed ones", async () => {
    const available = await makeProperty({ title: "Casa disponível" });
    const sold = await makeProperty({ title: "Casa vendida" });
    const removed = await makeProperty({ title: "Casa removida" });
    await toggle(available.id, true);
    await toggle(sold.id, true);
    await toggle(removed.id, true);
    await db().updateTable("properties").set({ status: "sold" }).where("id", "=", sold.id).execute();
    await db().deleteFrom("properties").where("id", "=", removed.id).execute();
    const r = await unwrap(() => favouritesLoader(routeArgs(getRequest("/favoritos", { cookie }))));
    const items = r.data!.items;
    expect(items.map((i) => i.id)).toEqual([removed.id, sold.id, available.id]);
    expect(items.map((i) => i.available)).toEqual([false, false, true]);
    expect(items[0].card).toBeNull();
    expect(items[1].card?.title).toBe("Casa vendida");
    // and the header count comes from the same cookie
    const layout = await unwrap(() => layoutLoader(routeArgs(getRequest("/", { cookie }))));
    expect(layout.data!.favourites).toHaveLength(3);
  });
});
