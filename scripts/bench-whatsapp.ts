// Run by scripts/bench-whatsapp.mjs inside Vite (same modules as the server).
import { Cron } from "croner";
import { startFakeGateway } from "../tests/mocks/whatsapp-gateway";
import { dispatchDueJobs } from "~/modules/messaging/campaign-dispatcher.server";
import { launchCampaign, saveCampaign } from "~/modules/messaging/campaigns.server";
import { saveGatewayConfig } from "~/modules/messaging/gateway-settings.server";
import { createBroker } from "~/modules/auth/users.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { closeDb, db, migrate } from "~/modules/platform/db.server";

const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
const allDay = { startTime: "00:00", endTime: "23:59", weekdays: [true, true, true, true, true, true, true], intervalSeconds: 15 };

async function connectedBroker(i: number, instance: string): Promise<SessionUser> {
  const { userId, brokerId } = await createBroker({ name: `Bench ${i}`, email: `bench${i}@teste.com.br`, password: "senha-bench-123" });
  const ts = new Date().toISOString();
  await db()
    .insertInto("whatsapp_connections")
    .values({ broker_id: brokerId, instance_name: instance, status: "connected", connected_since: "2026-01-01T00:00:00.000Z", created_at: ts, updated_at: ts })
    .execute();
  return { id: userId, email: `bench${i}@teste.com.br`, name: `Bench ${i}`, role: "broker", broker: { id: brokerId, name: `Bench ${i}`, isActive: true, profileImage: null, phone: "" } };
}

export async function benchWhatsapp() {
  await migrate();
  const gw = await startFakeGateway({ apiKey: "chave-bench-12345" });
  await saveGatewayConfig({ baseUrl: gw.url, apiKey: gw.apiKey });
  // 1. scheduling: 20 campaigns × 500 leads = 10,000 jobs
  const campaigns = 20;
  const perCampaign = 500;
  const users: SessionUser[] = [];
  const ids: number[] = [];
  for (let c = 0; c < campaigns; c++) {
    const user = await connectedBroker(c, `bench_${c}`);
    users.push(user);
    const leads = Array.from({ length: perCampaign }, (_, i) => ({ leadId: null, name: `Lead ${i}`, phone: `1199${String(c).padStart(2, "0")}${String(i).padStart(5, "0")}` }));
    ids.push(await saveCampaign(user, { name: `Bench ${c}`, message: "Olá {nome}", leads, timing: allDay }));
  }
  const far = new Date(Date.now() + 7 * 86_400_000);
  const t0 = performance.now();
  for (let c = 0; c < campaigns; c++) await launchCampaign(users[c], ids[c], far);
  const scheduleMs = performance.now() - t0;
  const scheduledJobs = Number((await db().selectFrom("campaign_jobs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  await db().updateTable("campaigns").set({ status: "paused" }).execute();

  // 2. lateness: 10 live campaigns, one message every 15 s each, for 30 s, dispatcher every second
  const seconds = 30;
  const start = Date.now() + 1000;
  const liveIds: number[] = [];
  for (let c = 0; c < 10; c++) {
    const user = await connectedBroker(100 + c, `live_${c}`);
    gw.instances.set(`live_${c}`, { name: `live_${c}`, token: "T", state: "open", qrCount: 0, number: null, webhook: null, profileName: null });
    const leads = Array.from({ length: 3 }, (_, i) => ({ leadId: null, name: `Vivo ${i}`, phone: `1198${String(c).padStart(2, "0")}${String(i).padStart(5, "0")}` }));
    const id = await saveCampaign(user, { name: `Live ${c}`, message: "Oi", leads, timing: allDay });
    await launchCampaign(user, id, new Date(start + c * 1400), () => 0.5);
    liveIds.push(id);
  }
  const cron = new Cron("* * * * * *", { protect: true }, async () => {
    await dispatchDueJobs(new Date());
  });
  await new Promise((r) => setTimeout(r, seconds * 1000));
  cron.stop();
  const failed = await db().selectFrom("campaign_jobs").select(["error"]).where("campaign_id", "in", liveIds).where("status", "=", "failed").execute();
  if (failed.length) throw new Error(`bench sends failed: ${failed[0].error}`);
  const rows = await db().selectFrom("campaign_jobs").select(["fire_at", "sent_at"]).where("campaign_id", "in", liveIds).where("status", "=", "sent").execute();
  const lateness = rows.map((r) => Date.parse(r.sent_at!) - Date.parse(r.fire_at)).sort((a, b) => a - b);
  await gw.close();
  await closeDb();
  return {
    campaigns,
    perCampaign,
    scheduledJobs,
    scheduleMs,
    sent: rows.length,
    seconds,
    latenessP50: pct(lateness, 50),
    latenessP95: pct(lateness, 95),
    latenessMax: lateness.at(-1) ?? 0,
  };
}
