import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { db } from "~/modules/platform/db.server";
import { judgeBody } from "../../../server/request-guards.mjs";
import { routeArgs, sessionCookie } from "../../helpers/requests";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/**
 * No 5xx for a bad request (issue 23): every action of app/routes.ts gets
 * bad bodies (content types no route reads, malformed multipart, a missing
 * or unknown intent, huge fields, numbers that are not numbers, ids of
 * nothing, an impossible date) from every role, through the same two steps
 * a real request takes: the server's body guard (server/request-guards.mjs
 * judgeBody, which answers before the app) and then the route's action.
 * Anything 5xx (an answer, or an error thrown out of the action) fails.
 *
 * A second walk sends the unreadable bodies (content types no route reads,
 * malformed multipart) straight to each action, as if the guard were not
 * there: every action should also read its body through the one safe
 * reader (platform/forms.server.ts readFormData, or the upload reader
 * files/multipart.server.ts) and answer 4xx by itself. KNOWN_ROUTE_5XX lists
 * the route modules that do not yet (they still call request.formData()
 * themselves); the conversions to the one form pipeline under way remove
 * them. A listed route that no longer fails is reported and does not fail
 * the test; a 5xx from a route NOT listed fails it. The lead empties this
 * list at the end (and then makes a fixed one fail, e.g. with it.fails).
 */
/** Probes of the issue that still answer 5xx, for the same reason (the route's form is being converted); same handling. */
const KNOWN_PROBE_5XX: string[] = [];

const KNOWN_ROUTE_5XX: string[] = [];

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
type Target = { file: string; pattern: string };

function flatten(entries: RouteEntry[], prefix = ""): Target[] {
  const out: Target[] = [];
  for (const e of entries) {
    const here = e.path ? `${prefix}/${e.path}`.replace(/\/+/g, "/") : prefix;
    out.push({ file: e.file, pattern: here || "/" });
    if (e.children) out.push(...flatten(e.children, here));
  }
  return out;
}

const PARAM_VALUES: Record<string, string> = {
  id: "999999999",
  slugOrId: "nao-existe-999999999",
  token: "0".repeat(32),
  card: "lead-999999999",
  brokerUrl: "ninguem",
  portal: "zap",
  instance: "nenhuma",
  draft: "0".repeat(16),
  file: "1-000000000000.jpg",
  photo: "1",
  type: "casa",
  slug: "nao-existe",
};

function urlAndParams(pattern: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = pattern
    .split("/")
    .map((part) => {
      if (part === "*") {
        params["*"] = "x";
        return "x";
      }
      if (!part.startsWith(":")) return part;
      const name = part.slice(1).replace(/\?$/, "");
      params[name] = PARAM_VALUES[name] ?? "999999999";
      return params[name];
    })
    .join("/");
  return { url: url || "/", params };
}

/** Intents and field names a route's forms post, read from its source (and the *.route.server.ts modules it imports). */
function vocabulary(file: string): { intents: string[]; fields: string[] } {
  const sources = [fs.readFileSync(path.resolve("app", file), "utf8")];
  for (const m of sources[0].matchAll(/from "~\/(modules\/[^"]+\.route\.server)"/g)) {
    const p = path.resolve("app", `${m[1]}.ts`);
    if (fs.existsSync(p)) sources.push(fs.readFileSync(p, "utf8"));
  }
  const text = sources.join("\n");
  const intents = new Set<string>();
  for (const m of text.matchAll(/case "([a-z][a-z0-9:_-]{1,40})"/g)) intents.add(m[1]);
  for (const m of text.matchAll(/intent[^\n]{0,30}?(?:===|!==|value=)\s*\{?"([a-z][a-z0-9:_-]{1,40})"/g)) intents.add(m[1]);
  for (const m of text.matchAll(/z\.enum\(\[([^\]]+)\]\)/g)) for (const v of m[1].matchAll(/"([a-z][a-z0-9:_-]{1,40})"/g)) intents.add(v[1]);
  const fields = new Set<string>(["id", "page", "q", "name", "email", "phone", "title", "message", "stageId", "leadId", "dealId", "price", "amount", "date", "time", "publishedAt"]);
  for (const m of text.matchAll(/name="([A-Za-z][A-Za-z0-9_]{0,40})"/g)) fields.add(m[1]);
  for (const m of text.matchAll(/form(?:Data)?\.get(?:All)?\("([A-Za-z][A-Za-z0-9_]{0,40})"\)/g)) fields.add(m[1]);
  return { intents: [...intents].slice(0, 30), fields: [...fields].slice(0, 80) };
}

type Probe = { name: string; contentType: string | null; body: string; unreadable?: boolean };
const HUGE = "x".repeat(300 * 1024);

function encode(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

function probesFor(file: string): Probe[] {
  const { intents, fields } = vocabulary(file);
  const form = (name: string, f: Record<string, string>): Probe => ({ name, contentType: "application/x-www-form-urlencoded", body: encode(f) });
  const probes: Probe[] = [
    { unreadable: true, name: "text/plain", contentType: "text/plain;charset=UTF-8", body: "intent=save&id=1" },
    { unreadable: true, name: "json", contentType: "application/json", body: '{"intent":"save","id":1}' },
    { unreadable: true, name: "sem content-type", contentType: null, body: "intent=save" },
    { unreadable: true, name: "multipart sem boundary", contentType: "multipart/form-data", body: "--x\r\nlixo" },
    { unreadable: true, name: "multipart boundary inválido", contentType: "multipart/form-data; boundary=", body: "lixo" },
    { unreadable: true, name: "multipart quebrado", contentType: "multipart/form-data; boundary=abc", body: "lixo sem fronteira nenhuma" },
    { unreadable: true, name: "multipart truncado", contentType: "multipart/form-data; boundary=abc", body: '--abc\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave' },
    form("sem intent", { a: "1" }),
    form("intent desconhecido", { intent: "__nada__", id: "1" }),
    form("campos enormes", Object.fromEntries(["intent", ...fields.slice(0, 4)].map((f, i) => [f, i === 0 ? (intents[0] ?? "save") : HUGE]))),
  ];
  for (const intent of intents) {
    probes.push(form(`${intent}: não-números`, { ...Object.fromEntries(fields.map((f) => [f, f === "intent" ? intent : "abc"])), intent, id: "1e309", page: "-5", price: "NaN" }));
    probes.push(
      form(`${intent}: ids de nada`, {
        ...Object.fromEntries(fields.map((f) => [f, /date|At$|data/i.test(f) ? "2026-13-45" : /time|hora/i.test(f) ? "25:99" : "999999999"])),
        intent,
      }),
    );
  }
  return probes;
}

type Role = "anonymous" | "broker" | "inactive broker" | "CRM-admin broker" | "admin";
const ROLES: Role[] = ["anonymous", "broker", "inactive broker", "CRM-admin broker", "admin"];
const users: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  users.admin = (await makeAdmin()).id;
  users.broker = (await makeBroker()).userId;
  users["inactive broker"] = (await makeBroker({ isActive: false })).userId;
  const crm = await makeBroker();
  await db().insertInto("crm_admins").values({ broker_id: crm.brokerId, granted_by: users.admin, created_at: new Date().toISOString() }).execute();
  users["CRM-admin broker"] = crm.userId;
});

/** The status a real request gets: the guard's refusal, else what the action returns or throws (an Error thrown out is a 500). */
async function statusOf(action: (args: ReturnType<typeof routeArgs>) => unknown, url: string, params: Record<string, string>, probe: Probe, role: Role, guarded = true): Promise<{ status: number; detail: string }> {
  const headers: Record<string, string> = { "x-client-ip": "127.0.0.1" };
  if (probe.contentType) headers["content-type"] = probe.contentType;
  headers["content-length"] = String(Buffer.byteLength(probe.body));
  const refusal = guarded ? judgeBody({ method: "POST", path: url, headers }) : null;
  if (refusal) return { status: refusal.status, detail: "guard" };
  if (role !== "anonymous") headers.cookie = await sessionCookie(users[role]!);
  const request = new Request(`http://localhost${url}`, { method: "POST", headers, body: probe.body });
  try {
    return statusOfValue(await action(routeArgs(request, params)));
  } catch (error) {
    if (error instanceof Response || isData(error)) return statusOfValue(error);
    return { status: 500, detail: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 160) : String(error) };
  }
}

function isData(v: unknown): v is { type: string; init?: { status?: number } } {
  return typeof v === "object" && v !== null && (v as { type?: unknown }).type === "DataWithResponseInit";
}

function statusOfValue(v: unknown): { status: number; detail: string } {
  if (v instanceof Response) return { status: v.status, detail: "response" };
  if (isData(v)) return { status: v.init?.status ?? 200, detail: "data" };
  return { status: 200, detail: "value" };
}

const targets = (() => {
  const seen = new Set<string>();
  return flatten(routes as RouteEntry[]).filter((t) => {
    if (seen.has(t.file)) return false;
    seen.add(t.file);
    return /export (async )?function action|export \{[^}]*\baction\b|export const action/.test(fs.readFileSync(path.resolve("app", t.file), "utf8"));
  });
})();

async function actionOf(file: string) {
  return ((await import(/* @vite-ignore */ path.resolve("app", file))) as { action: (args: ReturnType<typeof routeArgs>) => unknown }).action;
}

describe("every action answers a bad request with a 4xx, never a 5xx (server guard, then the route)", () => {
  it("finds the actions of app/routes.ts", () => {
    expect(targets.length).toBeGreaterThan(30);
  });

  for (const target of targets) {
    it(`${target.file} (${target.pattern})`, async () => {
      const action = await actionOf(target.file);
      const { url, params } = urlAndParams(target.pattern);
      const fivexx: string[] = [];
      for (const probe of probesFor(target.file)) {
        for (const role of ROLES) {
          const { status, detail } = await statusOf(action, url, params, probe, role);
          if (status >= 500) fivexx.push(`${probe.name} [${role}] → ${status} ${detail}`);
        }
      }
      expect(fivexx, `5xx from ${target.file}`).toEqual([]);
    }, 120_000);
  }
});

const fixedRoutes: string[] = [];
afterAll(() => {
  if (fixedRoutes.length) console.info(`bad-bodies: these routes now read unreadable bodies safely; remove them from KNOWN_ROUTE_5XX:\n  ${fixedRoutes.join("\n  ")}`);
});

describe("each action also reads an unreadable body safely by itself (no guard in front)", () => {
  for (const target of targets) {
    it(`${target.file}`, async () => {
      const action = await actionOf(target.file);
      const { url, params } = urlAndParams(target.pattern);
      const fivexx: string[] = [];
      for (const probe of probesFor(target.file).filter((p) => p.unreadable)) {
        for (const role of ROLES) {
          const { status, detail } = await statusOf(action, url, params, probe, role, false);
          if (status >= 500) fivexx.push(`${probe.name} [${role}] → ${status} ${detail}`);
        }
      }
      if (KNOWN_ROUTE_5XX.includes(target.file)) {
        if (fivexx.length === 0) fixedRoutes.push(target.file);
        return;
      }
      expect(fivexx, `5xx from ${target.file}`).toEqual([]);
    }, 120_000);
  }
});

describe("probes of the issue, one by one", () => {
  const post = async (file: string, url: string, fields: Record<string, string>, role: Role, params: Record<string, string> = {}) =>
    statusOf(await actionOf(file), url, params, { name: "form", contentType: "application/x-www-form-urlencoded", body: encode(fields) }, role);

  it("a blog post dated 2026-13-45 is a 4xx, not a 5xx", async () => {
    const fields = { title: "Artigo com data impossível", slug: `data-impossivel-${Date.now()}`, excerpt: "Resumo", content: `<p>${"Texto do artigo. ".repeat(40)}</p>`, status: "published", publishedAt: "2026-13-45" };
    const r = await post("routes/admin/blog/editor.tsx", "/admin/blog/novo", fields, "admin");
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(await db().selectFrom("blog_posts").select("id").where("slug", "=", fields.slug).executeTakeFirst()).toBeUndefined();
  });

  it("a template added to a stage deleted meanwhile is a 4xx, not a 5xx", async () => {
    const file = "routes/broker/crm/stages.tsx";
    const created = await post(file, "/broker/crm/stages", { intent: "create", name: `Etapa efêmera ${Date.now()}`, probability: "10" }, "admin");
    expect(created.status).toBe(302);
    const stage = await db().selectFrom("crm_stages").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect((await post(file, "/broker/crm/stages", { intent: "delete", stageId: String(stage.id), confirm: "yes" }, "admin")).status).toBe(302);
    const r = await post(file, "/broker/crm/stages", { intent: "template-create", stageId: String(stage.id), subject: "Ligar para o lead", type: "followup", offsetHours: "2", active: "on", content: "Primeiro contato" }, "admin");
    if (KNOWN_PROBE_5XX.includes("template on a deleted stage")) {
      if (r.status < 500) console.info("bad-bodies: 'template on a deleted stage' now answers 4xx; remove it from KNOWN_PROBE_5XX");
      return;
    }
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });
});
