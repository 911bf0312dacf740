import { describe, expect, it } from "vitest";
import { listBrokersForAdmin } from "~/modules/brokers/brokers.server";
import * as adminRoute from "~/routes/broker/admin";
import { getRequest, routeArgs } from "../../helpers/requests";
import { run } from "../../helpers/responses";
import { makeBroker } from "../../helpers/factories";
import { adminUser, brokerUser, makeLead, statusOf } from "../crm/crm-helpers";

describe("/broker/admin broker list", () => {
  it("lists brokers with search, status and lead counts; brokers get 403", async () => {
    const { user, cookie } = await adminUser();
    const active = await makeBroker({ name: "Zélia Procurada" });
    await makeBroker({ name: "Zélia Inativa", isActive: false });
    await makeLead(active.brokerId);
    await makeLead(active.brokerId);
    const found = await listBrokersForAdmin(user, { q: "zélia" });
    expect(found.rows.map((r) => [r.name, r.is_active, r.leads])).toEqual([
      ["Zélia Inativa", 0, 0],
      ["Zélia Procurada", 1, 2],
    ]);
    expect((await listBrokersForAdmin(user, { q: "%" })).rows.length).toBeGreaterThan(0);
    const page = await run(() => adminRoute.loader(routeArgs(getRequest("/broker/admin?q=Procurada&page=abc", { cookie }))));
    expect((page.value as { total: number }).total).toBe(1);
    const broker = await brokerUser();
    const refused = await run(() => adminRoute.loader(routeArgs(getRequest("/broker/admin", { cookie: broker.cookie }))));
    expect(statusOf(refused.thrown)).toBe(403);
  });

  it("finds a broker by phone whatever the mask (spec 03 §2.1); a query of letters and digits is not a phone", async () => {
    const { user, cookie } = await adminUser();
    const tail = String(Date.now()).slice(-4);
    const b = await makeBroker({ name: "Telefone Procurado", phone: `(19) 3456-${tail}` });
    for (const q of [`3456-${tail}`, `193456${tail}`, `(19) 3456 ${tail}`, `+55 19 3456-${tail}`.replace("+55 ", "")]) {
      expect((await listBrokersForAdmin(user, { q })).rows.map((r) => r.id), q).toContain(b.brokerId);
    }
    expect((await listBrokersForAdmin(user, { q: `abc${tail}` })).rows.map((r) => r.id)).not.toContain(b.brokerId);
    const page = await run(() => adminRoute.loader(routeArgs(getRequest(`/broker/admin?q=${encodeURIComponent(`3456-${tail}`)}`, { cookie }))));
    expect((page.value as { rows: { id: string }[] }).rows.map((r) => r.id)).toContain(b.brokerId);
  });
});
