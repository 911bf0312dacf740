import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { refreshAfterBulkWrite } from "#db/bulk";
import { db, migrate, nowIso } from "~/modules/platform/db.server";
import { ensureDefaultPipeline } from "~/modules/crm/pipeline.server";
import { listLeads, type LeadListParams } from "~/modules/leads/lead-list.server";
import { parseCsv, runImport, autoMapping } from "~/modules/leads/csv-import.server";
import { exportLeadsCsv } from "~/modules/leads/csv-export.server";
import { bulkEmailRecipients, sendBulkEmail } from "~/modules/leads/bulk.server";
import { saveSmtpSettings } from "~/modules/messaging/smtp-settings.server";
import { smtpSettingsSchema } from "~/modules/messaging/smtp-settings";
import type { SessionUser } from "~/modules/auth/session.server";
import { normalisePhone } from "~/utils/phone.server";

/** CRM lead figures (issue 8): list queries at 100k leads / 50 brokers, CSV import 10k rows, export 100k streamed, bulk e-mail 500. */
const FIRST = ["Mariana", "João", "Patrícia", "Rafael", "Luciana", "Gustavo", "Fernanda", "Rodrigo", "Juliana", "Marcelo", "Camila", "Thiago", "Beatriz", "Eduardo", "Larissa", "André", "Renata", "Felipe", "Aline", "Diego"];
const LAST = ["Silva", "Santos", "Oliveira", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento", "Carvalho", "Ribeiro", "Gomes", "Martins", "Araújo", "Barbosa", "Rocha"];

function pct(samples: number[], p: number) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export type LeadBenchData = { leads: number; brokers: number; users: SessionUser[]; admin: SessionUser; brokerIds: string[]; stages: { id: number }[]; seedMs: number };

/** 100,000 leads across 50 brokers (10 % without broker), in the database the app points at. */
export async function seedBenchLeads(options: { leads?: number; brokers?: number } = {}): Promise<LeadBenchData> {
  const LEADS = options.leads ?? 100_000;
  const BROKERS = options.brokers ?? 50;
  await migrate();
  await ensureDefaultPipeline();
  const stages = await db().selectFrom("crm_stages").select("id").execute();
  const now = nowIso();
  const brokerIds: string[] = [];
  const users: SessionUser[] = [];
  for (let i = 0; i < BROKERS; i++) {
    const userId = crypto.randomUUID();
    const brokerId = crypto.randomUUID();
    await db().insertInto("users").values({ id: userId, email: `corretor${i}@bench.com.br`, password_hash: "x", role: "broker", name: `Corretor ${i}`, created_at: now, updated_at: now }).execute();
    await db().insertInto("brokers").values({ id: brokerId, user_id: userId, name: `Corretor ${i}`, email: `corretor${i}@bench.com.br`, phone: "", created_at: now, updated_at: now }).execute();
    brokerIds.push(brokerId);
    users.push({ id: userId, email: `corretor${i}@bench.com.br`, name: `Corretor ${i}`, role: "broker", broker: { id: brokerId, name: `Corretor ${i}`, isActive: true, profileImage: null, phone: "" } });
  }
  const admin: SessionUser = { id: crypto.randomUUID(), email: "admin@bench.com.br", name: "Admin", role: "admin", broker: null };

  const t0 = performance.now();
  const start = Date.now();
  await db()
    .transaction()
    .execute(async (tx) => {
      for (let i = 0; i < LEADS; i += 500) {
        const rows = [];
        for (let j = i; j < Math.min(LEADS, i + 500); j++) {
          const name = `${FIRST[j % FIRST.length]} ${LAST[(j * 7) % LAST.length]} ${j}`;
          const phone = `(11) 9${String(10_000_000 + j).slice(-8)}`;
          const created = new Date(start - j * 60_000).toISOString();
          rows.push({
            name,
            email: `lead${j}@${j % 3 ? "gmail.com" : "hotmail.com"}`,
            phone,
            phone_normalized: normalisePhone(phone),
            message: "Tenho interesse",
            property_title: `Apartamento ${j % 500}`,
            broker_id: j % 10 === 9 ? null : brokerIds[j % BROKERS],
            stage_id: stages[j % stages.length].id,
            created_at: created,
            updated_at: created,
          });
        }
        await tx.insertInto("leads").values(rows).execute();
      }
    });
  const seedMs = performance.now() - t0;
  await refreshAfterBulkWrite(db(), ["users", "brokers", "leads"]);
  return { leads: LEADS, brokers: BROKERS, users, admin, brokerIds, stages, seedMs };
}

/** The lead list cases: p50/p95 over 100 runs each, rotating users and terms. */
export async function timeLeadList(data: LeadBenchData): Promise<{ label: string; p50: number; p95: number }[]> {
  const { users, admin, brokerIds, stages } = data;
  const LEADS = data.leads;
  const BROKERS = data.brokers;
  const cases: { label: string; user: (i: number) => SessionUser; params: (i: number) => LeadListParams }[] = [
    { label: "broker, no filter, page 1", user: (i) => users[i % BROKERS], params: () => ({ page: 1 }) },
    { label: "broker, search by name", user: (i) => users[i % BROKERS], params: (i) => ({ q: FIRST[i % FIRST.length], page: 1 }) },
    { label: "broker, search by phone digits", user: (i) => users[i % BROKERS], params: (i) => ({ q: String(10_000_000 + i * 37).slice(-5), page: 1 }) },
    { label: "broker, stage filter", user: (i) => users[i % BROKERS], params: (i) => ({ stage: stages[i % stages.length].id, page: 1 }) },
    { label: "admin, no filter, page 1", user: () => admin, params: () => ({ page: 1 }) },
    { label: "admin, no filter, page 500", user: () => admin, params: () => ({ page: 500 }) },
    { label: "admin, search common surname", user: () => admin, params: (i) => ({ q: LAST[i % LAST.length], page: 1 }) },
    { label: "admin, search e-mail domain (matches 2/3)", user: () => admin, params: () => ({ q: "gmail", page: 1 }) },
    { label: "admin, search one e-mail", user: () => admin, params: (i) => ({ q: `lead${(i * 977) % LEADS}@`, page: 1 }) },
    { label: "admin, stage filter", user: () => admin, params: (i) => ({ stage: stages[i % stages.length].id, page: 1 }) },
    { label: "admin, broker filter + stage", user: () => admin, params: (i) => ({ broker: brokerIds[i % BROKERS], stage: stages[i % stages.length].id, page: 1 }) },
    { label: "admin, broker filter + search", user: () => admin, params: (i) => ({ broker: brokerIds[i % BROKERS], q: FIRST[i % FIRST.length], page: 1 }) },
  ];
  const list: { label: string; p50: number; p95: number }[] = [];
  for (const c of cases) {
    for (let i = 0; i < 5; i++) await listLeads(c.user(i), c.params(i)); // warm
    const samples: number[] = [];
    for (let i = 0; i < 100; i++) {
      const s = performance.now();
      await listLeads(c.user(i), c.params(i));
      samples.push(performance.now() - s);
    }
    list.push({ label: c.label, p50: pct(samples, 50), p95: pct(samples, 95) });
  }
  return list;
}

export async function benchCrmLeads(options: { leads?: number; brokers?: number } = {}) {
  const data = await seedBenchLeads(options);
  const { users, admin, brokerIds, seedMs } = data;
  const LEADS = data.leads;
  const BROKERS = data.brokers;
  const list = await timeLeadList(data);

  // CSV import: 10,000 rows, Excel pt-BR style
  const lines = ["Nome;E-mail;Telefone;Mensagem;Marcadores;Estágio"];
  for (let i = 0; i < 10_000; i++) lines.push(`Cliente Importado ${i};import${i}@empresa.com.br;(21) 9${String(20_000_000 + i).slice(-8)};"Mensagem ${i}\nsegunda linha";vip;${["entrada", "qualificação", "negociação", "fechamento"][i % 4]}`);
  const bytes = new TextEncoder().encode("\uFEFF" + lines.join("\r\n"));
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const ti = performance.now();
  const file = parseCsv(bytes);
  const importResult = await runImport(users[0], file, { mapping: autoMapping(file.headers), stageMap: {}, forceStageId: null, duplicates: "skip", brokerId: brokerIds[0] }, () => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  });
  const importMs = performance.now() - ti;

  // export: every lead (admin), streamed
  const te = performance.now();
  const reader = exportLeadsCsv(admin, {}).getReader();
  let exportBytes = 0;
  let exportRows = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    exportBytes += value.byteLength;
    for (const b of value) if (b === 10) exportRows++;
  }
  const exportMs = performance.now() - te;

  // bulk e-mail: 500 leads through a local SMTP server, one address refused
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _s, cb) {
      cb(address.address === "lead250@gmail.com" ? new Error("Mailbox unavailable") : undefined);
    },
    onData(stream, _s, cb) {
      stream.resume();
      stream.on("end", () => cb());
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.server.address() as AddressInfo).port;
  const sender = users[1];
  await saveSmtpSettings(sender, smtpSettingsSchema.parse({ smtp_host: "127.0.0.1", smtp_port: String(port), smtp_from_email: "corretor1@bench.com.br", smtp_secure: "off" }));
  await db().updateTable("leads").set({ broker_id: sender.broker!.id }).where("email", "=", "lead250@gmail.com").execute();
  const ids = (await db().selectFrom("leads").select("id").where("broker_id", "=", sender.broker!.id).orderBy("id").limit(499).execute()).map((r) => r.id);
  ids.push((await db().selectFrom("leads").select("id").where("email", "=", "lead250@gmail.com").executeTakeFirstOrThrow()).id);
  const recipients = await bulkEmailRecipients(sender, ids);
  const tb = performance.now();
  let progressEvents = 0;
  const bulk = await sendBulkEmail(sender, recipients, { subject: "Novidades", message: "Olá {nome}" }, () => {
    progressEvents++;
  });
  const bulkMs = performance.now() - tb;
  await new Promise<void>((r) => server.close(() => r()));

  return {
    leads: LEADS,
    brokers: BROKERS,
    seedMs,
    list,
    importRows: file.rows.length,
    importMs,
    importResult,
    importHeapMb: (heapPeak - heapBefore) / 1024 / 1024,
    exportMs,
    exportRows: exportRows - 1,
    exportMb: exportBytes / 1024 / 1024,
    bulk: { ...bulk, ms: bulkMs, progressEvents },
  };
}
