import { describe, expect, it } from "vitest";
import { brokerDashboardCharts } from "~/modules/crm/dashboard.server";
import { adminUser, brokerUser, makeLead, stagesByName } from "./crm-helpers";

describe("dashboard charts (leads per week, funnel)", () => {
  it("counts the broker's own leads per week and per stage; admins see all", async () => {
    const stages = await stagesByName();
    const a = await brokerUser();
    const b = await brokerUser();
    const now = new Date("2026-11-18T12:00:00Z"); // a Wednesday
    await makeLead(a.brokerId, { createdAt: "2026-11-16T08:00:00Z", stageId: stages["Proposta"] });
    await makeLead(a.brokerId, { createdAt: "2026-11-17T08:00:00Z" });
    await makeLead(a.brokerId, { createdAt: "2026-11-10T08:00:00Z" });
    await makeLead(a.brokerId, { createdAt: "2026-11-16T02:59:00Z" }); // Sunday 23:59 in São Paulo: the week before
    await makeLead(a.brokerId, { createdAt: "2026-01-01T08:00:00Z" }); // outside the 8 weeks
    await makeLead(b.brokerId, { createdAt: "2026-11-16T09:00:00Z" });
    const charts = await brokerDashboardCharts(a.user, now);
    expect(charts.weeks).toHaveLength(8);
    expect(charts.weeks.at(-1)).toEqual({ from: "2026-11-16T03:00:00.000Z", count: 2 }); // Monday 00:00 in São Paulo
    expect(charts.weeks.at(-2)?.count).toBe(2);
    expect(charts.weeks.reduce((s, w) => s + w.count, 0)).toBe(4);
    expect(charts.funnel.find((s) => s.name === "Proposta")?.count).toBe(1);
    expect(charts.funnel.find((s) => s.name === "Entrada")?.count).toBe(4);
    expect(charts.funnel.map((s) => s.name)[0]).toBe("Entrada");
    const all = await brokerDashboardCharts((await adminUser()).user, now);
    expect(all.weeks.at(-1)?.count).toBe(3);
  });
});
