import { afterEach, describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import routes from "~/routes";
import FeedIntegration, { loader as integrationLoader } from "~/routes/admin/feeds";
import { resetConfigCache } from "~/modules/platform/config.server";
import { loader, XmlDocsView } from "~/routes/public/xml-docs";
import { makeAdmin } from "../../helpers/factories";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";

/** /xml-docs: the fixed feed addresses, built from the configured PUBLIC_URL, and what the portals are told. */
afterEach(() => {
  delete process.env.PUBLIC_URL;
  resetConfigCache();
});

describe("/xml-docs", () => {
  it("lists each portal's fixed URL and the ?id= form on the configured base", () => {
    process.env.PUBLIC_URL = "https://www.exemplo-imob.com.br/";
    resetConfigCache();
    const data = loader();
    expect(data.feeds.map((f) => f.url)).toEqual([
      "https://www.exemplo-imob.com.br/xml/olx",
      "https://www.exemplo-imob.com.br/xml/chavesnamao",
      "https://www.exemplo-imob.com.br/xml/default",
    ]);
    expect(data.feeds[0].example).toBe("https://www.exemplo-imob.com.br/xml/olx?id=123");

    const html = renderToString(<XmlDocsView data={data} />);
    for (const p of ["olx", "chavesnamao", "default"]) expect(html).toContain(`href="https://www.exemplo-imob.com.br/xml/${p}"`);
    expect(html).toContain("https://www.exemplo-imob.com.br/xml/olx?id=123");
    expect(html).toContain("OLX / ZAP / VivaReal (VRSync)");
    expect(html).toContain("Chaves na Mão");
    expect(html).toContain("304 Not Modified");
    expect(html).toContain("Content-Encoding: gzip");
    expect(html).toContain("ETag");
    expect(html).toContain("Menos de 5 fotos em JPG de até 7 MB");
    expect(html).toContain("Fotos com mais de 5 MB ou menores que 800×600 pixels");
    expect(html).not.toContain("localhost");
  });

  it("falls back to the local address without PUBLIC_URL", () => {
    expect(loader().feeds[2].url).toBe("http://localhost:3000/xml/default");
  });

  it("is a page of the public layout (header and footer)", () => {
    const publicLayout = routes.find((r) => r.file === "routes/public/layout.tsx");
    expect(publicLayout?.children?.some((c) => c.path === "xml-docs" && c.file === "routes/public/xml-docs.tsx")).toBe(true);
  });
});

describe("/integracao-xml", () => {
  it("links to /xml-docs", async () => {
    const admin = await makeAdmin();
    const cookie = await sessionCookie(admin.id);
    const data = (await unwrap(() => integrationLoader(routeArgs(getRequest("/integracao-xml", { cookie })) as never))).data!;
    const Stub = createRoutesStub([{ id: "feeds", path: "/integracao-xml", Component: FeedIntegration as never, loader: () => data }]);
    const html = renderToString(<Stub initialEntries={["/integracao-xml"]} hydrationData={{ loaderData: { feeds: data } }} />);
    expect(html).toMatch(/<a[^>]*href="\/xml-docs"[^>]*>Documentação dos XML<\/a>/);
    expect(html).not.toContain("Limite do arquivo VRSync");

    // past the portal's 50,000 listings per VRSync file, the admin is told before giving the URL to the portal
    const large = { ...data, total: 50_001 };
    const LargeStub = createRoutesStub([{ id: "feeds", path: "/integracao-xml", Component: FeedIntegration as never, loader: () => large }]);
    const largeHtml = renderToString(<LargeStub initialEntries={["/integracao-xml"]} hydrationData={{ loaderData: { feeds: large } }} />);
    expect(largeHtml).toContain("Limite do arquivo VRSync");
    expect(largeHtml.replace(/<!-- -->/g, "")).toContain("Este catálogo tem 50.001 imóveis disponíveis; o Grupo OLX aceita até 50.000 anúncios por");
  });
});
