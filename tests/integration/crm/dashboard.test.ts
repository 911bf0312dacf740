import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { loader as dashboardLoader } from "~/routes/broker/dashboard";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { makeActivity, makeAdmin, makeBroker, makeDeal, makeLead, makeProperty } from "../../helpers/factories";

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

let ana: Awaited<ReturnType<typeof makeBroker>>;
let bruno: Awaited<ReturnType<typeof makeBroker>>;

beforeAll(async () => {
  ana = await makeBroker({ name: "Ana Painel" });
  bruno = await makeBroker({ name: "Bruno Painel" });
  // Ana: 3 leads, 2 of them in the last 30 days. Bruno: 2 leads. One lead without a broker.
  await makeLead({ brokerId: ana.brokerId, createdAt: ago(1) });
  await makeLead({ brokerId: ana.brokerId, createdAt: ago(29) });
  await makeLead({ brokerId: ana.brokerId, createdAt: ago(40) });
  await makeLead({ brokerId: bruno.brokerId, createdAt: ago(2) });
  await makeLead({ brokerId: bruno.brokerId, createdAt: ago(3) });
  await makeLead({ createdAt: ago(1) });
  // Ana: one overdue and one undated open activity count; a done one and a future one do not.
  const anaDeal = await makeDeal({ ownerId: ana.brokerId });
  await makeActivity({ dealId: anaDeal.id, dueAt: ago(1) });
  await makeActivity({ dealId: anaDeal.id, dueAt: null });
  await makeActivity({ dealId: anaDeal.id, dueAt: ago(2), completedAt: ago(1) });
  await makeActivity({ dealId: anaDeal.id, dueAt: new Date(Date.now() + 3 * DAY).toISOString() });
  // Bruno's pending activity is his alone.
  await makeActivity({ dealId: (await makeDeal({ ownerId: bruno.brokerId })).id, dueAt: ago(1) });
  await makeProperty({ status: "available" });
  await makeProperty({ status: "sold" });
});

async function statsFor(userId: string) {
  const page = await dashboardLoader(routeArgs(getRequest("/broker/dashboard", { cookie: await sessionCookie(userId) })));
  return page.stats;
}

describe("broker dashboard counts (spec 02 §2.2)", () => {
  it("are the broker's own leads and activities", async () => {
    const available = Number((await db().selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "available").executeTakeFirstOrThrow()).n);
    expect(await statsFor(ana.userId)).toEqual({ totalLeads: 3, recentLeads: 2, availableProperties: available, pendingActivities: 2 });
    expect(await statsFor(bruno.userId)).toEqual({ totalLeads: 2, recentLeads: 2, availableProperties: available, pendingActivities: 1 });
  });

  it("a broker without leads sees zeros, never someone else's", async () => {
    const nobody = await makeBroker();
    const stats = await statsFor(nobody.userId);
    expect(stats.totalLeads).toBe(0);
    expect(stats.recentLeads).toBe(0);
    expect(stats.pendingActivities).toBe(0);
  });

  it("an admin sees everyone's", async () => {
    const admin = await makeAdmin();
    const stats = await statsFor(admin.id);
    expect(stats.totalLeads).toBe(6);
    expect(stats.recentLeads).toBe(5);
    expect(stats.pendingActivities).toBe(3);
  });
});
