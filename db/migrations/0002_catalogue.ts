import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * The public catalogue's search support (issue 3). Everything here keeps
 * itself correct whatever code writes `properties` (editor, seed, feeds),
 * because triggers do the work:
 *
 * - Derived columns the catalogue filters and sorts on, filled by triggers
 *   on insert and on update of their source columns: city_key and
 *   neighborhood_key (accent- and case-folded, "City - SP" suffix removed),
 *   is_rent (the rental rule of spec 01 §4) and display_price (the price a
 *   card shows: the rent for rentals, else the sale price). Plain columns, not
 *   virtual ones, so reading them costs nothing when a plan visits the table.
 * - Indexes that start with status: the public catalogue lists available rows only.
 * - catalogue_fts: a contentless FTS5 index of AVAILABLE properties only, so
 *   a text search counts its matches inside the index instead of checking the
 *   status of every match (measured 16 ms → 3 ms for 'sao paulo' at 100k rows).
 * - catalogue_version: a counter bumped on every write, so the server can
 *   cache derived lists (cities, neighbourhoods) until the data changes.
 * - Planner statistics (sqlite_stat1) describing a typical catalogue, so
 *   SQLite picks the city index over the price index from the first day
 *   instead of guessing; a later ANALYZE / PRAGMA optimize replaces them with
 *   measured ones.
 */

/** Letters with diacritics used in pt-BR (and a few neighbours), folded to ASCII lower case. */
const FOLDS: [string, string][] = [
  ["á", "a"], ["à", "a"], ["â", "a"], ["ã", "a"], ["ä", "a"],
  ["é", "e"], ["è", "e"], ["ê", "e"], ["ë", "e"],
  ["í", "i"], ["ì", "i"], ["î", "i"], ["ï", "i"],
  ["ó", "o"], ["ò", "o"], ["ô", "o"], ["õ", "o"], ["ö", "o"],
  ["ú", "u"], ["ù", "u"], ["û", "u"], ["ü", "u"],
  ["ç", "c"], ["ñ", "n"],
];

/** lower(trim(x)) with the accents above removed; mirrors foldText() in app/utils/slug.ts. */
export function foldSql(column: string): string {
  let expr = `trim(${column})`;
  for (const [accented, plain] of FOLDS) {
    expr = `replace(replace(${expr}, '${accented.toUpperCase()}', '${plain}'), '${accented}', '${plain}')`;
  }
  return `lower(${expr})`;
}

/** The folded city without a trailing state suffix ("campinas - sp" → "campinas"); mirrors cityKey(). */
function cityKeySql(city: string, dialect: "sqlite" | "postgres"): string {
  const folded = foldSql(city);
  const suffixed = dialect === "postgres" ? `${folded} ~ '[- ,/]sp$'` : `${folded} glob '*[- ,/]sp'`;
  return `(case when ${suffixed} then rtrim(substr(${folded}, 1, length(${folded}) - 2), ' ,/-') else ${folded} end)`;
}

/** The derived columns and their expressions over `row` (the table itself, or `new` in a trigger). */
export function derivedExpressions(row: string, dialect: "sqlite" | "postgres" = "sqlite"): [string, string][] {
  const r = (c: string) => `${row}.${c}`;
  return [
    ["city_key", cityKeySql(r("city"), dialect)],
    ["neighborhood_key", foldSql(r("neighborhood"))],
    ["is_rent", `(case when ${r("type")} = 'rent' or ${r("purpose")} = 'rent' or ${r("rental")} = 1 or ${r("rent_price")} > 0 then 1 else 0 end)`],
    ["display_price", `(case when ${r("purpose")} = 'rent' or (${r("price")} <= 0 and (${r("rental")} = 1 or ${r("rent_price")} > 0)) then ${r("rent_price")} else ${r("price")} end)`],
  ];
}

/** SET list of the derived columns, computed from `row` (the table itself, or `new` in a trigger). */
export function derivedAssignments(row: string, dialect: "sqlite" | "postgres" = "sqlite"): string {
  return derivedExpressions(row, dialect)
    .map(([column, expression]) => `${column} = ${expression}`)
    .join(", ");
}

/**
 * Every index starts with status: the public catalogue lists available rows
 * only. Recent order uses 0001's properties_status_created_idx.
 */
const PUBLIC_INDEXES = [
  ["properties_pub_featured_idx", ["status", "featured", "created_at"]],
  ["properties_pub_price_idx", ["status", "display_price"]],
  ["properties_pub_type_idx", ["status", "type", "created_at"]],
  ["properties_pub_rent_idx", ["status", "is_rent", "created_at"]],
  // city + bedrooms + price/area: seek the city and bedrooms, test price and area inside the index
  ["properties_pub_city_idx", ["status", "city_key", "bedrooms", "display_price", "area", "created_at"]],
  // city/neighbourhood filters and the lists of cities and neighbourhoods per category
  ["properties_pub_place_idx", ["status", "city_key", "neighborhood_key", "created_at"]],
  ["properties_pub_type_place_idx", ["status", "type", "city_key", "neighborhood_key", "created_at"]],
  ["properties_pub_rent_place_idx", ["status", "is_rent", "city_key", "neighborhood_key", "created_at"]],
] as const;

/**
 * "rows, then rows per distinct prefix" for each index, shaped like a 100k
 * catalogue: a handful of statuses and types, dozens of cities, a few hundred
 * neighbourhoods, prices and dates nearly unique.
 */
const PLANNER_STATS: [string | null, string][] = [
  [null, "100000"],
  ["sqlite_autoindex_properties_1", "100000 1"],
  ["properties_status_created_idx", "100000 25000 1"],
  ["properties_featured_created_idx", "100000 50000 1"],
  ["properties_created_idx", "100000 1"],
  ["properties_type_created_idx", "100000 20000 1"],
  ["properties_city_idx", "100000 2000 200"],
  ["properties_price_idx", "100000 3"],
  ["properties_rent_price_idx", "100000 30"],
  ["properties_bedrooms_idx", "100000 20000"],
  ["properties_area_idx", "100000 100"],
  ["properties_user_idx", "100000 2000"],
  ["properties_broker_idx", "100000 2000"],
  ["properties_pub_featured_idx", "100000 25000 12500 1"],
  ["properties_pub_price_idx", "100000 25000 3"],
  ["properties_pub_type_idx", "100000 25000 5000 1"],
  ["properties_pub_rent_idx", "100000 25000 12500 1"],
  ["properties_pub_city_idx", "100000 25000 500 100 3 1 1"],
  ["properties_pub_place_idx", "100000 25000 500 50 1"],
  ["properties_pub_type_place_idx", "100000 25000 5000 100 10 1"],
  ["properties_pub_rent_place_idx", "100000 25000 12500 250 25 1"],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("properties").addColumn("city_key", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("properties").addColumn("neighborhood_key", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("properties").addColumn("is_rent", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("properties").addColumn("display_price", "real", (c) => c.notNull().defaultTo(0)).execute();
  if (isPostgres(db)) return upPostgres(db);
  await sql.raw(`update properties set ${derivedAssignments("properties")}`).execute(db);
  await sql
    .raw(`create trigger properties_derived_insert after insert on properties begin
      update properties set ${derivedAssignments("new")} where id = new.id;
    end`)
    .execute(db);
  await sql
    .raw(`create trigger properties_derived_update after update of city, neighborhood, type, purpose, rental, rent_price, price on properties begin
      update properties set ${derivedAssignments("new")} where id = new.id;
    end`)
    .execute(db);

  for (const [name, cols] of PUBLIC_INDEXES) {
    await db.schema.createIndex(name).on("properties").columns([...cols]).execute();
  }

  // ── full-text index of the public catalogue (SQLite only, kept in db/) ──
  await sql`create virtual table catalogue_fts using fts5(
    title, description, city, neighborhood, address,
    content = '', contentless_delete = 1, detail = column, prefix = '2 3',
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`insert into catalogue_fts(rowid, title, description, city, neighborhood, address)
    select id, title, description, city, neighborhood, address from properties where status = 'available'`.execute(db);
  await sql`create trigger catalogue_fts_insert after insert on properties when new.status = 'available' begin
    insert into catalogue_fts(rowid, title, description, city, neighborhood, address)
    values (new.id, new.title, new.description, new.city, new.neighborhood, new.address);
  end`.execute(db);
  await sql`create trigger catalogue_fts_delete after delete on properties when old.status = 'available' begin
    delete from catalogue_fts where rowid = old.id;
  end`.execute(db);
  await sql`create trigger catalogue_fts_update after update of title, description, city, neighborhood, address, status on properties begin
    delete from catalogue_fts where rowid = old.id;
    insert into catalogue_fts(rowid, title, description, city, neighborhood, address)
    select new.id, new.title, new.description, new.city, new.neighborhood, new.address where new.status = 'available';
  end`.execute(db);

  // ── change counter for caches of derived lists ──────────────────────────
  await db.schema
    .createTable("catalogue_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into catalogue_version (id, version) values (1, 0)`.execute(db);
  for (const event of ["insert", "update", "delete"]) {
    await sql
      .raw(`create trigger catalogue_version_${event} after ${event} on properties begin update catalogue_version set version = version + 1 where id = 1; end`)
      .execute(db);
  }

  // ── planner statistics (see the note at the top) ────────────────────────
  await sql`analyze properties`.execute(db); // creates sqlite_stat1 if needed
  await sql`delete from sqlite_stat1 where tbl = 'properties'`.execute(db);
  for (const [idx, stat] of PLANNER_STATS) {
    await sql`insert into sqlite_stat1 (tbl, idx, stat) values ('properties', ${idx}, ${stat})`.execute(db);
  }
  await sql`analyze sqlite_schema`.execute(db); // reloads the statistics
}

/**
 * The same catalogue support on PostgreSQL: the derived columns set by a
 * BEFORE trigger (same expressions), the same indexes, catalogue_fts as a
 * table of the available properties' words (a tsvector under a GIN index, as
 * 0001's properties_fts), and catalogue_version bumped once per statement that
 * writes properties (caches compare it for equality only). PostgreSQL's own
 * ANALYZE keeps the planner's statistics.
 */
async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql.raw(`update properties set ${derivedAssignments("properties", "postgres")}`).execute(db);
  const derived = derivedExpressions("new", "postgres");
  await sql
    .raw(`create function properties_derived() returns trigger language plpgsql as $$
      begin
        ${derived.map(([column, expression]) => `new.${column} := ${expression};`).join("\n        ")}
        return new;
      end $$`)
    .execute(db);
  await sql`create trigger properties_derived_insert before insert on properties for each row execute function properties_derived()`.execute(db);
  await sql`create trigger properties_derived_update before update of city, neighborhood, type, purpose, rental, rent_price, price on properties
    for each row execute function properties_derived()`.execute(db);

  for (const [name, cols] of PUBLIC_INDEXES) {
    await db.schema.createIndex(name).on("properties").columns([...cols]).execute();
  }

  await sql`create table catalogue_fts (id bigint primary key references properties (id) on delete cascade, doc tsvector not null)`.execute(db);
  await sql`create index catalogue_fts_doc_idx on catalogue_fts using gin (doc)`.execute(db);
  await sql`insert into catalogue_fts (id, doc)
    select id, app_search_doc(title, description, city, neighborhood, address) from properties where status = 'available'`.execute(db);
  await sql`create function catalogue_fts_sync() returns trigger language plpgsql as $$
    begin
      if new.status = 'available' then
        insert into catalogue_fts (id, doc) values (new.id, app_search_doc(new.title, new.description, new.city, new.neighborhood, new.address))
        on conflict (id) do update set doc = excluded.doc;
      elsif tg_op = 'UPDATE' then
        delete from catalogue_fts where id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger catalogue_fts_insert after insert on properties for each row execute function catalogue_fts_sync()`.execute(db);
  await sql`create trigger catalogue_fts_update after update of title, description, city, neighborhood, address, status on properties
    for each row execute function catalogue_fts_sync()`.execute(db);

  await db.schema
    .createTable("catalogue_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into catalogue_version (id, version) values (1, 0)`.execute(db);
  await sql`create function catalogue_version_bump() returns trigger language plpgsql as $$
    begin
      update catalogue_version set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
  await sql`create trigger catalogue_version_bump after insert or update or delete on properties
    for each statement execute function catalogue_version_bump()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists catalogue_version_bump on properties`.execute(db);
    await sql`drop function if exists catalogue_version_bump()`.execute(db);
    await db.schema.dropTable("catalogue_version").ifExists().execute();
    await sql`drop table if exists catalogue_fts`.execute(db);
    await sql`drop function if exists catalogue_fts_sync() cascade`.execute(db);
    for (const [name] of PUBLIC_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
    await sql`drop function if exists properties_derived() cascade`.execute(db);
    for (const c of ["display_price", "is_rent", "neighborhood_key", "city_key"]) await db.schema.alterTable("properties").dropColumn(c).execute();
    return;
  }
  for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger if exists catalogue_version_${event}`).execute(db);
  await db.schema.dropTable("catalogue_version").ifExists().execute();
  for (const t of ["catalogue_fts_insert", "catalogue_fts_delete", "catalogue_fts_update"]) await sql.raw(`drop trigger if exists ${t}`).execute(db);
  await sql`drop table if exists catalogue_fts`.execute(db);
  for (const [name] of PUBLIC_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  await sql`drop trigger if exists properties_derived_insert`.execute(db);
  await sql`drop trigger if exists properties_derived_update`.execute(db);
  for (const c of ["display_price", "is_rent", "neighborhood_key", "city_key"]) await db.schema.alterTable("properties").dropColumn(c).execute();
}
