import crypto from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";

/**
 * A fresh broker (own password, own leads) written straight into the e2e
 * server's database, so board specs never move the demo broker's cards
 * under another spec. Same password format as passwords.server.ts.
 */
const dataDir = process.env.E2E_DATA_DIR ?? "";

function hash(password: string): string {
  const N = 16384;
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize("NFKC"), salt, 64, { N, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ["scrypt", N, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export function openDb(): SQLite.Database {
  const db = new SQLite(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

export function createBrokerWithLeads(label: string, leads: { name: string; stage?: string; value?: number; email?: string }[] = []) {
  const email = `crm-${label}-${Date.now()}-${crypto.randomBytes(3).toString("hex")}@teste.com.br`;
  const password = "senha-e2e-123";
  const name = `Corretor ${label}`;
  const db = openDb();
  const now = new Date().toISOString();
  const userId = crypto.randomUUID();
  const brokerId = crypto.randomUUID();
  db.prepare("insert into users (id, email, password_hash, role, name, created_at, updated_at) values (?, ?, ?, 'broker', ?, ?, ?)").run(userId, email, hash(password), name, now, now);
  db.prepare("insert into brokers (id, user_id, name, email, phone, is_active, created_at, updated_at) values (?, ?, ?, ?, '', 1, ?, ?)").run(brokerId, userId, name, email, now, now);
  const stageId = (stage: string) => (db.prepare("select id from crm_stages where name = ?").get(stage) as { id: number } | undefined)?.id ?? null;
  const ids: number[] = [];
  leads.forEach((l, i) => {
    const r = db
      .prepare("insert into leads (name, email, phone, message, broker_id, stage_id, total_value, order_index, tags, created_at, updated_at) values (?, ?, '', 'e2e', ?, ?, ?, ?, '[]', ?, ?)")
      .run(l.name, l.email ?? `${label}-${i}-${Date.now()}@cliente.com.br`, brokerId, stageId(l.stage ?? "Entrada"), l.value ?? null, i + 1, now, now);
    ids.push(Number(r.lastInsertRowid));
  });
  db.close();
  return { email, password, name, brokerId, userId, leadIds: ids };
}
