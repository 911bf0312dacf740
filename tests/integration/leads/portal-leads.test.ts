import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { settleLeadHooks } from "~/modules/leads/lead-hooks.server";
import { sql } from "kysely";
import { LEAD_SOURCE_LABELS } from "~/modules/crm/labels";
import { LEAD_LIMITS } from "~/modules/leads/lead-rules";
import { PORTAL_LEAD_ERRORS, portalPhone, portalSource, rotatePortalToken } from "~/modules/leads/portal-leads.server";
import { action as portalAction, loader as portalLoader } from "~/routes/resources/portal-leads";
import { routeArgs } from "../../helpers/requests";
import { judgeBody } from "../../../server/request-guards.mjs";
import { makeAdmin, makeProperty } from "../../helpers/factories";
import type { SessionUser } from "~/modules/auth/session.server";

/** Portal lead push (issue 10; reference portal-feeds.md 'Portal lead push'), through the resource route on the real database. */
let token = "";
beforeAll(async () => {
  const a = await makeAdmin();
  const admin: SessionUser = { id: a.id, email: a.email, name: "Admin", role: "admin", broker: null };
  token = await rotatePortalToken(admin);
});

function push(body: unknown, t = token): Promise<Response> {
  const request = new Request(`http://localhost/api/portais/leads/${t}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
  return portalAction(routeArgs(request, { token: t })) as Promise<Response>;
}

describe("portal lead push", () => {
  it("creates the lead on its listing and answers 2xx once it is stored; a repeat creates nothing new", async () => {
    const property = await makeProperty({ title: "Apartamento no portal" });
    const origin = `zap-${Date.now()}`;
    const body = { leadOrigin: "ZAP", timestamp: new Date().toISOString(), originLeadId: origin, originListingId: "2500001", clientListingId: String(property.id), name: "Paula Portal", email: "paula@portal.com.br", ddd: "11", phone: "987654321", message: "Quero visitar <b>amanhã</b>" };
    const first = await push(body);
    expect(first.status).toBe(201);
    const { leadId } = await first.json();
    await settleLeadHooks();
    const lead = await db().selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ name: "Paula Portal", email: "paula@portal.com.br", property_id: property.id, property_title: "Apartamento no portal", message: "[ZAP] Quero visitar <b>amanhã</b>" });
    expect(lead).toMatchObject({ phone: "(11) 98765-4321", phone_normalized: "5511987654321", source: "zap" });

    const again = await push(body);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ ok: true, duplicate: true, leadId });
    expect(await db().selectFrom("leads").select("id").where("email", "=", "paula@portal.com.br").execute()).toHaveLength(1);
  });

  it("refuses a wrong address, bad JSON and a lead without the portal's id, storing nothing", async () => {
    const before = (await db().selectFrom("portal_leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
    expect((await push({ originLeadId: "x" }, "errado")).status).toBe(404);
    expect((await push({ originLeadId: "x" }, token.slice(0, -1) + (token.endsWith("a") ? "b" : "a"))).status).toBe(404);
    expect((await push("{não é json")).status).toBe(400);
    expect((await push({ name: "Sem id" })).status).toBe(400);
    expect((await push({ originLeadId: "y".repeat(501) })).status).toBe(400);
    expect((await db().selectFrom("portal_leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n).toBe(before);
    expect(((await portalLoader()) as Response).status).toBe(405);
  });

  it("a new address retires the old one", async () => {
    const a = await makeAdmin();
    const old = token;
    token = await rotatePortalToken({ id: a.id, email: a.email, name: "Admin", role: "admin", broker: null });
    expect((await push({ originLeadId: `old-${Date.now()}`, name: "Velho" }, old)).status).toBe(404);
    expect((await push({ originLeadId: `new-${Date.now()}`, name: "Novo", email: "novo@portal.com.br" })).status).toBe(201);
  });
});

const leadOf = (id: number) => db().selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
let sequence = 0;
const originId = (label: string) => `${label}-${Date.now()}-${++sequence}`;

/** Issue 25: whatever a portal sends is stored (2xx); only a lead without the portal's id is refused, and the refusal says so. */
describe("portal lead push: everything the portal may send", () => {
  it("a name over 200 characters, a message over 5,000 and ddd '(011)' are stored: the name cut to fit with the whole one kept, the message in full, the phone normalised", async () => {
    const longName = `Maria ${"Aparecida ".repeat(30)}da Silva`.trim(); // 307 characters
    const longMessage = `Olá! ${"Gostaria de saber mais sobre o imóvel e agendar uma visita. ".repeat(100)}Fim.`; // over 6,000
    expect(longName.length).toBeGreaterThan(200);
    expect(longMessage.length).toBeGreaterThan(5000);
    const res = await push({ leadOrigin: "VivaReal", originLeadId: originId("viva"), name: longName, email: "Maria@Portal.com.br", ddd: "(011)", phone: "98765-4321", message: longMessage });
    expect(res.status).toBe(201);
    const lead = await leadOf((await res.json()).leadId);
    expect(lead.name.length).toBe(LEAD_LIMITS.name);
    expect(longName.startsWith(lead.name.slice(0, -1))).toBe(true);
    expect(lead.name.endsWith("…")).toBe(true);
    expect(lead.message.startsWith(`[VivaReal] ${longMessage}`)).toBe(true);
    expect(lead.message).toContain(`Nome completo: ${longName}`);
    expect(lead).toMatchObject({ email: "maria@portal.com.br", phone: "(11) 98765-4321", phone_normalized: "5511987654321", source: "vivareal" });
  });

  it("a name of exactly the limit is kept whole, one character more is cut", async () => {
    const exact = "A".repeat(LEAD_LIMITS.name);
    const a = await leadOf((await (await push({ originLeadId: originId("exact"), name: exact })).json()).leadId);
    expect(a.name).toBe(exact);
    expect(a.message).not.toContain("Nome completo");
    const over = `${exact}B`;
    const b = await leadOf((await (await push({ originLeadId: originId("over"), name: over })).json()).leadId);
    expect(b.name).toBe(`${"A".repeat(LEAD_LIMITS.name - 1)}…`);
    expect(b.message).toContain(`Nome completo: ${over}`);
  });

  it("numbers where text was expected, nulls, booleans and unknown fields are accepted", async () => {
    const res = await push({ leadOrigin: "OLX", originLeadId: 987654321, originListingId: 2500001, clientListingId: null, name: "Carlos Números", email: null, ddd: 21, phone: 987654321, message: true, extra: { nested: [1, 2] }, another: "x" });
    expect(res.status).toBe(201);
    const lead = await leadOf((await res.json()).leadId);
    expect(lead).toMatchObject({ name: "Carlos Números", email: "", phone: "(21) 98765-4321", phone_normalized: "5521987654321", source: "olx", property_id: null });
    const stored = await db().selectFrom("portal_leads").selectAll().where("lead_id", "=", lead.id).executeTakeFirstOrThrow();
    expect(stored.origin_lead_id).toBe("987654321");
  });

  it("what does not fit a field is written under the message: an e-mail that is not one, a phone that is not a number", async () => {
    const res = await push({ leadOrigin: "ZAP", originLeadId: originId("unfit"), name: "Rita", email: "rita arroba portal", phone: "ramal 12", message: "Ligar à tarde" });
    expect(res.status).toBe(201);
    const lead = await leadOf((await res.json()).leadId);
    expect(lead).toMatchObject({ email: "", phone: "ramal 12", phone_normalized: null });
    expect(lead.message).toBe("[ZAP] Ligar à tarde\n\nDados enviados pelo portal que não couberam nos campos do lead:\nE-mail informado: rita arroba portal\nTelefone informado: ramal 12");
  });

  it("hostile text is stored as text", async () => {
    const evil = `Robert'); DROP TABLE leads;-- <script>alert(1)</script>`;
    const res = await push({ originLeadId: originId("evil"), name: evil, message: evil });
    expect(res.status).toBe(201);
    const lead = await leadOf((await res.json()).leadId);
    expect(lead.name).toBe(evil);
    expect(lead.message).toBe(`[Portal] ${evil}`);
    expect(lead.source).toBe("portal");
  });

  it("each refusal names its real problem, and a long name is never one of them", async () => {
    const error = async (body: unknown) => {
      const res = await push(body);
      expect(res.status).toBe(400);
      return (await res.json()).error as string;
    };
    expect(await error([{ originLeadId: "1" }])).toBe(PORTAL_LEAD_ERRORS.notObject);
    expect(await error("42")).toBe(PORTAL_LEAD_ERRORS.notObject);
    expect(await error({ name: "x".repeat(300), message: "y".repeat(6000) })).toBe(PORTAL_LEAD_ERRORS.missingId);
    expect(await error({ originLeadId: "   " })).toBe(PORTAL_LEAD_ERRORS.missingId);
    expect(await error({ originLeadId: "z".repeat(501) })).toBe(PORTAL_LEAD_ERRORS.longId);
    expect(await error("{quebrado")).toMatch(/^JSON inválido/);
    // 500 characters is still an id
    expect((await push({ originLeadId: `${Date.now()}`.padEnd(500, "k") })).status).toBe(201);
  });

  it("a failed store answers 503, keeps no claim, and the portal's retry then stores the lead once", async () => {
    const body = { leadOrigin: "ZAP", originLeadId: originId("retry"), name: "Tentativa", email: "tentativa@portal.com.br" };
    await sql`create trigger refuse_leads before insert on leads begin select raise(abort, 'disco cheio'); end`.execute(db());
    try {
      const failed = await push(body);
      expect(failed.status).toBe(503);
      expect((await failed.json()).error).toBe("Falha ao registrar o lead; tente novamente.");
    } finally {
      await sql`drop trigger refuse_leads`.execute(db());
    }
    expect(await db().selectFrom("portal_leads").select("origin_lead_id").where("origin_lead_id", "=", body.originLeadId).execute()).toEqual([]);
    const retried = await push(body);
    expect(retried.status).toBe(201);
    expect((await push(body)).status).toBe(200);
    expect(await db().selectFrom("leads").select("id").where("email", "=", "tentativa@portal.com.br").execute()).toHaveLength(1);
  });
});

describe("portalPhone", () => {
  it.each([
    [{ ddd: "(011)", phone: "98765-4321" }, "5511987654321"],
    [{ ddd: "011", phone: "3456-7890" }, "551134567890"],
    [{ ddd: "11", phone: "11987654321" }, "5511987654321"], // the DDD already in the number is not doubled
    [{ ddd: "21", phoneNumber: "987654321" }, "5521987654321"],
    [{ phoneNumber: "+55 (11) 98765-4321", ddd: "99", phone: "1" }, "5511987654321"],
    [{ phoneNumber: "+1 415 555 0100" }, "14155550100"],
    [{ phone: "98765-4321" }, null], // no DDD anywhere: not a whole number
    [{ ddd: "(011)" }, null],
    [{}, null],
  ])("%o → %s", (input, expected) => {
    expect(portalPhone(input)).toBe(expected);
  });
});

describe("portalSource", () => {
  it.each([
    ["ZAP", "zap"],
    ["Grupo ZAP", "zap"],
    ["zapimoveis", "zap"],
    ["VivaReal", "vivareal"],
    ["Viva Real", "vivareal"],
    ["OLX", "olx"],
    ["Imovelweb", "portal"],
    [undefined, "portal"],
  ] as const)("%s → %s, with a pt-BR label", (origin, source) => {
    expect(portalSource(origin)).toBe(source);
    expect(LEAD_SOURCE_LABELS[source]).toBeTruthy();
  });
});

describe("in front of the app: the portal's declared content type does not matter", () => {
  type Answer = { status?: number; passed: boolean };
  const guard = (path: string, type: string | undefined, length: number): Answer => {
    const headers: Record<string, string> = { "content-length": String(length) };
    if (type) headers["content-type"] = type;
    const refusal = judgeBody({ method: "POST", path, headers });
    return refusal ? { passed: false, status: refusal.status } : { passed: true };
  };

  it("takes a push sent as text/plain or with no type, within the JSON limit; other paths still refuse it", async () => {
    expect(guard("/api/portais/leads/abc", "application/json", 500)).toEqual({ passed: true });
    expect(guard("/api/portais/leads/abc", "text/plain", 500)).toEqual({ passed: true });
    expect(guard("/api/portais/leads/abc", undefined, 500)).toEqual({ passed: true });
    expect(guard("/api/portais/leads/abc", "text/plain", 2 * 1024 * 1024)).toEqual({ passed: false, status: 413 });
    expect(guard("/broker/leads", "text/plain", 500)).toEqual({ passed: false, status: 415 });
    // and the route reads such a body as JSON
    const request = new Request(`http://localhost/api/portais/leads/${token}`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: JSON.stringify({ originLeadId: originId("plain"), name: "Texto Puro" }) });
    expect(((await portalAction(routeArgs(request, { token }))) as Response).status).toBe(201);
  });
});
