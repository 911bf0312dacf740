import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * CRM admins (spec 03 §2.11): the grant is kept per broker, not per e-mail.
 * 0001 created `crm_admins` keyed by e-mail and nothing ever wrote it; the
 * table is rebuilt keyed by `broker_id` (deleted with the broker) so the
 * session query can join it and a changed e-mail does not lose or move the
 * grant. Any e-mail rows that match a broker are carried over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  await db.schema.alterTable("crm_admins").renameTo("crm_admins_by_email").execute();
  await db.schema
    .createTable("crm_admins")
    .addColumn("broker_id", "text", (c) => c.primaryKey().references("brokers.id").onDelete("cascade"))
    .addColumn("granted_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`insert or ignore into crm_admins (broker_id, granted_by, created_at)
    select b.id, o.granted_by, o.created_at from crm_admins_by_email o join brokers b on lower(b.email) = lower(o.email)`.execute(db);
  await db.schema.dropTable("crm_admins_by_email").execute();
}

/**
 * PostgreSQL names a primary key's index after its table and keeps that name
 * through a rename, so the new table is made beside the old one, filled,
 * and takes the old one's name once it is gone.
 */
async function upPostgres(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("crm_admins_by_broker")
    .addColumn("broker_id", "text", (c) => c.primaryKey().references("brokers.id").onDelete("cascade"))
    .addColumn("granted_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`insert into crm_admins_by_broker (broker_id, granted_by, created_at)
    select b.id, o.granted_by, o.created_at from crm_admins o join brokers b on lower(b.email) = lower(o.email)
    on conflict do nothing`.execute(db);
  await db.schema.dropTable("crm_admins").execute();
  await db.schema.alterTable("crm_admins_by_broker").renameTo("crm_admins").execute();
  await sql`alter table crm_admins rename constraint crm_admins_by_broker_pkey to crm_admins_pkey`.execute(db);
  await sql`alter table crm_admins rename constraint crm_admins_by_broker_broker_id_fkey to crm_admins_broker_id_fkey`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.createTable("crm_admins_by_email").addColumn("email", "text", (c) => c.primaryKey()).addColumn("granted_by", "text").addColumn("created_at", "text", (c) => c.notNull()).execute();
    await sql`insert into crm_admins_by_email (email, granted_by, created_at)
      select b.email, o.granted_by, o.created_at from crm_admins o join brokers b on b.id = o.broker_id on conflict do nothing`.execute(db);
    await db.schema.dropTable("crm_admins").execute();
    await db.schema.alterTable("crm_admins_by_email").renameTo("crm_admins").execute();
    await sql`alter table crm_admins rename constraint crm_admins_by_email_pkey to crm_admins_pkey`.execute(db);
    return;
  }
  await db.schema.alterTable("crm_admins").renameTo("crm_admins_by_broker").execute();
  await db.schema
    .createTable("crm_admins")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("granted_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`insert or ignore into crm_admins (email, granted_by, created_at)
    select b.email, o.granted_by, o.created_at from crm_admins_by_broker o join brokers b on b.id = o.broker_id`.execute(db);
  await db.schema.dropTable("crm_admins_by_broker").execute();
}
