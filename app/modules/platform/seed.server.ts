import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { config } from "./config.server";
import type { NewProperty, PropertyKind, PropertyTypeCode } from "#db/schema";
import { foldText, propertySlug } from "~/utils/slug";
import { bulkLoadProperties } from "#db/bulk";
import { db, nowIso, sqliteHandle, toJsonList, type DbOrTx } from "./db.server";
import { ensureDefaultPipeline, listStages } from "~/modules/crm/pipeline.server";
import { statusForStageName } from "~/modules/crm/labels";
import { writeVariants } from "~/modules/files/images.server";
import { insertLead } from "~/modules/leads/leads.server";
import { copyFile, fileExists, publicUrl, putFile, uniqueFileName } from "~/modules/files/storage.server";
import { createAdmin, createBroker } from "~/modules/auth/users.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { seedDemoExtras, type DemoContext } from "./demo-extras.server";
import { demoCoordinates } from "./demo-places";
import demoPlaces from "./demo-streets.json";

/**
 * Demo data: a realistic pt-BR agency (properties in every category with
 * generated photos, brokers, an admin, leads over the CRM stages), and a
 * bulk mode for benchmarks. Deterministic: the same seed gives the same data.
 */
export const DEMO_ADMIN = { email: "admin@larimoveis.com.br" };
export const DEMO_BROKERS = [
  { name: "Ana Souza", email: "ana@larimoveis.com.br", phone: "(11) 98765-4321", customUrlPath: "ana-souza", isActive: true },
  { name: "Bruno Lima", email: "bruno@larimoveis.com.br", phone: "(19) 99876-5432", customUrlPath: "bruno-lima", isActive: true },
  { name: "Carla Mendes", email: "carla@larimoveis.com.br", phone: "(13) 97654-3210", customUrlPath: "carla-mendes", isActive: false },
];

/**
 * No password written in the repository opens an account: the demo
 * accounts get random passwords, made once per installation and kept (owner
 * read-only) in DATA_DIR/demo-logins.json, which start-up prints.
 */
export const DEMO_LOGINS_FILE = "demo-logins.json";
export type DemoCredentials = Record<string, string>; // e-mail → password

function demoLoginsPath(): string {
  return path.join(config().dataDir, DEMO_LOGINS_FILE);
}

export function readDemoCredentials(): DemoCredentials | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(demoLoginsPath(), "utf8"));
    return parsed && typeof parsed === "object" ? (parsed as DemoCredentials) : null;
  } catch {
    return null;
  }
}

function ensureDemoCredentials(): DemoCredentials {
  const existing = readDemoCredentials();
  if (existing) return existing;
  const made: DemoCredentials = {};
  for (const email of [DEMO_ADMIN.email, ...DEMO_BROKERS.map((b) => b.email)]) made[email] = randomBytes(9).toString("base64url");
  fs.writeFileSync(demoLoginsPath(), JSON.stringify(made, null, 2) + "\n", { mode: 0o600 });
  return made;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A street and a postal code on it (plausible CEPs of São Paulo state: the portals check the format and the state). */
type Street = { name: string; cep: string };
const PLACES: { city: string; state: string; neighborhoods: string[]; streets: Street[] }[] = demoPlaces;

/**
 * The address columns of a demo listing, one line each: the street, its
 * number, a complement where a unit has one, the CEP. (The state is the
 * place's.) What the site shows of it is the agency's choice, per listing.
 */
function demoAddress(street: Street, number: number, kind: PropertyKind, index: number): Pick<NewProperty, "address" | "street_number" | "complement" | "postal_code"> {
  return {
    address: street.name,
    street_number: String(number),
    complement: kind === "Apartamento" ? `Apto ${(index % 18) + 1}${(index % 4) + 1}` : kind === "Sala Comercial" ? `Sala ${(index % 12) + 1}0${(index % 9) + 1}` : null,
    postal_code: street.cep,
  };
}

const AMENITIES = ["Piscina", "Academia", "Churrasqueira", "Playground", "Salão de Festas", "Portaria 24h", "Elevador", "Varanda Gourmet", "Área de Serviço", "Armários Embutidos", "Ar Condicionado", "Sauna"];
const NEARBY = ["Escola", "Supermercado", "Farmácia", "Padaria", "Parque", "Shopping", "Hospital", "Estação de Metrô", "Praia", "Ponto de Ônibus"];
const SPECIAL = ["Vista panorâmica", "Pé-direito duplo", "Cozinha planejada", "Reformado recentemente", "Sol da manhã", "Aceita financiamento"];

type Category = { type: PropertyTypeCode; kinds: PropertyKind[]; purpose: "sale" | "rent" | "both"; construction: NewProperty["construction_status"][] };
const CATEGORIES: Category[] = [
  { type: "pronto", kinds: ["Apartamento", "Casa"], purpose: "sale", construction: ["ready"] },
  { type: "lancamento", kinds: ["Apartamento"], purpose: "sale", construction: ["off_plan", "under_construction"] },
  { type: "terrenos", kinds: ["Terreno"], purpose: "sale", construction: ["ready"] },
  { type: "rent", kinds: ["Apartamento", "Casa"], purpose: "rent", construction: ["ready"] },
  { type: "imobiliario", kinds: ["Sala Comercial", "Loja", "Galpão"], purpose: "both", construction: ["ready", "renovation"] },
];

const TITLE_WORDS: Record<PropertyKind, string[]> = {
  Apartamento: ["Apartamento", "Apartamento amplo", "Apartamento com varanda", "Cobertura", "Studio moderno"],
  Casa: ["Casa térrea", "Sobrado", "Casa em condomínio", "Casa com quintal"],
  Terreno: ["Terreno plano", "Lote em condomínio", "Terreno de esquina"],
  "Sala Comercial": ["Sala comercial", "Conjunto comercial"],
  Loja: ["Loja de rua", "Ponto comercial"],
  Galpão: ["Galpão logístico", "Galpão industrial"],
};

/** A full properties row with sensible values; tests and the seed build on it. */
export function buildProperty(random: () => number, index: number, overrides: Partial<NewProperty> = {}): NewProperty {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const category = CATEGORIES[index % CATEGORIES.length];
  const kind = pick(category.kinds);
  const place = pick(PLACES);
  const neighborhood = pick(place.neighborhoods);
  const isLand = kind === "Terreno";
  const isCommercial = category.type === "imobiliario";
  const bedrooms = isLand || isCommercial ? 0 : 1 + Math.floor(random() * 4);
  const area = Math.round(isLand ? 250 + random() * 750 : isCommercial ? 40 + random() * 900 : 38 + bedrooms * 28 + random() * 60);
  const price = category.purpose === "rent" ? 0 : Math.round((isLand ? 180_000 : 280_000 + bedrooms * 160_000 + random() * 900_000) / 1000) * 1000;
  const rent = category.purpose !== "sale" ? Math.round((1800 + area * 25 + random() * 3000) / 10) * 10 : 0;
  const title = `${pick(TITLE_WORDS[kind])}${bedrooms ? ` com ${bedrooms} quarto${bedrooms > 1 ? "s" : ""}` : ""} em ${neighborhood}`;
  // A few rows keep the portal-style "City - SP" spelling that the catalogue normalises.
  const city = index % 17 === 3 ? `${place.city} - SP` : place.city;
  const created = new Date(Date.UTC(2026, 10, 20) - index * 36 * 60 * 60 * 1000 - Math.floor(random() * 3600_000)).toISOString();
  const amenities = AMENITIES.filter(() => random() < 0.35);
  return {
    title,
    description: `${title}, ${city}.\n\n${isLand ? "Terreno com documentação em dia, pronto para construir." : `Imóvel com ${area} m², ${bedrooms ? `${bedrooms} quarto(s), ` : ""}bem iluminado e perto de comércio e transporte.`}\nAgende sua visita com a Lar Imóveis.`,
    type: category.type,
    property_type: kind,
    purpose: category.purpose,
    status: random() < 0.88 ? "available" : pick(["sold", "reserved", "rented"] as const),
    construction_status: pick(category.construction),
    construction_year: category.type === "lancamento" ? null : 1985 + Math.floor(random() * 40),
    price,
    rent_price: rent,
    rental: category.purpose === "rent" ? 1 : 0,
    condo_fee: kind === "Apartamento" ? Math.round(350 + random() * 1500) : 0,
    iptu: isLand ? Math.round(random() * 150) : Math.round(80 + random() * 600),
    // the same two draws as the street and number always took, so a seed gives the same listings as before
    ...demoAddress(pick(place.streets), 100 + Math.floor(random() * 1900), kind, index),
    neighborhood,
    city,
    state: place.state,
    area,
    bedrooms,
    bathrooms: isLand ? 0 : Math.max(1, bedrooms - (random() < 0.5 ? 1 : 0)),
    suites: bedrooms > 1 ? Math.floor(random() * Math.min(3, bedrooms)) : 0,
    parking_spots: isLand ? 0 : Math.floor(random() * 4),
    floor: kind === "Apartamento" ? 1 + Math.floor(random() * 20) : null,
    total_floors: kind === "Apartamento" ? 20 : null,
    facing_direction: pick(["north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest"] as const),
    furnished: random() < 0.2 ? 1 : 0,
    pets_allowed: random() < 0.6 ? 1 : 0,
    featured: index % 6 === 0 ? 1 : 0,
    amenities: toJsonList(amenities),
    nearby_amenities: toJsonList(NEARBY.filter(() => random() < 0.35)),
    special_features: toJsonList(SPECIAL.filter(() => random() < 0.25)),
    images: "[]",
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}

// ── generated photos ────────────────────────────────────────────────────
const PALETTES = [
  ["#9fd3f5", "#f4efe6", "#c0583c", "#3d6b48"],
  ["#f6c9a8", "#e8e2d5", "#4b5d73", "#5c8a4f"],
  ["#bcd7ef", "#ffffff", "#8a4b2a", "#2f5d3a"],
  ["#cfe6f7", "#d9c7a7", "#37474f", "#6a994e"],
];

function sceneSvg(variant: number): string {
  const [sky, wall, roof, green] = PALETTES[variant % PALETTES.length];
  const kind = variant % 4;
  if (kind === 3) {
    // interior: living room
    return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="620" fill="${wall}"/><rect y="620" width="1200" height="280" fill="#b98b5e"/><rect x="120" y="140" width="360" height="300" fill="${sky}" stroke="#fff" stroke-width="14"/><rect x="620" y="450" width="460" height="170" rx="26" fill="${roof}"/><rect x="600" y="400" width="500" height="80" rx="30" fill="${roof}" opacity="0.85"/><rect x="240" y="640" width="300" height="90" rx="10" fill="#6d4c33"/><circle cx="1000" cy="260" r="70" fill="${green}"/><rect x="985" y="320" width="30" height="130" fill="#6d4c33"/></svg>`;
  }
  if (kind === 2) {
    // building
    const windows = Array.from({ length: 8 }, (_, r) =>
      Array.from({ length: 5 }, (_, c) => `<rect x="${430 + c * 70}" y="${120 + r * 70}" width="40" height="44" fill="${sky}" opacity="0.9"/>`).join(""),
    ).join("");
    return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><rect width="1200" height="900" fill="url(#s)"/><rect x="400" y="90" width="400" height="700" fill="${wall}" stroke="#9e9e9e" stroke-width="4"/>${windows}<rect y="780" width="1200" height="120" fill="${green}"/><circle cx="250" cy="700" r="90" fill="${green}"/><circle cx="960" cy="690" r="100" fill="${green}"/></svg>`;
  }
  // house facade, with a pool on kind 1
  const pool = kind === 1 ? `<rect x="140" y="760" width="520" height="90" rx="40" fill="#4fc3f7"/>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs><rect width="1200" height="900" fill="url(#s)"/><circle cx="1030" cy="140" r="60" fill="#ffd54f"/><rect y="690" width="1200" height="210" fill="${green}"/><rect x="300" y="360" width="600" height="340" fill="${wall}"/><polygon points="260,370 600,150 940,370" fill="${roof}"/><rect x="550" y="520" width="100" height="180" fill="#6d4c33"/><rect x="360" y="440" width="130" height="110" fill="${sky}" stroke="#fff" stroke-width="10"/><rect x="710" y="440" width="130" height="110" fill="${sky}" stroke="#fff" stroke-width="10"/>${pool}<circle cx="160" cy="600" r="80" fill="${green}"/><rect x="148" y="640" width="24" height="80" fill="#6d4c33"/></svg>`;
}

const POOL_SIZE = 12;
const POOL_FOLDER = "demo/photos";

/** Makes the pool of generated photos once (with variants); returns their keys. */
async function ensurePhotoPool(): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < POOL_SIZE; i++) {
    const key = `${POOL_FOLDER}/scene-${i}.jpg`;
    if (!(await fileExists(key))) {
      const jpeg = await sharp(Buffer.from(sceneSvg(i))).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
      await putFile(key, jpeg);
      await writeVariants(key, jpeg);
    }
    keys.push(key);
  }
  return keys;
}

async function copyPhotoInto(folder: string, poolKey: string): Promise<string> {
  const name = uniqueFileName("jpg");
  const key = `${folder}/${name}`;
  await copyFile(poolKey, key);
  for (const w of [400, 800, 1200]) await copyFile(`${poolKey}.w${w}.webp`, `${key}.w${w}.webp`);
  return publicUrl(key);
}

/** Inserts a built property and gives it its public slug (the seed and the test factories). */
export async function insertProperty(row: NewProperty, conn: DbOrTx = db()): Promise<{ id: number; slug: string }> {
  const { id } = await conn.insertInto("properties").values(row).returning("id").executeTakeFirstOrThrow();
  const slug = row.slug ?? propertySlug(row.title, id);
  await conn.updateTable("properties").set({ slug }).where("id", "=", id).execute();
  return { id, slug };
}

export async function isDatabaseEmpty(): Promise<boolean> {
  const row = await db()
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const props = await db()
    .selectFrom("properties")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0 && Number(props.n) === 0;
}

/** The demo logins of this installation (empty when it has none). */
export function demoLoginLines(): string[] {
  const creds = readDemoCredentials();
  if (!creds) return [];
  return [
    `Admin:   ${DEMO_ADMIN.email} / ${creds[DEMO_ADMIN.email]}  (http://localhost:PORT/login)`,
    ...DEMO_BROKERS.map((b) => `Broker:  ${b.email} / ${creds[b.email]}${b.isActive ? "" : " (inactive)"}  (http://localhost:PORT/broker/login)`),
    `(kept in ${demoLoginsPath()})`,
  ];
}

export async function seedDemo(options: { force?: boolean; propertyCount?: number } = {}): Promise<{ seeded: boolean; logins: string[] }> {
  if (!options.force && !(await isDatabaseEmpty())) return { seeded: false, logins: [] };
  const random = rng(42);
  const pool = await ensurePhotoPool();
  await ensureDefaultPipeline();

  const creds = ensureDemoCredentials();
  const adminId =
    (await db().selectFrom("users").select("id").where("email", "=", DEMO_ADMIN.email).executeTakeFirst())?.id ??
    (await createAdmin({ email: DEMO_ADMIN.email, password: creds[DEMO_ADMIN.email], name: "Administrador" }));
  const brokerIds: string[] = [];
  for (const b of DEMO_BROKERS) {
    const existing = await db().selectFrom("brokers").select("id").where("email", "=", b.email).executeTakeFirst();
    brokerIds.push(existing?.id ?? (await createBroker({ ...b, password: creds[b.email] })).brokerId);
  }

  const count = options.propertyCount ?? 64;
  const propertyIds: { id: number; title: string }[] = [];
  for (let i = 0; i < count; i++) {
    const ownerBroker = i % 3 === 0 ? brokerIds[i % 2] : null;
    const row = buildProperty(random, i, { user_id: adminId, broker_id: ownerBroker });
    const { id: insertedId, slug } = await insertProperty(row);
    const inserted = { id: insertedId };
    const folder = `imoveis/${slug}`;
    // most listings have the 5+ photos VRSync asks for; every fourth keeps 3, so /integracao-xml shows that rule too
    const photoCount = i % 4 === 3 ? 3 : 5 + (i % 3);
    const images: string[] = [];
    for (let p = 0; p < photoCount; p++) images.push(await copyPhotoInto(folder, pool[(i + p * 5) % pool.length]));
    await db()
      .updateTable("properties")
      .set({ slug, storage_folder: folder, images: toJsonList(images), ...demoCoordinates(row.neighborhood ?? "", i) })
      .where("id", "=", inserted.id)
      .execute();
    if (i < 2) {
      await db()
        .insertInto("property_options")
        .values([
          { id: crypto.randomUUID(), property_id: inserted.id, area: row.area ?? 60, bedrooms: Math.max(1, row.bedrooms ?? 1), bathrooms: 1, suites: 0, created_at: nowIso() },
          { id: crypto.randomUUID(), property_id: inserted.id, area: (row.area ?? 60) + 22, bedrooms: Math.max(1, (row.bedrooms ?? 1) + 1), bathrooms: 2, suites: 1, created_at: nowIso() },
        ])
        .execute();
    }
    propertyIds.push({ id: inserted.id, title: row.title });
  }

  // Leads spread over the stages, most with an active broker.
  const stages = await listStages();
  const firstNames = ["Mariana", "João", "Patrícia", "Rafael", "Luciana", "Gustavo", "Fernanda", "Rodrigo", "Juliana", "Marcelo", "Camila", "Thiago", "Beatriz", "Eduardo", "Larissa", "André", "Renata", "Felipe", "Aline", "Diego"];
  const lastNames = ["Silva", "Santos", "Oliveira", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento", "Carvalho", "Ribeiro"];
  const seededLeads: DemoContext["leads"] = [];
  await db()
    .transaction()
    .execute(async (tx) => {
      for (let i = 0; i < 42; i++) {
        const name = `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]}`;
        const property = propertyIds[(i * 5) % propertyIds.length];
        const stage = stages[i % stages.length];
        // the status the stage implies (02 §4): a lead in 'Proposta' is in negotiation, one in 'Perdido' closed
        const created = new Date(Date.now() - i * 19 * 60 * 60 * 1000).toISOString();
        const phone = `(11) 9${String(8000_0000 + i * 1234567).slice(0, 4)}-${String(1000 + i * 37).slice(0, 4)}`;
        const lead = await insertLead(tx, {
          name,
          email: `${foldText(name).replace(/ /g, ".")}@email.com.br`,
          phone,
          message: `Olá! Tenho interesse no imóvel "${property.title}". Podemos agendar uma visita?`,
          propertyId: property.id,
          brokerId: i % 5 === 4 ? null : brokerIds[i % 2],
          stageId: stage?.id ?? null,
          status: stage ? (statusForStageName(stage.name) ?? "entrada") : "entrada",
          createdAt: created,
        });
        seededLeads.push({ id: lead.id, name, phone, brokerId: lead.brokerId });
      }
    });

  // Blog, course materials, past draws, a finished campaign, portal leads (demo-extras.server.ts).
  const admin: SessionUser = { id: adminId, email: DEMO_ADMIN.email, name: "Administrador", role: "admin", broker: null };
  const activeBrokers = DEMO_BROKERS.flatMap((b, i) => (b.isActive ? [{ id: brokerIds[i], name: b.name }] : []));
  await seedDemoExtras({ admin, brokers: activeBrokers, leads: seededLeads, photoKeys: pool, now: new Date() });
  return { seeded: true, logins: demoLoginLines() };
}

/** Bulk catalogue for benchmarks: N rows in batched transactions, photos shared from the pool. */
export async function seedBulkProperties(n: number): Promise<void> {
  const random = rng(7);
  const pool = (await ensurePhotoPool()).map(publicUrl);
  const existing = await db()
    .selectFrom("properties")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  let nextId = Number(existing?.max ?? 0) + 1;
  const batchSize = 250;
  await bulkLoadProperties(db(), sqliteHandle(), async () => {
    for (let start = 0; start < n; start += batchSize) {
      const rows: NewProperty[] = [];
      for (let i = start; i < Math.min(n, start + batchSize); i++) {
        const id = nextId++;
        const row = buildProperty(random, i);
        rows.push({ ...row, id, slug: propertySlug(row.title, id), images: toJsonList([pool[i % pool.length], pool[(i + 5) % pool.length]]) } as NewProperty);
      }
      await db().transaction().execute((tx) => tx.insertInto("properties").values(rows).execute());
    }
  });
}
