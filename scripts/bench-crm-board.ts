import type { SessionUser } from "~/modules/auth/session.server";
import { createBroker, createAdmin } from "~/modules/auth/users.server";
import { loadBoard } from "~/modules/crm/board.server";
import { moveLeadToStage } from "~/modules/crm/deals.server";
import { listPipelineStages } from "~/modules/crm/stages.server";
import { refreshAfterBulkWrite } from "#db/bulk";
import { db, migrate, nowIso } from "~/modules/platform/db.server";
import { ensureDefaultPipeline } from "~/modules/crm/pipeline.server";

/** Board figures (issue 9): 5,000 cards in 7 stages for one broker; server time of loadBoard and of a move. */
function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export async function benchCrmBoard({ cards = 5000, runs = 100 } = {}) {
  await migrate();
  await ensureDefaultPipeline();
  const stages = await listPipelineStages();
  const ids = await createBroker({ name: "Corretor Bench", email: `bench-${Date.now()}@x.com`, password: "senha-bench-1", phone: "" });
  const adminId = await createAdmin({ email: `admin-bench-${Date.now()}@x.com`, password: "senha-bench-1" });
  const broker: SessionUser = { id: ids.userId, email: "b@x.com", name: "Corretor Bench", role: "broker", broker: { id: ids.brokerId, name: "Corretor Bench", isActive: true, profileImage: null, phone: "" } };
  const admin: SessionUser = { id: adminId, email: "a@x.com", name: "Admin", role: "admin", broker: null };
  const now = nowIso();
  const leadCount = Math.round(cards * 0.9);
  await db().transaction().execute(async (tx) => {
    for (let i = 0; i < leadCount; i += 500) {
      const rows = Array.from({ length: Math.min(500, leadCount - i) }, (_, k) => {
        const n = i + k;
        return { name: `Cliente ${n}`, email: `c${n}@cliente.com.br`, phone: `(11) 9${String(10000000 + n)}`, message: "", broker_id: ids.brokerId, stage_id: stages[n % stages.length].id, total_value: 100000 + n, order_index: n + 1, tags: JSON.stringify(n % 3 ? ["vip", "centro"] : []), created_at: now, updated_at: now };
      });
      await tx.insertInto("leads").values(rows).execute();
    }
    for (let n = 0; n < cards - leadCount; n++) {
      await tx.insertInto("crm_deals").values({ title: `Oportunidade ${n}`, amount: 50000 + n, stage_id: stages[n % stages.length].id, owner_id: ids.brokerId, order_index: leadCount + n + 1, created_at: now, updated_at: now }).execute();
    }
  });
  await refreshAfterBulkWrite(db(), ["leads", "crm_deals"]);
  const filters = { view: "all" as const, owner: "all" as const, brokerId: null, q: "", shown: {} };
  const time = async (label: string, fn: () => Promise<unknown>) => {
    for (let i = 0; i < 5; i++) await fn();
    const t: number[] = [];
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      await fn();
      t.push(performance.now() - s);
    }
    return { label, p50: pct(t, 50), p95: pct(t, 95) };
  };
  const results = [
    await time("Board of the broker (7 stages, 10 cards each)", () => loadBoard(broker, filters)),
    await time("Board, admin, all brokers", () => loadBoard(admin, filters)),
    await time("Board with a search term", () => loadBoard(broker, { ...filters, q: "Cliente 12" })),
    await time("Board, one column at 'Ver mais' ×5 (60 cards)", () => loadBoard(broker, { ...filters, shown: { [stages[0].id]: 60 } })),
  ];
  // A move: one card row changes; every other card keeps its position.
  const lead = await db().selectFrom("leads").select(["id"]).where("broker_id", "=", ids.brokerId).where("stage_id", "=", stages[0].id).orderBy("id").executeTakeFirstOrThrow();
  const before = await db().selectFrom("leads").select((eb) => eb.fn.sum<number>("order_index").as("s")).where("broker_id", "=", ids.brokerId).where("id", "!=", lead.id).executeTakeFirstOrThrow();
  const moveTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await moveLeadToStage(broker, lead.id, stages[(i % (stages.length - 1)) + 1].id);
    moveTimes.push(performance.now() - s);
  }
  const after = await db().selectFrom("leads").select((eb) => eb.fn.sum<number>("order_index").as("s")).where("broker_id", "=", ids.brokerId).where("id", "!=", lead.id).executeTakeFirstOrThrow();
  return { cards, stages: stages.length, results, move: { p50: pct(moveTimes, 50), p95: pct(moveTimes, 95), othersUnchanged: Number(before.s) === Number(after.s) } };
}
