import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createPostgresDb } from "#db/connection";
import { CopyError, copySqliteToPostgres } from "#db/copy";
import { migrateToLatest } from "#db/migrator";
import { runCli } from "../../../server/cli";
import { config, resetConfigCache } from "~/modules/platform/config.server";
import { closeDb, databaseDialect, db, sqliteHandle } from "~/modules/platform/db.server";
import { seedDemo } from "~/modules/platform/seed.server";
import { resolveCatalogueFilters, searchCatalogue } from "~/modules/catalogue/search.server";
import { EMPTY_FILTERS } from "~/modules/catalogue/params";
import { onPostgres } from "../../helpers/database";
import { createDatabase, dropDatabase, postgresServerUrl, withDatabase } from "../../setup/postgres";

/**
 * `npm run db:copy -- --to postgres://…` (issue 27): an agency's SQLite
 * database into an empty PostgreSQL one, checked table by table. Needs a
 * PostgreSQL server, so it runs in `npm run test:postgres`.
 */
const made: string[] = [];
afterAll(async () => {
  for (const name of made) await dropDatabase(postgresServerUrl(), name);
});

async function newDatabase(): Promise<string> {
  const name = `imob_copy_${crypto.randomBytes(4).toString("hex")}`;
  await createDatabase(postgresServerUrl(), name);
  made.push(name);
  return withDatabase(postgresServerUrl(), name);
}

/** Points the app at the SQLite file in DATA_DIR (undefined) or at a PostgreSQL database. */
async function useDatabase(url: string | undefined): Promise<void> {
  await closeDb();
  if (url) process.env.DATABASE_URL = url;
  else delete process.env.DATABASE_URL;
  resetConfigCache();
}

/** Every index of a PostgreSQL database, as `pg_indexes` defines it (the copy drops and builds them again). */
async function indexesOf(url: string): Promise<{ indexname: string; indexdef: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("select indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname")).rows;
  } finally {
    await client.end();
  }
}

/** The indexes of a new database brought to the latest migration. */
async function migratedIndexes(): Promise<{ indexname: string; indexdef: string }[]> {
  const url = await newDatabase();
  const fresh = createPostgresDb(url, { max: 1 });
  try {
    await migrateToLatest(fresh.db);
  } finally {
    await fresh.db.destroy();
  }
  return indexesOf(url);
}

async function catalogueIds(text: string): Promise<number[]> {
  const resolved = await resolveCatalogueFilters({ ...EMPTY_FILTERS, searchTerm: text }, null);
  return (await searchCatalogue(resolved, 1, "recent")).items.map((i) => i.id);
}

describe.runIf(onPostgres)("db:copy from SQLite to PostgreSQL", () => {
  const suiteDatabase = process.env.DATABASE_URL;
  afterAll(async () => useDatabase(suiteDatabase));

  it("copies every table of a used SQLite database, checks each, and the app answers the same on the copy", async () => {
    await useDatabase(undefined);
    expect(databaseDialect()).toBe("sqlite");
    const { migrate } = await import("~/modules/platform/db.server");
    await migrate();
    await seedDemo({ propertyCount: 12 });
    // awkward values: NUL, a number kept in a text column, a price with cents, a 64-bit integer
    const sqlite = sqliteHandle()!;
    sqlite.prepare("update properties set description = ? where id = (select min(id) from properties)").run(`Texto com${String.fromCharCode(0)}controle`);
    sqlite.prepare("update properties set postal_code = 1310100, price = 1234567.89 where id = (select max(id) from properties)").run();
    sqlite.prepare("insert into rate_limits (key, points, expire) values ('copia', 2, ?)").run(Date.UTC(2100, 0, 1));
    const before = { search: await catalogueIds("sao paulo"), partial: await catalogueIds("partamento"), leads: Number((await db().selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n) };
    await useDatabase(suiteDatabase);

    const target = await newDatabase();
    const lines: string[] = [];
    const report = await copySqliteToPostgres({ from: config().databaseFile, to: target, log: (l) => lines.push(l) });
    const byTable = new Map(report.tables.map((t) => [t.table, t]));
    for (const table of ["users", "brokers", "properties", "leads", "crm_stages", "catalogue_version", "rate_limits", "roleta_results"]) expect(byTable.has(table), table).toBe(true);
    expect(byTable.has("properties_fts")).toBe(false);
    expect(byTable.get("properties")!.rows).toBe(12);
    expect(byTable.get("leads")!.rows).toBe(before.leads);
    expect(lines.join("\n")).toMatch(/properties: 12 rows copied/);
    // the indexes dropped for the load are all there again, as the migrations made them
    const indexes = await indexesOf(target);
    expect(indexes.length).toBeGreaterThan(50);
    expect(indexes).toEqual(await migratedIndexes());

    await useDatabase(target);
    expect(databaseDialect()).toBe("postgres");
    expect(await catalogueIds("sao paulo")).toEqual(before.search);
    expect(await catalogueIds("partamento")).toEqual(before.partial);
    const last = await db().selectFrom("properties").select(["price", "postal_code"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(last).toEqual({ price: 1234567.89, postal_code: "1310100" });
    // new rows continue after the copied ids
    const maxId = (await db().selectFrom("leads").select((eb) => eb.fn.max("id").as("m")).executeTakeFirstOrThrow()).m as number;
    const { makeLead } = await import("../../helpers/factories");
    expect((await makeLead()).id).toBe(maxId + 1);

    // a second copy into it is refused: it is no longer empty
    await useDatabase(suiteDatabase);
    await expect(copySqliteToPostgres({ from: config().databaseFile, to: target })).rejects.toThrow(/not empty/);
  }, 120_000);

  it("a failure half-way keeps nothing, and the same target then takes a good copy", async () => {
    await useDatabase(undefined);
    // a value the target's column cannot hold (SQLite keeps text in an integer column)
    sqliteHandle()!.prepare("update properties set floor = 'alto' where id = (select max(id) from properties)").run();
    await useDatabase(suiteDatabase);
    const target = await newDatabase();
    await expect(copySqliteToPostgres({ from: config().databaseFile, to: target })).rejects.toThrow();
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      expect(Number((await client.query("select count(*) as n from users")).rows[0].n)).toBe(0);
      expect(Number((await client.query("select count(*) as n from properties")).rows[0].n)).toBe(0);
    } finally {
      await client.end();
    }
    expect(await indexesOf(target)).toEqual(await migratedIndexes()); // the dropped indexes came back with the rollback
    await useDatabase(undefined);
    sqliteHandle()!.prepare("update properties set floor = 12 where floor = 'alto'").run();
    await useDatabase(suiteDatabase);
    expect((await copySqliteToPostgres({ from: config().databaseFile, to: target })).tables.length).toBeGreaterThan(20);
  }, 60_000);

  it("npm run db:copy: checks its arguments and prints the per-table check", async () => {
    const out: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
    vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
    try {
      expect(await runCli(["db:copy", "--to", "mysql://x"])).toBe(1);
      expect(out.join("\n")).toMatch(/Usage: npm run db:copy -- --to postgres:/);
      const target = await newDatabase();
      expect(await runCli(["db:copy", "--to", target, "--from", path.join(config().dataDir, "app.db")])).toBe(0);
      expect(out.join("\n")).toMatch(/properties\s+12\s+[0-9a-f]{16}\s+ok/);
      expect(await runCli(["db:copy", "--to", target, "--from", path.join(config().dataDir, "nada.db")])).toBe(1);
      expect(out.join("\n")).toMatch(/No SQLite database at/);
    } finally {
      vi.restoreAllMocks();
    }
    expect(CopyError).toBeDefined();
  }, 60_000);
});
