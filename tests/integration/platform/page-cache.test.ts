import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, nowIso } from "~/modules/platform/db.server";
import { clearPageCache, pageCache } from "../../../server/page-cache";
import { buildProperty } from "~/modules/platform/seed.server";

/** The anonymous page cache in front of React Router, on a real HTTP server and database. */
let base = "";
let renders = 0;
let close: () => void = () => {};

beforeAll(async () => {
  const app = express();
  app.use(pageCache());
  app.get(["/imoveis", "/contato"], (req, res) => {
    renders += 1;
    if (req.query.cookie) res.setHeader("Set-Cookie", "x=1");
    res.type("html").send(`<p>render ${renders}</p>`);
  });
  app.post("/contato", (_req, res) => {
    renders += 1;
    res.type("html").send("posted");
  });
  const server = app.listen(0);
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers });
  return { body: await res.text(), cache: res.headers.get("x-page-cache") };
}

describe("page cache", () => {
  it("serves an anonymous visitor the same page without rendering again", async () => {
    clearPageCache();
    const first = await get("/imoveis?city=Campinas");
    const second = await get("/imoveis?city=Campinas");
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(second.body).toBe(first.body);
    // another query string is another page
    expect((await get("/imoveis?city=Santos")).cache).toBe("miss");
  });

  it("never serves or stores a cached page for a request with a cookie", async () => {
    clearPageCache();
    await get("/contato");
    const withCookie = await get("/contato", { cookie: "__session=abc" });
    expect(withCookie.cache).toBeNull();
  });

  it("does not keep responses that set a cookie, nor POSTs", async () => {
    clearPageCache();
    await get("/imoveis?cookie=1");
    expect((await get("/imoveis?cookie=1")).cache).toBe("miss");
    const before = renders;
    await fetch(`${base}/contato`, { method: "POST" });
    await fetch(`${base}/contato`, { method: "POST" });
    expect(renders).toBe(before + 2);
  });

  it("drops pages as soon as a property changes", async () => {
    clearPageCache();
    const first = await get("/imoveis");
    expect((await get("/imoveis")).body).toBe(first.body);
    const row = buildProperty(() => 0.5, 1);
    await db().insertInto("properties").values({ ...row, created_at: nowIso(), updated_at: nowIso() }).execute();
    const after = await get("/imoveis");
    expect(after.cache).toBe("miss");
    expect(after.body).not.toBe(first.body);
  });
});
