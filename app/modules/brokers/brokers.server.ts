import { sql, type RawBuilder } from "kysely";
import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db } from "~/modules/platform/db.server";

export const BROKER_PAGE_SIZE = 20;

/** A contains-pattern; wildcard characters typed by the user are dropped (no ESCAPE clause needed). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "")}%`;
}

/** Admin list of brokers (02 §6, 03 §2.1): search by name, e-mail or phone (digits, any mask), lead and property counts by SQL. */
export async function listBrokersForAdmin(user: SessionUser, input: { q?: string; page?: number }) {
  assertCan(user, "read", "broker");
  const q = (input.q ?? "").trim().slice(0, 100);
  let base = db().selectFrom("brokers");
  if (q) {
    const pattern = likePattern(q.toLowerCase());
    const digits = q.replace(/\D/g, "");
    base = base.where((eb) => {
      const matches = [eb(eb.fn("lower", ["brokers.name"]), "like", eb.val(pattern)), eb(eb.fn("lower", ["brokers.email"]), "like", eb.val(pattern))];
      // the phone as digits only, whatever mask it was typed with (replace() exists in SQLite and PostgreSQL)
      if (digits.length >= 3 && digits.length === q.replace(/[\s().+-]/g, "").length) {
        let phone: RawBuilder<string> = sql<string>`${sql.ref("brokers.phone")}`;
        for (const c of ["(", ")", "-", " ", ".", "+"]) phone = sql<string>`replace(${phone}, ${c}, '')`;
        matches.push(eb(phone, "like", eb.val(`%${digits}%`)));
      }
      return eb.or(matches);
    });
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const page = Math.max(1, Math.min(input.page ?? 1, Math.max(1, Math.ceil(total / BROKER_PAGE_SIZE))));
  const rows = await base
    .select((eb) => [
      "brokers.id",
      "brokers.name",
      "brokers.email",
      "brokers.phone",
      "brokers.profile_image",
      "brokers.is_active",
      "brokers.custom_url_path",
      "brokers.created_at",
      eb.selectFrom("leads").select((e) => e.fn.countAll<number>().as("n")).whereRef("leads.broker_id", "=", "brokers.id").as("leads"),
      eb.selectFrom("properties").select((e) => e.fn.countAll<number>().as("n")).whereRef("properties.broker_id", "=", "brokers.id").as("properties"),
    ])
    .orderBy("brokers.name")
    .limit(BROKER_PAGE_SIZE)
    .offset((page - 1) * BROKER_PAGE_SIZE)
    .execute();
  return { rows: rows.map((r) => ({ ...r, leads: Number(r.leads ?? 0), properties: Number(r.properties ?? 0) })), total, page, pageCount: Math.max(1, Math.ceil(total / BROKER_PAGE_SIZE)), q };
}
