import Database from "better-sqlite3";
import path from "node:path";

/** Reads the e2e server's database (read-only) for ids the demo seed generated. */
export function demoBrokerId(email: string): string {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data", "app.db"), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select id from brokers where email = ?").get(email) as { id: string } | undefined;
    if (!row) throw new Error(`no broker ${email}`);
    return row.id;
  } finally {
    db.close();
  }
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
export function demoPropertyPath(): string {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data", "app.db"), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("select slug from properties where status = 'available' and json_array_length(images) >= 3 and created_at < '2026-11-21' order by id limit 1")
      .get() as { slug: string } | undefined;
    if (!row) throw new Error("no demo property with photos");
    return `/imovel/${row.slug}`;
  } finally {
    db.close();
  }
}
