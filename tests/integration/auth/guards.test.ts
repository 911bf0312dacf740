import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { ensureDefaultPipeline } from "~/modules/crm/pipeline.server";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { run, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/**
 * Every admin and broker route declared in app/routes.ts, found by walking
 * the route config (so routes added later are covered without editing this
 * file). React Router runs a layout's loader beside its children's loaders
 * and runs only the leaf's action, so each module must guard itself: this
 * calls every loader and action that exists with real Requests.
 */
type Entry = { id?: string; path?: string; file: string; index?: boolean; children?: Entry[] };
type Area = "admin" | "broker";
type GuardedRoute = { file: string; url: string; params: Record<string, string>; area: Area };

const ADMIN_LAYOUT = "routes/admin/layout.tsx";
const BROKER_LAYOUT = "routes/broker/layout.tsx";
/** The one admin screen a broker may open: the CRM admin list (spec 03 §6). */
const BROKER_OPEN_ADMIN_SCREENS: string[] = ["routes/admin/crm.tsx"];


/** A pathless layout answers at its first child's URL. */
function firstPath(entry: Entry): string {
  if (entry.path !== undefined) return entry.path;
  for (const child of entry.children ?? []) {
    const p = firstPath(child);
    if (p) return p;
  }
  return "";
}

function toUrl(fullPath: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments = fullPath.split("/").map((segment) => {
    if (segment === "*") return (params["*"] = "pagina-que-nao-existe");
    if (segment.startsWith(":")) return (params[segment.slice(1).replace(/\?$/, "")] = "1");
    return segment;
  });
  return { url: "/" + segments.join("/"), params };
}

function collect(entries: Entry[], parentPath: string, layoutArea: Area | null, out: GuardedRoute[]): GuardedRoute[] {
  for (const entry of entries) {
    // Under prefix(), children carry the full path; nested route() paths are relative.
    const own = entry.path ?? "";
    const full = own.startsWith(parentPath) || !parentPath ? own : [parentPath, own].filter(Boolean).join("/");
    const area: Area | null =
      entry.file === ADMIN_LAYOUT ? "admin" : entry.file === BROKER_LAYOUT ? "broker" : layoutArea ?? (full === "admin" || full.startsWith("admin/") ? "admin" : null);
    if (area) out.push({ file: entry.file, area, ...toUrl(entry.path === undefined && !full ? firstPath(entry) : full) });
    if (entry.children) collect(entry.children, full, area, out);
  }
  return out;
}

const guarded = collect(routes as Entry[], "", null, []);
// De-duplicate by file + url (a layout and its index share a URL).
const seen = new Set<string>();
const routeList = guarded.filter((r) => {
  const key = `${r.file} ${r.url}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});

type RouteModule = { loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> };
async function load(file: string): Promise<RouteModule> {
  return (await import(/* @vite-ignore */ path.resolve("app", file))) as RouteModule;
}
// Imported while the tests are collected, so each test below exists only for a function that exists
// (a test that returned early without asserting anything would pass for a route that lost its guard).
const modules = new Map(await Promise.all(routeList.map(async (r) => [r.file, await load(r.file)] as const)));
const serverFunctions = (file: string) => (["loader", "action"] as const).filter((name) => modules.get(file)![name]);

/** Where a loader/action sent the user, when it redirected. */
async function redirectOf(fn: () => Promise<unknown>): Promise<string | null> {
  const result = await run(fn);
  const response = result.response;
  if (response && response.status >= 300 && response.status < 400) return response.headers.get("Location");
  return null;
}

let cookies: { admin: string; broker: string; inactive: string };

beforeAll(async () => {
  await ensureDefaultPipeline();
  const admin = await makeAdmin();
  const broker = await makeBroker();
  const inactive = await makeBroker({ isActive: false });
  cookies = { admin: await sessionCookie(admin.id), broker: await sessionCookie(broker.userId), inactive: await sessionCookie(inactive.userId) };
});

describe("the route walk", () => {
  it("finds the admin and broker areas, their layouts and the sidebar toggle", () => {
    const files = routeList.map((r) => r.file);
    expect(files).toContain("routes/admin/layout.tsx");
    expect(files).toContain(BROKER_LAYOUT);
    expect(files).toContain("routes/broker/dashboard.tsx");
    expect(routeList.filter((r) => r.area === "admin").length).toBeGreaterThanOrEqual(3);
    // Outside the broker layout, public broker pages are not guarded.
    expect(files).not.toContain("routes/broker/login.tsx");
    expect(files).not.toContain("routes/broker/forgot-password.tsx");
  });
});

describe.each(routeList)("$area route $url ($file)", ({ file, url, params, area }) => {
  const loginPath = area === "admin" ? "/login" : "/broker/login";
  const mod = modules.get(file)!;
  const functions = serverFunctions(file);
  const call = (name: "loader" | "action", cookie?: string) => () =>
    name === "loader" ? mod.loader!(routeArgs(getRequest(url, cookie ? { cookie } : {}), params)) : mod.action!(routeArgs(formRequest(url, {}, cookie ? { cookie } : {}), params));

  if (functions.length === 0) {
    it("is a layout without loader or action: nothing of it runs on the server", () => {
      expect(COMPONENT_ONLY_LAYOUTS, `${file} has neither loader nor action; if that is meant, add it to COMPONENT_ONLY_LAYOUTS`).toContain(file);
    });
    return;
  }

  it.each(functions)("sends an anonymous visitor to the login (%s)", async (name) => {
    const location = await redirectOf(call(name));
    expect(location, `${name} of ${file}`).not.toBeNull();
    expect(new URL(location!, "http://localhost").pathname).toBe(loginPath);
  });

  if (area === "admin" && BROKER_OPEN_ADMIN_SCREENS.includes(file)) {
    it("lets a signed-in broker in (spec 03 §6: CRM admins manage the list, others see only themselves)", async () => {
      const mod = await load(file);
      const result = await unwrap(() => mod.loader!(routeArgs(getRequest(url, { cookie: cookies.broker }), params)));
      expect(result.status, `loader of ${file}`).toBe(200);
    });
  } else if (area === "admin") {
    it.each(functions)("sends a signed-in broker to /login (%s)", async (name) => {
      const location = await redirectOf(call(name, cookies.broker));
      expect(location, `${name} of ${file}`).not.toBeNull();
      expect(new URL(location!, "http://localhost").pathname).toBe("/login");
    });
  } else {
    it.each(functions)("sends an inactive broker's existing session to /broker/bloqueado (%s)", async (name) => {
      expect(await redirectOf(call(name, cookies.inactive)), `${name} of ${file}`).toBe("/broker/bloqueado");
    });

    if (mod.loader) {
      it.each(["admin", "broker"] as const)("lets an %s in (loader answers, not a sign-in redirect nor an error)", async (who) => {
        // unwrap re-throws anything that is not a Response or data(): a crash fails here.
        const result = await unwrap(call("loader", cookies[who]));
        if (who === "broker" && ADMIN_ONLY_BROKER_SCREENS.includes(file)) {
          // admin-only screens of the broker area answer a broker 403
          expect(result.status, `loader of ${file} answered ${result.status}`).toBe(403);
        } else if (result.status === 404) {
          // Only a route that names a record (":id", "*") may answer 404 for the made-up one.
          expect(Object.keys(params), `loader of ${file} answered 404 without a parameter`).not.toHaveLength(0);
        } else {
          expect(result.status, `loader of ${file} answered ${result.status}`).toBeLessThan(400);
          if (result.status >= 300) {
            expect(result.location, `loader of ${file} redirected without a Location`).not.toBeNull();
            expect(["/login", "/broker/login", "/broker/bloqueado"]).not.toContain(new URL(result.location!, "http://localhost").pathname);
          }
        }
      });
    }
  }
});

/** Layouts whose module is a component only (no loader, no action): nothing to guard on the server. */
const COMPONENT_ONLY_LAYOUTS: string[] = [];

/** Broker-area screens only admins may open (02 §6: stage management; the broker list). */
const ADMIN_ONLY_BROKER_SCREENS: string[] = ["routes/broker/admin.tsx", "routes/broker/crm/stages.tsx"];

describe("guards outside the layouts", () => {
  it("the sidebar toggle needs a broker-area session", async () => {
    const { action } = await import("~/routes/broker/sidebar");
    const anonymous = await redirectOf(() => action(routeArgs(formRequest("/broker/sidebar", { collapsed: "true", redirectTo: "/broker/dashboard" }))));
    expect(anonymous).toMatch(/^\/broker\/login/);
    const inactive = await redirectOf(() => action(routeArgs(formRequest("/broker/sidebar", { collapsed: "true" }, { cookie: cookies.inactive }))));
    expect(inactive).toBe("/broker/bloqueado");
  });

  it("keeps the page asked for in redirectTo, and only as a local path", async () => {
    const { loader } = await import("~/routes/admin/layout");
    const location = await redirectOf(() => loader(routeArgs(getRequest("/admin/imoveis/novo?x=1"))));
    expect(location).toBe(`/login?redirectTo=${encodeURIComponent("/admin/imoveis/novo?x=1")}`);
  });

  it("an admin opening the broker layout gets the panel in admin mode", async () => {
    const { loader } = await import("~/routes/broker/layout");
    const result = await run(() => loader(routeArgs(getRequest("/broker/dashboard", { cookie: cookies.admin }))));
    expect(result.value).toMatchObject({ user: { role: "admin" } });
  });
});
