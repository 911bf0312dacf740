import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import { routeLead, rouletteRoutingHook, todaysAssignments } from "~/modules/roulette/routing.server";
import type { NewLeadEvent } from "~/modules/leads/lead-types";
import { makeBroker, makeLead, makeProperty } from "../../helpers/factories";

/**
 * Routing a new lead by the day's draw (routing.server.ts, issue 10), on
 * fixed clocks, each rule on both sides: which draw counts (today's latest,
 * from the day's first instant), who in it (active brokers, in drawn order),
 * the listing's broker only when drawn, the turns counted since that draw
 * and only for turns, and the admin's log of the day.
 *
 * 2026-11-23 in São Paulo (UTC−3) starts at 03:00Z; 10:00 there is 13:00Z.
 */
const DAY_START = "2026-11-23T03:00:00.000Z";
const at = (iso: string) => new Date(iso);

beforeEach(async () => {
  await db().deleteFrom("lead_assignments").execute();
  await db().deleteFrom("roleta_results").execute();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A draw at `drawDate` with these brokers in this order. */
async function draw(drawDate: string, brokerIds: string[]) {
  await db()
    .insertInto("roleta_results")
    .values(brokerIds.map((id, i) => ({ broker_id: id, broker_name: `Corretor ${i + 1}`, prize: `${i + 1}º`, position: i + 1, execution_type: "manual" as const, draw_date: drawDate })))
    .execute();
}

const brokerIds = async (n: number) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await makeBroker({ name: `Roleta ${i + 1}` })).brokerId);
  return ids;
};
const route = async (now: string, overrides: Parameters<typeof makeLead>[0] = {}) => routeLead((await makeLead(overrides)).id, at(now));

describe("which draw", () => {
  it("a draw at the day's first instant counts; one a moment before it is yesterday's", async () => {
    const [a, b] = await brokerIds(2);
    await draw("2026-11-23T02:59:59.999Z", [a]);
    expect(await route("2026-11-23T13:00:00.000Z")).toBeNull();
    await draw(DAY_START, [b]);
    expect(await route("2026-11-23T13:00:00.000Z")).toEqual({ brokerId: b, reason: "roleta" });
  });

  it("the day's latest draw is the order, and its turns start again from its first broker", async () => {
    const [a, b, c] = await brokerIds(3);
    await draw("2026-11-23T12:00:00.000Z", [a, b]);
    expect((await route("2026-11-23T12:10:00.000Z"))!.brokerId).toBe(a);
    await draw("2026-11-23T12:30:00.000Z", [c, b]);
    // the earlier draw's turn does not count: the new order starts at its first
    expect((await route("2026-11-23T12:40:00.000Z"))!.brokerId).toBe(c);
    expect((await route("2026-11-23T12:41:00.000Z"))!.brokerId).toBe(b);
    expect((await route("2026-11-23T12:42:00.000Z"))!.brokerId).toBe(c);
  });

  it("a turn given at the draw's instant counts as one of its turns", async () => {
    const [a, b] = await brokerIds(2);
    await draw("2026-11-23T12:00:00.000Z", [a, b]);
    expect((await route("2026-11-23T12:00:00.000Z"))!.brokerId).toBe(a);
    expect((await route("2026-11-23T12:00:01.000Z"))!.brokerId).toBe(b);
  });
});

describe("who is in the order", () => {
  it("an inactive broker's place is skipped; a draw of inactive brokers only routes nobody", async () => {
    const [a, b] = await brokerIds(2);
    const off = (await makeBroker({ name: "Inativo", isActive: false })).brokerId;
    await draw("2026-11-23T12:00:00.000Z", [off]);
    expect(await route("2026-11-23T12:10:00.000Z")).toBeNull();
    await draw("2026-11-23T12:20:00.000Z", [a, off, b]);
    const got = [];
    for (let i = 0; i < 4; i++) got.push((await route(`2026-11-23T12:3${i}:00.000Z`))!.brokerId);
    expect(got).toEqual([a, b, a, b]);
  });

  it("the order is by position, not by insertion", async () => {
    const [a, b] = await brokerIds(2);
    await db()
      .insertInto("roleta_results")
      .values([
        { broker_id: b, broker_name: "B", prize: "2º", position: 2, execution_type: "manual", draw_date: "2026-11-23T12:00:00.000Z" },
        { broker_id: a, broker_name: "A", prize: "1º", position: 1, execution_type: "manual", draw_date: "2026-11-23T12:00:00.000Z" },
      ])
      .execute();
    expect((await route("2026-11-23T12:10:00.000Z"))!.brokerId).toBe(a);
    expect((await route("2026-11-23T12:11:00.000Z"))!.brokerId).toBe(b);
  });
});

describe("the listing's broker", () => {
  it("gets the lead when drawn, without using a turn; a listing's broker not drawn does not, and the turn goes on", async () => {
    const [a, b, outside] = await brokerIds(3);
    await draw("2026-11-23T12:00:00.000Z", [a, b]);
    const ofB = await makeProperty({ broker_id: b });
    const ofOutside = await makeProperty({ broker_id: outside });
    const noBroker = await makeProperty({ broker_id: null });
    expect(await route("2026-11-23T12:10:00.000Z", { propertyId: ofB.id })).toEqual({ brokerId: b, reason: "corretor-do-imovel" });
    expect(await route("2026-11-23T12:11:00.000Z", { propertyId: ofOutside.id })).toEqual({ brokerId: a, reason: "roleta" });
    expect(await route("2026-11-23T12:12:00.000Z", { propertyId: noBroker.id })).toEqual({ brokerId: b, reason: "roleta" });
    expect(await route("2026-11-23T12:13:00.000Z")).toEqual({ brokerId: a, reason: "roleta" });
  });
});

describe("what is recorded", () => {
  it("the lead's broker and its decision with the routing instant; a missing lead or one with a broker changes nothing", async () => {
    const [a] = await brokerIds(1);
    await draw("2026-11-23T12:00:00.000Z", [a]);
    const lead = await makeLead();
    await db().updateTable("leads").set({ updated_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", lead.id).execute();
    expect(await routeLead(lead.id, at("2026-11-23T13:00:00.000Z"))).toEqual({ brokerId: a, reason: "roleta" });
    const row = await db().selectFrom("leads").select(["broker_id", "updated_at"]).where("id", "=", lead.id).executeTakeFirstOrThrow();
    expect(row.broker_id).toBe(a);
    expect(row.updated_at).not.toBe("2020-01-01T00:00:00.000Z");
    expect(await db().selectFrom("lead_assignments").selectAll().where("lead_id", "=", lead.id).execute()).toEqual([
      { lead_id: lead.id, broker_id: a, reason: "roleta", assigned_at: "2026-11-23T13:00:00.000Z" },
    ]);
    // routed once: asked again, it already has a broker
    expect(await routeLead(lead.id, at("2026-11-23T13:01:00.000Z"))).toBeNull();
    expect(await routeLead(999_999_999, at("2026-11-23T13:02:00.000Z"))).toBeNull();
    expect(await db().selectFrom("lead_assignments").select("lead_id").execute()).toHaveLength(1);
  });

  it("the admin's log: today's decisions from the day's first instant, newest first, with the lead's and broker's names", async () => {
    const [a] = await brokerIds(1);
    const broker = await db().selectFrom("brokers").select("name").where("id", "=", a).executeTakeFirstOrThrow();
    const earlier = await makeLead({ name: "Lead de Ontem" });
    const first = await makeLead({ name: "Lead Primeiro" });
    const second = await makeLead({ name: "Lead Segundo" });
    await db()
      .insertInto("lead_assignments")
      .values([
        { lead_id: earlier.id, broker_id: a, reason: "roleta", assigned_at: "2026-11-23T02:59:59.999Z" },
        { lead_id: first.id, broker_id: a, reason: "roleta", assigned_at: DAY_START },
        { lead_id: second.id, broker_id: a, reason: "corretor-do-imovel", assigned_at: "2026-11-23T13:00:00.000Z" },
      ])
      .execute();
    expect(await todaysAssignments(at("2026-11-23T15:00:00.000Z"))).toEqual([
      { lead_id: second.id, lead_name: "Lead Segundo", broker_name: broker.name, reason: "corretor-do-imovel", assigned_at: "2026-11-23T13:00:00.000Z" },
      { lead_id: first.id, lead_name: "Lead Primeiro", broker_name: broker.name, reason: "roleta", assigned_at: DAY_START },
    ]);
  });
});

describe("the new-lead hook", () => {
  it("routes a lead that came without a broker, on the server's clock; leaves one that came with a broker", async () => {
    const [a, b] = await brokerIds(2);
    await draw("2026-11-23T12:00:00.000Z", [a]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at("2026-11-23T13:00:00.000Z"));
    const withBroker = await makeLead({ brokerId: b });
    // the event says it came with a broker: the hook does not even look (the row has one too)
    await rouletteRoutingHook.run({ id: withBroker.id, brokerId: b } as NewLeadEvent);
    expect(await db().selectFrom("lead_assignments").select("lead_id").execute()).toEqual([]);
    const without = await makeLead();
    await rouletteRoutingHook.run({ id: without.id, brokerId: null } as NewLeadEvent);
    expect((await db().selectFrom("leads").select("broker_id").where("id", "=", without.id).executeTakeFirstOrThrow()).broker_id).toBe(a);
    expect(await db().selectFrom("lead_assignments").select(["lead_id", "assigned_at"]).execute()).toEqual([{ lead_id: without.id, assigned_at: "2026-11-23T13:00:00.000Z" }]);
  });
});
