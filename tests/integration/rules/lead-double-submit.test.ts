import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { leadFormAction } from "~/modules/leads/lead-form.server";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { formRequest } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";

/**
 * The lead form's double-submit rule (leads.server.ts): the same lead sent
 * again from the site within 2 minutes is the lead already made (double
 * click, resent form); after 2 minutes it is a new lead. Fixed clock: only
 * Date is faked, so the database and timers run as usual.
 */
const T0 = new Date("2026-11-23T13:00:00.000Z");
let ip = 0;

beforeEach(async () => {
  await resetRateLimits();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function sendAt(when: Date, fields: Record<string, string>) {
  vi.setSystemTime(when);
  ip += 1;
  const r = await unwrap(() => leadFormAction(formRequest("/contato", fields, { ip: `10.7.0.${ip}` }), { propertyId: null }));
  expect(r.status, JSON.stringify(r.data)).toBe(302);
  expect(r.location).toMatch(/^\/obrigado/);
}

async function leadsFrom(email: string) {
  return db().selectFrom("leads").select(["id", "created_at"]).where("email", "=", email).orderBy("id").execute();
}

const after = (ms: number) => new Date(T0.getTime() + ms);

describe("the lead form's 2-minute double-submit window", () => {
  it("the same lead again at 1:59 is the same lead; at 2:01 it is a new one", async () => {
    const lead = { name: "Rita Dupla", email: "rita.dupla@exemplo.com.br", phone: "(11) 98765-1111", message: "Quero visitar o apartamento." };
    await sendAt(T0, lead);
    expect(await leadsFrom(lead.email)).toHaveLength(1);
    await sendAt(after(119_000), lead);
    expect(await leadsFrom(lead.email)).toHaveLength(1);
    await sendAt(after(121_000), lead);
    const rows = await leadsFrom(lead.email);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.created_at)).toEqual([T0.toISOString(), after(121_000).toISOString()]);
  });

  it("within the window, a different message is a new lead", async () => {
    const lead = { name: "Caio Duas", email: "caio.duas@exemplo.com.br", phone: "(11) 98765-2222", message: "Primeira mensagem." };
    await sendAt(T0, lead);
    await sendAt(after(30_000), { ...lead, message: "Outra pergunta, sobre o preço." });
    expect(await leadsFrom(lead.email)).toHaveLength(2);
  });
});
