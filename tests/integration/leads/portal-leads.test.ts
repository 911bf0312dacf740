import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { settleLeadHooks } from "~/modules/leads/lead-hooks.server";
import { rotatePortalToken } from "~/modules/leads/portal-leads.server";
import { action as portalAction, loader as portalLoader } from "~/routes/resources/portal-leads";
import { routeArgs } from "../../helpers/requests";
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
    expect(lead.phone.replace(/\D/g, "")).toBe("11987654321");

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
    expect((await push({ originLeadId: "y".repeat(500) })).status).toBe(400);
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
