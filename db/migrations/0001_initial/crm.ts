import { sql, type Kysely } from "kysely";

/** Part of 0001_initial: Pipelines, stages, contacts, deals (leads), activities, notes and stage changes. Never edited once landed (see ../0001_initial.ts). */
export async function createCrmTables(db: Kysely<any>): Promise<void> {
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
}
