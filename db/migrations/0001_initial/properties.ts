import { sql, type Kysely } from "kysely";

/** Part of 0001_initial: Properties, their photos, options and the catalogue's lookup tables. Never edited once landed (see ../0001_initial.ts). */
export async function createPropertyTables(db: Kysely<any>): Promise<void> {
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
}
