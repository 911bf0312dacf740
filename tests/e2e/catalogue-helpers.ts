import { withDb } from "./database";

/** Reads the e2e server's database for ids the demo seed generated. */
export async function demoBrokerId(email: string): Promise<string> {
  const row = await withDb((db) => db.selectFrom("brokers").select("id").where("email", "=", email).executeTakeFirst());
  if (!row) throw new Error(`no broker ${email}`);
  return row.id;
}

/** "R$ 1.234.567" → 1234567 */
export function priceOf(text: string): number {
  const m = /R\$\s*([\d.]+)/.exec(text);
  return m ? Number(m[1].replace(/\./g, "")) : NaN;
}

/**
 * The path of a demo-seeded property with several photos: other specs create
 * properties at the same time, so "the newest card" is not a stable choice.
 */
export async function demoPropertyPath(): Promise<string> {
  const rows = await withDb((db) =>
    db.selectFrom("properties").select(["slug", "images"]).where("status", "=", "available").where("created_at", "<", "2026-11-21").orderBy("id").execute(),
  );
  // images is a JSON list in a text column: counted here rather than with each database's JSON function
  const row = rows.find((r) => (JSON.parse(r.images || "[]") as unknown[]).length >= 3);
  if (!row) throw new Error("no demo property with photos");
  return `/imovel/${row.slug}`;
}
