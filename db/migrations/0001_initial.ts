import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * The whole data model of the three spec files. Later changes go in new
 * migrations; this file is never edited once landed.
 *
 * Portability: plain Kysely schema builder with ISO-8601 text timestamps and
 * 0/1 booleans; the only dialect-specific part is the full-text index at the
 * end (FTS5 on SQLite, tsvector words under GIN indexes on PostgreSQL), which
 * lives here in db/ on purpose. On PostgreSQL the column types are
 * translated by db/dialect.ts's PostgresSchemaPlugin.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // ── accounts ────────────────────────────────────────────────────────────
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin', 'broker')`))
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("brokers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("profile_image", "text")
    .addColumn("custom_url_path", "text", (c) => c.unique())
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("brokers_name_idx").on("brokers").column("name").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_idx").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("password_reset_tokens_user_idx").on("password_reset_tokens").column("user_id").execute();

  await db.schema
    .createTable("crm_admins")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("granted_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  // ── properties ──────────────────────────────────────────────────────────
  await db.schema
    .createTable("properties")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull().check(sql`length(trim(title)) > 0`))
    .addColumn("slug", "text", (c) => c.unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type in ('pronto', 'lancamento', 'terrenos', 'rent', 'imobiliario')`),
    )
    .addColumn("property_type", "text", (c) =>
      c.notNull().check(sql`property_type in ('Apartamento', 'Casa', 'Sala Comercial', 'Loja', 'Terreno', 'Galpão')`),
    )
    .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('sale', 'rent', 'both')`))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("available").check(sql`status in ('available', 'sold', 'rented', 'reserved')`),
    )
    .addColumn("construction_status", "text", (c) =>
      c.notNull().check(sql`construction_status in ('ready', 'under_construction', 'off_plan', 'renovation')`),
    )
    .addColumn("construction_year", "integer", (c) => c.check(sql`construction_year is null or construction_year >= 1900`))
    .addColumn("price", "real", (c) => c.notNull().defaultTo(0).check(sql`price >= 0`))
    .addColumn("rent_price", "real", (c) => c.notNull().defaultTo(0).check(sql`rent_price >= 0`))
    .addColumn("condo_fee", "real", (c) => c.notNull().defaultTo(0).check(sql`condo_fee >= 0`))
    .addColumn("iptu", "real", (c) => c.notNull().defaultTo(0).check(sql`iptu >= 0`))
    .addColumn("rental", "integer", (c) => c.notNull().defaultTo(0).check(sql`rental in (0, 1)`))
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("street_number", "text")
    .addColumn("complement", "text")
    .addColumn("neighborhood", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("state", "text", (c) => c.notNull().defaultTo("SP"))
    .addColumn("postal_code", "text")
    .addColumn("latitude", "real")
    .addColumn("longitude", "real")
    .addColumn("area", "real", (c) => c.notNull().defaultTo(0).check(sql`area >= 0`))
    .addColumn("bedrooms", "integer", (c) => c.notNull().defaultTo(0).check(sql`bedrooms >= 0`))
    .addColumn("bathrooms", "integer", (c) => c.notNull().defaultTo(0).check(sql`bathrooms >= 0`))
    .addColumn("suites", "integer", (c) => c.notNull().defaultTo(0).check(sql`suites >= 0`))
    .addColumn("parking_spots", "integer", (c) => c.notNull().defaultTo(0).check(sql`parking_spots >= 0`))
    .addColumn("floor", "integer")
    .addColumn("total_floors", "integer")
    .addColumn("facing_direction", "text", (c) =>
      c.check(
        sql`facing_direction is null or facing_direction in ('north', 'south', 'east', 'west', 'northeast', 'northwest', 'southeast', 'southwest')`,
      ),
    )
    .addColumn("furnished", "integer", (c) => c.notNull().defaultTo(0).check(sql`furnished in (0, 1)`))
    .addColumn("pets_allowed", "integer", (c) => c.notNull().defaultTo(0).check(sql`pets_allowed in (0, 1)`))
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0).check(sql`featured in (0, 1)`))
    // JSON arrays of text, kept as text so the column is portable.
    .addColumn("images", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("amenities", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("nearby_amenities", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("special_features", "text", (c) => c.notNull().defaultTo("[]"))
    // Storage folder of the photos, fixed at creation so a later title change keeps the files.
    .addColumn("storage_folder", "text")
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("broker_id", "text", (c) => c.references("brokers.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  for (const [name, cols] of [
    ["properties_status_created_idx", ["status", "created_at"]],
    ["properties_featured_created_idx", ["featured", "created_at"]],
    ["properties_created_idx", ["created_at"]],
    ["properties_type_created_idx", ["type", "created_at"]],
    ["properties_city_idx", ["city", "neighborhood"]],
    ["properties_price_idx", ["price"]],
    ["properties_rent_price_idx", ["rent_price"]],
    ["properties_bedrooms_idx", ["bedrooms"]],
    ["properties_area_idx", ["area"]],
    ["properties_user_idx", ["user_id"]],
    ["properties_broker_idx", ["broker_id"]],
  ] as const) {
    await db.schema.createIndex(name).on("properties").columns([...cols]).execute();
  }

  await db.schema
    .createTable("property_options")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("property_id", "integer", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("area", "real", (c) => c.notNull().check(sql`area > 0`))
    .addColumn("bedrooms", "integer", (c) => c.notNull().check(sql`bedrooms > 0`))
    .addColumn("bathrooms", "integer", (c) => c.notNull().check(sql`bathrooms > 0`))
    .addColumn("suites", "integer", (c) => c.check(sql`suites is null or suites >= 0`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("property_options_property_idx").on("property_options").column("property_id").execute();

  // ── CRM ─────────────────────────────────────────────────────────────────
  await db.schema
    .createTable("crm_pipelines")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_default in (0, 1)`))
    .addColumn("lead_entry_stage_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("crm_stages")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("pipeline_id", "integer", (c) => c.notNull().references("crm_pipelines.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull().check(sql`length(trim(name)) > 0`))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("probability", "integer", (c) => c.check(sql`probability is null or (probability >= 0 and probability <= 100)`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("crm_stages_pipeline_position_idx").on("crm_stages").columns(["pipeline_id", "position"]).execute();

  await db.schema
    .createTable("leads")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone_normalized", "text")
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("property_id", "integer", (c) => c.references("properties.id").onDelete("set null"))
    .addColumn("property_title", "text")
    .addColumn("property_url", "text")
    .addColumn("broker_id", "text", (c) => c.references("brokers.id").onDelete("set null"))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("entrada").check(sql`status in ('entrada', 'qualificacao', 'negociacao', 'fechamento')`),
    )
    .addColumn("stage_id", "integer", (c) => c.references("crm_stages.id").onDelete("set null"))
    .addColumn("rating", "integer", (c) => c.notNull().defaultTo(0).check(sql`rating >= 0 and rating <= 5`))
    .addColumn("total_value", "real", (c) => c.check(sql`total_value is null or total_value >= 0`))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("priority", "text")
    .addColumn("order_index", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("source", "text", (c) => c.notNull().defaultTo("site").check(sql`source in ('site', 'board', 'csv', 'roleta')`))
    .addColumn("campaign", "text")
    .addColumn("labels", "text")
    .addColumn("favorite", "integer", (c) => c.notNull().defaultTo(0).check(sql`favorite in (0, 1)`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  for (const [name, cols] of [
    ["leads_broker_created_idx", ["broker_id", "created_at"]],
    ["leads_created_idx", ["created_at"]],
    ["leads_stage_order_idx", ["stage_id", "order_index"]],
    ["leads_property_idx", ["property_id"]],
    ["leads_email_idx", ["email"]],
    ["leads_phone_normalized_idx", ["phone_normalized"]],
  ] as const) {
    await db.schema.createIndex(name).on("leads").columns([...cols]).execute();
  }

  await db.schema
    .createTable("crm_contacts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("owner_id", "text", (c) => c.references("brokers.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("crm_contacts_email_idx").on("crm_contacts").column("email").execute();
  await db.schema.createIndex("crm_contacts_phone_idx").on("crm_contacts").column("phone").execute();

  await db.schema
    .createTable("crm_deals")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("amount", "real", (c) => c.check(sql`amount is null or amount >= 0`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("BRL"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status in ('open', 'won', 'lost')`))
    .addColumn("stage_id", "integer", (c) => c.references("crm_stages.id").onDelete("restrict"))
    .addColumn("owner_id", "text", (c) => c.references("brokers.id").onDelete("set null"))
    .addColumn("company_id", "integer")
    .addColumn("external_source_id", "integer", (c) => c.unique().references("leads.id").onDelete("cascade"))
    .addColumn("description", "text")
    .addColumn("order_index", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("rating", "integer", (c) => c.notNull().defaultTo(0).check(sql`rating >= 0 and rating <= 5`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("crm_deals_stage_order_idx").on("crm_deals").columns(["stage_id", "order_index"]).execute();
  await db.schema.createIndex("crm_deals_owner_idx").on("crm_deals").column("owner_id").execute();

  await db.schema
    .createTable("crm_deal_participants")
    .addColumn("deal_id", "integer", (c) => c.notNull().references("crm_deals.id").onDelete("cascade"))
    .addColumn("contact_id", "integer", (c) => c.notNull().references("crm_contacts.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().defaultTo("primary"))
    .addPrimaryKeyConstraint("crm_deal_participants_pk", ["deal_id", "contact_id"])
    .execute();

  await db.schema
    .createTable("crm_stage_activity_templates")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("stage_id", "integer", (c) => c.notNull().references("crm_stages.id").onDelete("cascade"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) =>
      c.notNull().defaultTo("followup").check(sql`type in ('call', 'whatsapp', 'email', 'meeting', 'followup')`),
    )
    .addColumn("content", "text")
    .addColumn("offset_hours", "integer", (c) => c.notNull().defaultTo(0).check(sql`offset_hours >= 0`))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("crm_templates_stage_idx").on("crm_stage_activity_templates").column("stage_id").execute();

  await db.schema
    .createTable("crm_activities")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("deal_id", "integer", (c) => c.notNull().references("crm_deals.id").onDelete("cascade"))
    .addColumn("subject", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("type", "text", (c) =>
      c.notNull().defaultTo("followup").check(sql`type in ('call', 'whatsapp', 'email', 'meeting', 'followup')`),
    )
    .addColumn("content", "text")
    .addColumn("due_at", "text")
    .addColumn("completed_at", "text")
    .addColumn("template_id", "integer", (c) => c.references("crm_stage_activity_templates.id").onDelete("set null"))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("crm_activities_deal_idx").on("crm_activities").column("deal_id").execute();
  await db.schema.createIndex("crm_activities_due_idx").on("crm_activities").columns(["completed_at", "due_at"]).execute();

  await db.schema
    .createTable("crm_notes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("deal_id", "integer", (c) => c.notNull().references("crm_deals.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull().check(sql`length(trim(body)) > 0`))
    .addColumn("owner_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text")
    .execute();
  await db.schema.createIndex("crm_notes_deal_idx").on("crm_notes").columns(["deal_id", "created_at"]).execute();

  // crm_etapasalteradas in the spec: the stage-change history of a lead.
  await db.schema
    .createTable("crm_stage_changes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("lead_id", "integer", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("from_stage_id", "integer", (c) => c.references("crm_stages.id").onDelete("set null"))
    .addColumn("to_stage_id", "integer", (c) => c.references("crm_stages.id").onDelete("set null"))
    .addColumn("changed_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("changed_by_email", "text")
    .addColumn("changed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("crm_stage_changes_lead_idx").on("crm_stage_changes").columns(["lead_id", "changed_at"]).execute();

  // ── messaging ───────────────────────────────────────────────────────────
  await db.schema
    .createTable("broker_smtp_settings")
    .addColumn("broker_id", "text", (c) => c.primaryKey().references("brokers.id").onDelete("cascade"))
    .addColumn("host", "text")
    .addColumn("port", "integer", (c) => c.notNull().defaultTo(587).check(sql`port >= 1 and port <= 65535`))
    .addColumn("username", "text")
    .addColumn("password", "text")
    .addColumn("secure", "integer", (c) => c.notNull().defaultTo(1).check(sql`secure in (0, 1)`))
    .addColumn("from_name", "text")
    .addColumn("from_email", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("whatsapp_connections")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("broker_id", "text", (c) => c.notNull().unique().references("brokers.id").onDelete("cascade"))
    .addColumn("instance_name", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("disconnected")
        .check(sql`status in ('connected', 'disconnected', 'connecting', 'creating', 'error', 'unknown')`),
    )
    .addColumn("profile_name", "text")
    .addColumn("phone_number", "text")
    .addColumn("profile_picture_url", "text")
    .addColumn("qr_code", "text")
    .addColumn("pairing_code", "text")
    .addColumn("last_activity", "text")
    .addColumn("last_status_check", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("campaigns")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("broker_id", "text", (c) => c.notNull().references("brokers.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    // {startTime, endTime, weekdays[7], intervalSeconds} as JSON text.
    .addColumn("timing", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled')`),
    )
    .addColumn("scheduled_at", "text")
    .addColumn("launched_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("campaigns_broker_created_idx").on("campaigns").columns(["broker_id", "created_at"]).execute();

  await db.schema
    .createTable("campaign_jobs")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("campaign_id", "integer", (c) => c.notNull().references("campaigns.id").onDelete("cascade"))
    .addColumn("lead_id", "integer", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("lead_name", "text")
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("fire_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("scheduled")
        .check(sql`status in ('scheduled', 'sending', 'sent', 'failed', 'paused', 'cancelled')`),
    )
    .addColumn("error", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("campaign_jobs_campaign_fire_idx").on("campaign_jobs").columns(["campaign_id", "fire_at"]).execute();
  await db.schema.createIndex("campaign_jobs_status_fire_idx").on("campaign_jobs").columns(["status", "fire_at"]).execute();

  // ── roulette and webhooks ───────────────────────────────────────────────
  await db.schema
    .createTable("roleta_registrations")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("broker_id", "text", (c) => c.notNull().references("brokers.id").onDelete("cascade"))
    .addColumn("broker_name", "text", (c) => c.notNull())
    .addColumn("broker_email", "text", (c) => c.notNull())
    .addColumn("registered_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("roleta_registrations_broker_idx").on("roleta_registrations").columns(["broker_id", "registered_at"]).execute();
  await db.schema.createIndex("roleta_registrations_registered_idx").on("roleta_registrations").column("registered_at").execute();

  await db.schema
    .createTable("roleta_results")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("broker_id", "text", (c) => c.references("brokers.id").onDelete("set null"))
    .addColumn("broker_name", "text", (c) => c.notNull())
    .addColumn("prize", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position >= 1`))
    .addColumn("execution_type", "text", (c) => c.notNull().defaultTo("manual").check(sql`execution_type in ('manual', 'automatic')`))
    .addColumn("draw_date", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("roleta_results_draw_idx").on("roleta_results").column("draw_date").execute();

  await db.schema
    .createTable("webhook_settings")
    .addColumn("setting_key", "text", (c) => c.primaryKey())
    .addColumn("webhook_url", "text")
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0).check(sql`enabled in (0, 1)`))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("automatic_roulette_settings")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0).check(sql`enabled in (0, 1)`))
    .addColumn("scheduled_time", "text", (c) => c.notNull().defaultTo("09:30:00"))
    .addColumn("webhook_enabled", "integer", (c) => c.notNull().defaultTo(0).check(sql`webhook_enabled in (0, 1)`))
    .addColumn("presence_start_time", "text", (c) => c.notNull().defaultTo("05:00:00"))
    .addColumn("presence_end_time", "text", (c) => c.notNull().defaultTo("09:30:00"))
    .addColumn("last_execution", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("webhooks")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull().defaultTo('["novo_lead"]'))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
    .addColumn("error_count", "integer", (c) => c.notNull().defaultTo(0).check(sql`error_count >= 0`))
    .addColumn("last_error", "text")
    .addColumn("last_triggered_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhooks_active_idx").on("webhooks").column("is_active").execute();

  // ── content ─────────────────────────────────────────────────────────────
  await db.schema
    .createTable("blog_posts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("excerpt", "text")
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("cover_image", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft").check(sql`status in ('draft', 'published')`))
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("blog_posts_status_published_idx").on("blog_posts").columns(["status", "published_at"]).execute();
  await db.schema.createIndex("blog_posts_created_idx").on("blog_posts").column("created_at").execute();

  await db.schema
    .createTable("course_materials")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("file_path", "text", (c) => c.notNull())
    .addColumn("mime_type", "text")
    .addColumn("size", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("uploaded_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("course_materials_updated_idx").on("course_materials").column("updated_at").execute();

  if (isPostgres(db)) {
    await postgresTextIndex(db);
    return;
  }

  // ── full-text index (SQLite only, kept in db/) ──────────────────────────
  // remove_diacritics folds accents so 'sao paulo' finds 'São Paulo'.
  await sql`create virtual table properties_fts using fts5(
    title, description, city, neighborhood, address,
    content='properties', content_rowid='id',
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger properties_fts_insert after insert on properties begin
    insert into properties_fts(rowid, title, description, city, neighborhood, address)
    values (new.id, new.title, new.description, new.city, new.neighborhood, new.address);
  end`.execute(db);
  await sql`create trigger properties_fts_delete after delete on properties begin
    insert into properties_fts(properties_fts, rowid, title, description, city, neighborhood, address)
    values ('delete', old.id, old.title, old.description, old.city, old.neighborhood, old.address);
  end`.execute(db);
  await sql`create trigger properties_fts_update after update of title, description, city, neighborhood, address on properties begin
    insert into properties_fts(properties_fts, rowid, title, description, city, neighborhood, address)
    values ('delete', old.id, old.title, old.description, old.city, old.neighborhood, old.address);
    insert into properties_fts(rowid, title, description, city, neighborhood, address)
    values (new.id, new.title, new.description, new.city, new.neighborhood, new.address);
  end`.execute(db);
}

/**
 * PostgreSQL's counterpart of properties_fts: one row per property with its
 * words as a tsvector, weighted by column (title A, description B, city and
 * neighbourhood C, address D) so a search can keep to some columns. The
 * words are what FTS5's unicode61 tokenizer with remove_diacritics makes:
 * accents folded (unaccent), lower case, split at anything that is not a
 * letter or a digit (app_search_text). Kept by a trigger; deleted with the
 * property. db/fulltext.ts builds the tsquery.
 */
async function postgresTextIndex(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  // unaccent() is only STABLE (its dictionary could change); with the dictionary named it is fixed, so indexes may use it.
  await sql`create or replace function app_unaccent(value text) returns text language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, value) $$`.execute(db);
  await sql`create or replace function app_search_text(value text) returns text language sql immutable parallel safe
    as $$ select ' ' || btrim(regexp_replace(lower(app_unaccent(coalesce(value, '')) collate "default"), '[^[:alnum:]]+', ' ', 'g')) || ' ' $$`.execute(db);
  await sql`create or replace function app_search_doc(title text, description text, city text, neighborhood text, address text) returns tsvector
    language sql immutable parallel safe
    as $$ select setweight(to_tsvector('simple', app_search_text(title)), 'A') || setweight(to_tsvector('simple', app_search_text(description)), 'B')
      || setweight(to_tsvector('simple', app_search_text(city) || app_search_text(neighborhood)), 'C') || setweight(to_tsvector('simple', app_search_text(address)), 'D') $$`.execute(db);
  await sql`create table properties_fts (id bigint primary key references properties (id) on delete cascade, doc tsvector not null)`.execute(db);
  await sql`create index properties_fts_doc_idx on properties_fts using gin (doc)`.execute(db);
  await sql`create function properties_fts_sync() returns trigger language plpgsql as $$
    begin
      insert into properties_fts (id, doc) values (new.id, app_search_doc(new.title, new.description, new.city, new.neighborhood, new.address))
      on conflict (id) do update set doc = excluded.doc;
      return null;
    end $$`.execute(db);
  await sql`create trigger properties_fts_insert after insert on properties for each row execute function properties_fts_sync()`.execute(db);
  await sql`create trigger properties_fts_update after update of title, description, city, neighborhood, address on properties
    for each row execute function properties_fts_sync()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("The initial migration cannot be reverted; restore a backup instead.");
}
