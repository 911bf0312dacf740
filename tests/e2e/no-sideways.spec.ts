import type { Page } from "@playwright/test";
import routes from "../../app/routes";
import { rowOf, withDb, queryRow } from "./database";
import { DEMO, expect, ready, signIn, test, type E2eUser } from "./fixtures";

/**
 * Issue 22 item 3: no screen of app/routes.ts scrolls sideways on a 390 px
 * phone, JavaScript on and off. Every page route is visited as the role
 * that uses it (visitors, the demo broker with her leads and properties, an
 * admin), with real demo data in its rows; a route this walk cannot name a
 * URL for fails the first test, so a new screen cannot be left out.
 */

type Entry = { path?: string; file: string; index?: boolean; children?: Entry[] };
type Page_ = { path: string; file: string };

function flatten(entries: readonly Entry[], prefix = ""): Page_[] {
  const out: Page_[] = [];
  for (const e of entries) {
    const path = e.path ? `${prefix}/${e.path}`.replace(/\/+/g, "/") : prefix;
    if (!e.file.endsWith("layout.tsx") || !e.children) out.push({ path: path || "/", file: e.file });
    if (e.children) out.push(...flatten(e.children, path));
  }
  return out;
}

/** Routes that answer something other than a page: files, XML, redirects, posts. */
const NOT_SCREENS = [/^routes\/resources\//, /\.ts$/, /routes\/public\/property-photos\.tsx$/];

type Ids = { property: number; brokerProperty: number; broker: string; brokerPath: string; lead: number; post: number | null; postSlug: string | null; campaign: number | null };

async function demoIds(): Promise<Ids> {
  return withDb(async (db) => {
    const one = <T>(sql: string, ...args: unknown[]) => rowOf<T>(db, sql, ...args);
    const ana = (await one<{ id: string; custom_url_path: string | null }>("select id, custom_url_path from brokers where email = ?", DEMO.broker.email))!;
    return {
      property: (await one<{ id: number }>("select id from properties where status = 'available' order by id limit 1"))!.id,
      brokerProperty: (await one<{ id: number }>("select id from properties where broker_id = ? order by id limit 1", ana.id))?.id ?? (await one<{ id: number }>("select id from properties order by id limit 1"))!.id,
      broker: ana.id,
      brokerPath: ana.custom_url_path ?? ana.id,
      lead: (await one<{ id: number }>("select id from leads where broker_id = ? order by id limit 1", ana.id))!.id,
      post: (await one<{ id: number }>("select id from blog_posts order by id limit 1"))?.id ?? null,
      postSlug: (await one<{ slug: string }>("select slug from blog_posts where status = 'published' order by id limit 1"))?.slug ?? null,
      campaign: (await one<{ id: number }>("select c.id from campaigns c order by c.id limit 1"))?.id ?? null,
    };
  });
}

/** A concrete URL for a route pattern, or null when the demo has nothing to show there (said in the test). */
function urlFor(path: string, ids: Ids): string | null {
  const map: Record<string, string | null> = {
    "/imovel/:slugOrId": `/imovel/${ids.property}`,
    "/categoria/:type": "/categoria/apartamento",
    "/blog/:slug": ids.postSlug ? `/blog/${ids.postSlug}` : null,
    "/corretor/:brokerUrl": `/corretor/${ids.brokerPath}`,
    "/*": "/pagina-que-nao-existe",
    // an unknown token: the page that says the link is not valid (the valid ones: visitor-alerts.spec.ts)
    "/alertas/confirmar/:token": "/alertas/confirmar/AAAAAAAAAAAAAAAAAAAAAA",
    "/alertas/cancelar/:token": "/alertas/cancelar/AAAAAAAAAAAAAAAAAAAAAA",
    "/admin/imoveis/:id/editar": `/admin/imoveis/${ids.property}/editar`,
    "/admin/corretores/:id/editar": `/admin/corretores/${ids.broker}/editar`,
    "/admin/blog/:id/editar": ids.post ? `/admin/blog/${ids.post}/editar` : null,
    "/admin/*": "/admin/nao-existe",
    "/broker/properties/:id/editar": `/broker/properties/${ids.brokerProperty}/editar`,
    "/broker/whatsapp/campaign/:id": ids.campaign ? `/broker/whatsapp/campaign/${ids.campaign}` : null,
    "/broker/crm/atividade/:card": `/broker/crm/atividade/lead-${ids.lead}`,
    "/broker/lead/:id": `/broker/lead/${ids.lead}`,
    "/broker/leads/import/:token": null, // needs an uploaded CSV: covered by the import specs
    "/broker/crm/deal/:id": null, // a redirect to the lead page
    "/broker/*": "/broker/nao-existe",
  };
  if (path in map) return map[path];
  return path.includes(":") || path.includes("*") ? undefined! : path;
}

function roleOf(path: string): "anonymous" | "broker" | "admin" {
  if (/^\/(admin|integracao-xml)(\/|$)/.test(path)) return "admin";
  if (/^\/broker\/(admin|crm\/stages)$/.test(path)) return "admin";
  if (/^\/broker\/(login|forgot-password|reset-password|bloqueado)$/.test(path)) return "anonymous";
  if (/^\/broker(\/|$)/.test(path)) return "broker";
  return "anonymous";
}

const pages = flatten(routes as unknown as Entry[]).filter((p) => !NOT_SCREENS.some((re) => re.test(p.file)));

async function sidewaysBy(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

test.describe("no screen scrolls sideways at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every page route has a URL to check", async () => {
    const ids = await demoIds();
    const unnamed = pages.filter((p) => urlFor(p.path, ids) === undefined).map((p) => `${p.path} (${p.file})`);
    expect(unnamed, "routes this walk cannot visit: add them to urlFor").toEqual([]);
  });

  for (const role of ["anonymous", "broker", "admin"] as const) {
    // with JavaScript on and off: a hydrated back office may lay out differently (docs/testing.md, @no-js)
    test(`as ${role}`, { tag: "@no-js" }, async ({ page, context, jsEnabled, login }) => {
      test.setTimeout(240_000);
      const ids = await demoIds();
      if (role === "admin") await login({ role: "admin" });
      if (role === "broker") {
        const ana = (await queryRow<Omit<E2eUser, "password" | "role">>('select u.id as "userId", u.email, b.name, b.id as "brokerId" from users u join brokers b on b.user_id = u.id where u.email = ?', DEMO.broker.email))!;
        await signIn(context, { ...ana, password: "", role: "broker" });
      }
      const wide: string[] = [];
      for (const p of pages.filter((x) => roleOf(x.path) === role)) {
        const url = urlFor(p.path, ids);
        if (!url) continue;
        await page.goto(url);
        // back-office pages hydrate (their layout may change then); public pages never load React
        if (jsEnabled && (await page.locator("script[type=module]:not([src*=enhance])").count()) > 0) await ready(page, true);
        const by = await sidewaysBy(page);
        if (by > 1) wide.push(`${url} is ${by}px wider than the phone`);
      }
      expect(wide).toEqual([]);
    });
  }
});
