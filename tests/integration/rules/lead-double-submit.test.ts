import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { leadFormAction } from "~/modules/leads/lead-form.server";
import { createLead } from "~/modules/leads/leads.server";
import { addLeadHook, settleLeadHooks } from "~/modules/leads/lead-hooks.server";
import type { NewLeadInput } from "~/modules/leads/lead-types";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { formRequest } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";
import { makeBroker, makeProperty } from "../../helpers/factories";

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
afterEach(async () => {
  await settleLeadHooks();
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

describe("what counts as the same lead (createLead, at a fixed clock)", () => {
  let n = 0;
  const lead = (overrides: Partial<NewLeadInput> = {}): NewLeadInput => {
    n += 1;
    return { name: "Lia Gêmea", email: `lia.gemea.${n}@exemplo.com.br`, phone: "(11) 98765-3333", message: "Quero saber do condomínio.", ...overrides };
  };
  async function createAt(when: Date, input: NewLeadInput) {
    vi.setSystemTime(when);
    return createLead(input);
  }

  it("at exactly 2:00 it is still the same lead; at 2:00.001 it is a new one", async () => {
    const input = lead();
    const first = await createAt(T0, input);
    const again = await createAt(after(120_000), input);
    expect(again).toMatchObject({ id: first.id, duplicate: true });
    const later = await createAt(after(120_001), input);
    expect(later.id).not.toBe(first.id);
    expect(later).not.toHaveProperty("duplicate");
    expect(await leadsFrom(input.email)).toHaveLength(2);
  });

  it("e-mail case and spaces around e-mail, phone and message do not make a new lead", async () => {
    const input = lead();
    const first = await createAt(T0, input);
    const again = await createAt(after(10_000), {
      ...input,
      email: `  ${input.email.toUpperCase()}  `,
      phone: `  ${input.phone}  `,
      message: `  ${input.message}  `,
    });
    expect(again).toMatchObject({ id: first.id, duplicate: true });
    expect(await leadsFrom(input.email)).toHaveLength(1);
  });

  it("a lead without a source is a site lead (deduplicated); a lead from another source never is", async () => {
    const site = lead({ source: undefined });
    await createAt(T0, site);
    await createAt(after(5_000), site);
    expect(await leadsFrom(site.email)).toHaveLength(1);
    const board = lead({ source: "board" });
    await createAt(T0, board);
    await createAt(after(5_000), board);
    expect(await leadsFrom(board.email)).toHaveLength(2);
  });

  it("about a listing: the same listing again is the same lead; another listing or none is a new one", async () => {
    const p = await makeProperty({ title: "Casa do Teste Gêmeo" });
    const q = await makeProperty({ title: "Outra Casa do Teste" });
    const input = lead({ propertyId: p.id });
    const first = await createAt(T0, input);
    expect(await createAt(after(1_000), input)).toMatchObject({ id: first.id, duplicate: true, propertyId: p.id });
    await createAt(after(2_000), { ...input, propertyId: q.id });
    await createAt(after(3_000), { ...input, propertyId: null });
    const rows = await db().selectFrom("leads").select("property_id").where("email", "=", input.email).orderBy("id").execute();
    expect(rows.map((r) => r.property_id)).toEqual([p.id, q.id, null]);
  });

  it("the resend answers with the newest twin, its broker and phone, and runs no reaction again", async () => {
    const broker = await makeBroker({ phone: "(11) 95555-0101" });
    const input = lead({ brokerId: broker.brokerId });
    const seen: number[] = [];
    const remove = addLeadHook({ name: "probe", run: (l) => void seen.push(l.id) });
    try {
      // The same lead typed on the board twice (no deduplication there), then sent from the site.
      const older = await createAt(T0, { ...input, source: "board" });
      const newer = await createAt(after(10_000), { ...input, source: "board" });
      const resent = await createAt(after(20_000), input);
      expect(resent).toEqual({ id: newer.id, brokerId: broker.brokerId, brokerPhone: "(11) 95555-0101", propertyId: null, duplicate: true });
      expect(older.id).not.toBe(newer.id);
      await settleLeadHooks();
      expect(seen).toEqual([older.id, newer.id]);
    } finally {
      remove();
    }
  });

  it("a twin without a broker answers with no broker phone (null, not undefined)", async () => {
    const input = lead();
    const first = await createAt(T0, input);
    expect(await createAt(after(1_000), input)).toEqual({ id: first.id, brokerId: null, brokerPhone: null, propertyId: null, duplicate: true });
  });
});
