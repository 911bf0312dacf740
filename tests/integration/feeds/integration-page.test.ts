import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { loader as pageLoader } from "~/routes/admin/feeds";
import { loader as csvLoader } from "~/routes/resources/feeds/urls-csv";
import { ACCOUNT_MENU } from "~/components/layout/nav";
import { makeAdmin, makeBroker, makeProperty } from "../../helpers/factories";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";

/** /integracao-xml and its CSV: admins only; each portal's URL with what it would reject and why. */
const PHOTOS = JSON.stringify([1, 2, 3, 4, 5].map((n) => `/uploads/imoveis/t/foto-${n}.jpg`));

describe("/integracao-xml", () => {
  it("is for admins only (loader and CSV)", async () => {
    const broker = await makeBroker();
    const cookie = await sessionCookie(broker.userId);
    const page = await unwrap(() => pageLoader(routeArgs(getRequest("/integracao-xml", { cookie })) as never));
    const csv = await unwrap(() => csvLoader(routeArgs(getRequest("/integracao-xml/urls.csv", { cookie })) as never));
    for (const r of [page, csv]) {
      expect(r.status).toBeGreaterThanOrEqual(300);
      expect(r.status).toBeLessThan(400);
      expect(r.location).not.toBeNull();
    }
    const anonymous = await unwrap(() => pageLoader(routeArgs(getRequest("/integracao-xml")) as never));
    expect(anonymous.location).toMatch(/^\/login/);
  });

  it("lists each property's feed URLs and the reasons a portal would reject it", async () => {
    const admin = await makeAdmin();
    const cookie = await sessionCookie(admin.id);
    const good = await makeProperty({ title: "Apartamento completo para portais", postal_code: "01310-100", images: PHOTOS, description: "x".repeat(80), purpose: "sale", price: 300000, rent_price: 0, rental: 0, area: 70 });
    const bad = await makeProperty({ title: "Curto", postal_code: null, images: "[]", purpose: "sale", price: 300000, rent_price: 0, rental: 0 });
    const r = await unwrap(() => pageLoader(routeArgs(getRequest("/integracao-xml", { cookie })) as never));
    const rows = r.data!.rows;
    const goodRow = rows.find((x) => x.id === good.id)!;
    const badRow = rows.find((x) => x.id === bad.id)!;
    expect(goodRow.urls.olx).toBe(`http://localhost:3000/xml/olx?id=${good.id}`);
    expect(goodRow.checks.olx.errors).toEqual([]);
    expect(badRow.checks.olx.errors).toEqual(expect.arrayContaining(["O título deve ter de 10 a 100 caracteres (tem 5).", "CEP não informado.", "São necessárias pelo menos 5 fotos em JPG (tem 0)."]));
    expect(badRow.checks.default.errors).toEqual([]);
    expect(r.data!.portals.map((p) => p.url)).toEqual(["olx", "chavesnamao", "default"].map((p) => `http://localhost:3000/xml/${p}`));
  });

  it("downloads the CSV of URLs with cells escaped", async () => {
    const admin = await makeAdmin();
    const cookie = await sessionCookie(admin.id);
    const p = await makeProperty({ title: '=HYPERLINK("http://mal"); "aspas", e;ponto' });
    const r = await unwrap(() => csvLoader(routeArgs(getRequest("/integracao-xml/urls.csv?portal=chavesnamao", { cookie })) as never));
    expect(r.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("Content-Disposition")).toContain("urls-xml-chavesnamao.csv");
    const text = (await r.response!.text()).replace(/^\uFEFF/, "");
    const records = parse(text, { delimiter: ";" }) as string[][];
    expect(records[0]).toEqual(["ID", "Título", "URL XML"]);
    const row = records.find((x) => x[0] === String(p.id))!;
    expect(row[1]).toBe(`'=HYPERLINK("http://mal"); "aspas", e;ponto`);
    expect(row[2]).toBe(`http://localhost:3000/xml/chavesnamao?id=${p.id}`);
  });

  it("is shown in the account menu", () => {
    expect(ACCOUNT_MENU.find((i) => i.to === "/integracao-xml")?.ready).toBe(true);
  });
});

describe("/xml viewer", () => {
  it("shows the raw feed of the chosen portal, escaped, whole when small", async () => {
    const { loader: viewerLoader } = await import("~/routes/public/xml-viewer");
    const p = await makeProperty({ title: "Casa <b>ótima</b> & bonita", postal_code: "01310-100", images: PHOTOS });
    const r = await unwrap(() => viewerLoader(routeArgs(getRequest("/xml?portal=default")) as never));
    expect(r.data!.portal).toBe("default");
    expect(r.data!.complete).toBe(true);
    expect(r.data!.text).toContain(`<id>${p.id}</id>`);
    expect(r.data!.text).toContain("Casa &lt;b&gt;ótima&lt;/b&gt; &amp; bonita");
    const fallback = await unwrap(() => viewerLoader(routeArgs(getRequest("/xml?portal=nada")) as never));
    expect(fallback.data!.portal).toBe("olx");
  });
});
