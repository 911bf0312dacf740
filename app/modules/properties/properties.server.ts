import crypto from "node:crypto";
import { buildMatchQuery, propertyTextMatch } from "#db/fulltext";
import { sql } from "kysely";
import { data, redirect } from "react-router";
import { z } from "zod";
import { lenientAmount, lenientText } from "~/utils/query-schema";
import type { Property, PropertyOption, PropertyStatus, PropertyTypeCode } from "#db/schema";
import {
  type EditorOption,
  type EditorState,
  type EditorValues,
  type Intent,
  type PropertyInput,
  MSG,
  defaultValues,
  initialState,
  isTab,
  parseIntent,
  readEditorForm,
  reduceEditor,
  validateAll,
} from "~/modules/properties/editor/schema";
import { STATUS_LABELS, TYPE_CODES } from "~/modules/properties/vocabulary";
import { propertySlug } from "~/utils/slug";
import { db, nowIso, parseJsonList, toJsonList, type DbOrTx } from "~/modules/platform/db.server";
import { requireAdmin } from "~/modules/auth/auth.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { assertCan } from "~/modules/auth/permissions.server";
import {
  type TempPhoto,
  deletePhotos,
  discardTempPhotos,
  draftFolderName,
  movePhotosToFolder,
  parseMultipartWithPhotos,
  storeUploadedPhotos,
} from "./photos.server";
import { type SessionUser } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { deleteFolder } from "~/modules/files/storage.server";
import { BROKER_FORCED_WATERMARK, listWatermarks, parseWatermarkSpec, saveWatermarkLogo } from "./watermarks.server";

/**
 * Properties as the back-office sees them (spec 01 §2, §4, §7): the admin
 * list with its filters, the editor's load / create / update, options,
 * photos, and deletion. Routes stay thin and call these.
 */

// ── admin list ────────────────────────────────────────────────────────────
export const ADMIN_PAGE_SIZE = 10;


export const adminListFiltersSchema = z.object({
  q: lenientText,
  status: z.enum(Object.keys(STATUS_LABELS) as [PropertyStatus, ...PropertyStatus[]]).optional().catch(undefined),
  type: z.enum(TYPE_CODES as [PropertyTypeCode, ...PropertyTypeCode[]]).optional().catch(undefined),
  featured: z.enum(["destacado", "normal"]).optional().catch(undefined),
  city: lenientText,
  neighborhood: lenientText,
  minPrice: lenientAmount,
  maxPrice: lenientAmount,
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type AdminListFilters = z.infer<typeof adminListFiltersSchema>;

export function readAdminListFilters(params: URLSearchParams): AdminListFilters {
  return adminListFiltersSchema.parse({
    q: params.get("q") ?? undefined,
    status: params.get("status") || undefined,
    type: params.get("type") || undefined,
    featured: params.get("featured") || undefined,
    city: params.get("city") ?? undefined,
    neighborhood: params.get("neighborhood") ?? undefined,
    minPrice: params.get("minPrice") ?? undefined,
    maxPrice: params.get("maxPrice") ?? undefined,
    page: params.get("page") ?? 1,
  });
}


export type AdminListRow = {
  id: number;
  title: string;
  slug: string | null;
  city: string;
  neighborhood: string;
  price: number;
  rent_price: number;
  purpose: Property["purpose"];
  rental: number;
  status: PropertyStatus;
  featured: number;
  type: PropertyTypeCode;
  property_type: string;
  cover: string | null;
};

export async function listAdminProperties(filters: AdminListFilters): Promise<{ rows: AdminListRow[]; total: number; page: number; pageCount: number }> {
  let query = db().selectFrom("properties");
  const match = filters.q ? buildMatchQuery(filters.q, { columns: ["title", "city", "neighborhood"] }) : null;
  if (filters.q && !match) query = query.where(sql<boolean>`1 = 0`);
  if (match) query = query.where(propertyTextMatch(match));
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.type) query = query.where("type", "=", filters.type);
  if (filters.featured) query = query.where("featured", "=", filters.featured === "destacado" ? 1 : 0);
  if (filters.city) query = query.where(sql<string>`lower(city)`, "=", filters.city.toLowerCase());
  if (filters.neighborhood) query = query.where(sql<string>`lower(neighborhood)`, "=", filters.neighborhood.toLowerCase());
  if (filters.minPrice !== undefined) query = query.where("price", ">=", filters.minPrice);
  if (filters.maxPrice !== undefined) query = query.where("price", "<=", filters.maxPrice);

  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(Number(total) / ADMIN_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows = await query
    .select(["id", "title", "slug", "city", "neighborhood", "price", "rent_price", "purpose", "rental", "status", "featured", "type", "property_type", "images"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  return {
    rows: rows.map(({ images, ...row }) => ({ ...row, cover: parseJsonList(images)[0] ?? null })),
    total: Number(total),
    page,
    pageCount,
  };
}

/** Distinct cities, and the neighbourhoods of one city (or of all), for the filter selects. */
export async function adminFilterChoices(city: string | undefined): Promise<{ cities: string[]; neighborhoods: string[] }> {
  const cities = await db().selectFrom("properties").select("city").distinct().where("city", "!=", "").orderBy("city").execute();
  let nq = db().selectFrom("properties").select("neighborhood").distinct().where("neighborhood", "!=", "");
  if (city) nq = nq.where(sql<string>`lower(city)`, "=", city.toLowerCase());
  const neighborhoods = await nq.orderBy("neighborhood").limit(500).execute();
  return { cities: cities.map((c) => c.city), neighborhoods: neighborhoods.map((n) => n.neighborhood) };
}

// ── deletion ──────────────────────────────────────────────────────────────
export const DELETE_MESSAGES = {
  success: "Imóvel excluído com sucesso!",
  notFound: "Não foi possível encontrar o imóvel para exclusão.",
  noFolder: "Não foi possível determinar a pasta do imóvel para exclusão.",
  failed: (message: string) => `Não foi possível excluir o imóvel: ${message}`,
  error: (message: string) => `Erro ao excluir imóvel: ${message}`,
} as const;

const PROPERTY_FOLDER = /^imoveis\/[a-z0-9][a-z0-9-]*$/;

export class PropertyNotFoundError extends Error {}

/**
 * Deletes a property in one transaction (its leads keep their history with
 * property_id null; its options go), then removes its photo folder. A
 * failure inside the transaction leaves the row and the files as they were.
 * The folder is removed only when it is a property folder under imoveis/
 * that no other row uses (demo bulk rows share pooled photos and have none).
 */
export async function deleteProperty(id: number): Promise<{ title: string; slug: string | null; folderRemoved: boolean }> {
  const removed = await db()
    .transaction()
    .execute(async (tx) => {
      const row = await tx.selectFrom("properties").select(["id", "slug", "title", "storage_folder"]).where("id", "=", id).executeTakeFirst();
      if (!row) throw new PropertyNotFoundError(DELETE_MESSAGES.notFound);
      const now = nowIso();
      await tx.updateTable("leads").set({ property_id: null, updated_at: now }).where("property_id", "=", id).execute();
      await tx.deleteFrom("property_options").where("property_id", "=", id).execute();
      await tx.deleteFrom("properties").where("id", "=", id).execute();
      let folder: string | null = null;
      if (row.storage_folder && PROPERTY_FOLDER.test(row.storage_folder) && row.storage_folder !== "imoveis/watermarks") {
        const shared = await tx.selectFrom("properties").select("id").where("storage_folder", "=", row.storage_folder).executeTakeFirst();
        if (!shared) folder = row.storage_folder;
      }
      return { ...row, folder };
    });
  let folderRemoved = false;
  if (removed.folder) {
    try {
      await deleteFolder(removed.folder);
      folderRemoved = true;
    } catch (error) {
      // The row is gone; leftover files are only disk space. Log for the operator.
      log.error("property folder removal failed", { folder: removed.folder, ...errorFields(error) });
    }
  }
  return { title: removed.title, slug: removed.slug, folderRemoved };
}

/** Delete on behalf of a user: 404 when missing, 403/404 when not theirs. */
export async function deletePropertyAs(user: SessionUser, id: number): Promise<{ title: string }> {
  const row = await db().selectFrom("properties").select(["broker_id", "user_id"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new PropertyNotFoundError(DELETE_MESSAGES.notFound);
  assertCan(user, "delete", "property", { brokerId: row.broker_id, userId: row.user_id }, { hideAs404: user.role !== "admin" });
  return deleteProperty(id);
}

/** Deletes (checked) and goes back to the list with the outcome as a toast (spec 01 §8 texts). */
export async function deleteAndRedirect(user: SessionUser, id: number | null, listHref: string): Promise<Response> {
  if (id === null) return redirectWithToast(listHref, { type: "error", message: DELETE_MESSAGES.notFound });
  try {
    await deletePropertyAs(user, id);
    return redirectWithToast(listHref, { type: "success", message: DELETE_MESSAGES.success });
  } catch (error) {
    if (error instanceof PropertyNotFoundError) return redirectWithToast(listHref, { type: "error", message: DELETE_MESSAGES.notFound });
    if (!(error instanceof Error)) throw error; // a 403/404 response from assertCan
    log.error("property delete failed", { id, ...errorFields(error) });
    const sqlite = typeof (error as { code?: unknown }).code === "string" && String((error as { code?: unknown }).code).startsWith("SQLITE");
    return redirectWithToast(listHref, { type: "error", message: sqlite ? DELETE_MESSAGES.failed(error.message) : DELETE_MESSAGES.error(error.message) });
  }
}

/** The admin list's one POST: delete (after the confirmation step). */
export async function adminListAction(request: Request): Promise<Response> {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const listHref = `/admin${listSearchOf(new URL(request.url))}`;
  const id = form.get("intent") === "delete" ? parsePropertyId(form.get("id")) : null;
  return deleteAndRedirect(user, id, listHref);
}

export function parsePropertyId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^\d{1,12}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

// ── loading for the editor ────────────────────────────────────────────────
export async function findProperty(id: number, conn: DbOrTx = db()): Promise<Property | null> {
  return (await conn.selectFrom("properties").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function findOptions(propertyId: number, conn: DbOrTx = db()): Promise<PropertyOption[]> {
  return conn.selectFrom("property_options").selectAll().where("property_id", "=", propertyId).orderBy("created_at").orderBy("id").execute();
}

const numText = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n).replace(".", ","));

export function propertyToValues(p: Property, options: PropertyOption[]): EditorValues {
  return {
    ...defaultValues(),
    title: p.title,
    type: p.type,
    property_type: p.property_type,
    construction_status: p.construction_status,
    purpose: p.purpose,
    status: p.status,
    construction_year: numText(p.construction_year),
    featured: p.featured === 1,
    address: p.address,
    city: p.city,
    neighborhood: p.neighborhood,
    area: numText(p.area),
    bedrooms: String(p.bedrooms),
    bathrooms: String(p.bathrooms),
    suites: String(p.suites),
    parking_spots: String(p.parking_spots),
    floor: numText(p.floor),
    total_floors: numText(p.total_floors),
    facing_direction: p.facing_direction ?? "",
    furnished: p.furnished === 1,
    pets_allowed: p.pets_allowed === 1,
    price: numText(p.price),
    rent_price: numText(p.rent_price),
    condo_fee: numText(p.condo_fee),
    iptu: numText(p.iptu),
    amenities: parseJsonList(p.amenities),
    nearby_amenities: parseJsonList(p.nearby_amenities),
    special_features: parseJsonList(p.special_features),
    description: p.description,
    images: parseJsonList(p.images),
    options: options.map((o) => ({ id: o.id, area: o.area, bedrooms: o.bedrooms, bathrooms: o.bathrooms, suites: o.suites })),
  };
}

// ── editor context ────────────────────────────────────────────────────────
export type EditorMode = "admin" | "broker";
export type EditorContext = {
  mode: EditorMode;
  user: SessionUser;
  /** edit mode: the stored row */
  property: Property | null;
  /** where the editor lives, e.g. /admin/imoveis/novo (query string kept separately) */
  editorPath: (id: number | null) => string;
  /** the list's query string (filters, page) to keep on every redirect */
  listSearch: string;
  /** the list this editor returns to, e.g. /admin */
  listPath: string;
};

/** The edit target, checked: 404 when missing, and for brokers when not theirs. */
export async function loadEditableProperty(user: SessionUser, rawId: string | undefined): Promise<Property> {
  const id = parsePropertyId(rawId);
  const property = id ? await findProperty(id) : null;
  if (!property) throw data({ message: "Imóvel não encontrado" }, { status: 404 });
  assertCan(user, "update", "property", { brokerId: property.broker_id, userId: property.user_id }, { hideAs404: true });
  return property;
}

/** Query parameters of the editor itself, not of the list. */
const EDITOR_PARAMS = ["tab", "created", "saved", "options", "confirmDelete", "index"];
export function listSearchOf(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const key of EDITOR_PARAMS) params.delete(key);
  const s = params.toString();
  return s ? `?${s}` : "";
}

function withParams(path: string, listSearch: string, extra: Record<string, string>): string {
  const params = new URLSearchParams(listSearch);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

export type EditorLoaderData = {
  initial: EditorState;
  revision: string;
  propertyId: number | null;
  slug: string | null;
  watermarks: { url: string; name: string }[];
  forcedWatermark: { logoUrl: string; position: string; opacity: number; sizePercent: number } | null;
  success: string[];
};

export async function loadEditor(request: Request, ctx: Pick<EditorContext, "mode" | "user" | "property">): Promise<EditorLoaderData> {
  const url = new URL(request.url);
  const p = ctx.property;
  const options = p ? await findOptions(p.id) : [];
  const state = p ? initialState(propertyToValues(p, options), { allVisited: true }) : initialState(defaultValues(), { draftFolder: draftFolderName() });
  if (ctx.mode === "broker") state.watermark = forcedChoice();
  const tab = url.searchParams.get("tab");
  if (isTab(tab)) state.tab = tab;
  const success: string[] = [];
  if (url.searchParams.get("created") === "1") success.push("Imóvel cadastrado com sucesso!");
  if (url.searchParams.get("options") === "1") success.push("Opções salvas com sucesso!");
  if (p && url.searchParams.get("saved") === "1") success.push("Imóvel atualizado com sucesso!");
  let watermarks: { url: string; name: string }[] = [];
  try {
    watermarks = await listWatermarks();
  } catch (error) {
    log.error("watermark list failed", errorFields(error));
  }
  return {
    initial: state,
    revision: `load-${p?.id ?? "new"}-${p?.updated_at ?? ""}-${url.search}`,
    propertyId: p?.id ?? null,
    slug: p ? (p.slug ?? propertySlug(p.title, p.id)) : null,
    watermarks,
    forcedWatermark: ctx.mode === "broker" ? BROKER_FORCED_WATERMARK : null,
    success,
  };
}

function forcedChoice() {
  return {
    logo: BROKER_FORCED_WATERMARK.logoUrl,
    position: BROKER_FORCED_WATERMARK.position,
    opacity: String(BROKER_FORCED_WATERMARK.opacity),
    size: String(BROKER_FORCED_WATERMARK.sizePercent),
  };
}

// ── saving ────────────────────────────────────────────────────────────────
function recordFields(input: PropertyInput) {
  const purpose = input.purpose;
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    property_type: input.property_type,
    purpose,
    status: input.status,
    construction_status: input.construction_status,
    construction_year: input.construction_year,
    price: input.price,
    rent_price: input.rent_price,
    condo_fee: input.condo_fee,
    iptu: input.iptu,
    rental: purpose === "rent" ? 1 : 0,
    address: input.address,
    city: input.city,
    neighborhood: input.neighborhood,
    area: input.area,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    suites: input.suites,
    parking_spots: input.parking_spots,
    floor: input.floor,
    total_floors: input.total_floors,
    facing_direction: input.facing_direction,
    furnished: input.furnished ? 1 : 0,
    pets_allowed: input.pets_allowed ? 1 : 0,
    amenities: toJsonList(input.amenities),
    nearby_amenities: toJsonList(input.nearby_amenities),
    special_features: toJsonList(input.special_features),
  };
}

async function insertOptions(conn: DbOrTx, propertyId: number, options: EditorOption[]): Promise<void> {
  if (!options.length) return;
  const now = nowIso();
  await conn
    .insertInto("property_options")
    .values(options.slice(0, 2).map((o) => ({ id: crypto.randomUUID(), property_id: propertyId, area: o.area, bedrooms: o.bedrooms, bathrooms: o.bathrooms, suites: o.suites, created_at: now })))
    .execute();
}

/**
 * Create: insert, then the slug and the storage folder from the new id, the
 * draft photos moved into imoveis/{slug}, and the options — one transaction.
 */
export async function createProperty(
  input: PropertyInput,
  extra: { options: EditorOption[]; owner: { userId: string | null; brokerId: string | null }; featured: boolean },
): Promise<{ id: number; slug: string }> {
  return db()
    .transaction()
    .execute(async (tx) => {
      const now = nowIso();
      const inserted = await tx
        .insertInto("properties")
        .values({ ...recordFields(input), featured: extra.featured ? 1 : 0, images: "[]", user_id: extra.owner.userId, broker_id: extra.owner.brokerId, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const slug = propertySlug(input.title, inserted.id);
      const folder = `imoveis/${slug}`;
      const images = await movePhotosToFolder(input.images, folder);
      await tx.updateTable("properties").set({ slug, storage_folder: folder, images: toJsonList(images) }).where("id", "=", inserted.id).execute();
      await insertOptions(tx, inserted.id, extra.options);
      return { id: inserted.id, slug };
    });
}

/** Update: the row, then its options replaced by the current list — one transaction. */
export async function updateProperty(id: number, input: PropertyInput, extra: { options: EditorOption[]; featured: boolean }): Promise<void> {
  await db()
    .transaction()
    .execute(async (tx) => {
      const result = await tx
        .updateTable("properties")
        .set({ ...recordFields(input), featured: extra.featured ? 1 : 0, images: toJsonList(input.images), updated_at: nowIso() })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new Error("Imóvel não encontrado");
      await tx.deleteFrom("property_options").where("property_id", "=", id).execute();
      await insertOptions(tx, id, extra.options);
    });
}

async function persistImages(id: number, images: string[]): Promise<void> {
  await db().updateTable("properties").set({ images: toJsonList(images), updated_at: nowIso() }).where("id", "=", id).execute();
}

// ── the editor's action ───────────────────────────────────────────────────
export type EditorActionData = { state: EditorState; revision: string };

const DRAFT_FOLDER = /^imoveis\/rascunho-[0-9a-f]{16}$/;

/** The folder new photos go to: the property's own, or the create's draft folder. */
function workingFolder(state: EditorState, property: Property | null): string {
  if (property) return property.storage_folder && PROPERTY_FOLDER.test(property.storage_folder) ? property.storage_folder : `imoveis/${property.slug ?? propertySlug(property.title, property.id)}`;
  return DRAFT_FOLDER.test(state.draftFolder) ? state.draftFolder : draftFolderName();
}

/**
 * Posted photo URLs are only trusted when they are the property's stored
 * photos or files in its working folder: a forged URL can neither be
 * attached nor, worse, deleted.
 */
function ownedPhotos(urls: string[], folder: string, property: Property | null): string[] {
  const stored = new Set(property ? parseJsonList(property.images) : []);
  return urls.filter((u) => stored.has(u) || u.startsWith(`/uploads/${folder}/`));
}
function deletablePhotos(urls: string[], folder: string): string[] {
  return urls.filter((u) => u.startsWith(`/uploads/${folder}/`));
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Erro desconhecido";
}

async function readPost(request: Request): Promise<{ formData: FormData; files: TempPhoto[]; watermarkFile: TempPhoto | null; errors: string[] }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("multipart/form-data")) {
    const parsed = await parseMultipartWithPhotos(request);
    return { formData: parsed.formData, files: parsed.files, watermarkFile: parsed.watermarkFile, errors: parsed.errors };
  }
  return { formData: await request.formData(), files: [], watermarkFile: null, errors: [] };
}

function revision(): string {
  return `post-${Date.now().toString(36)}-${crypto.randomBytes(3).toString("hex")}`;
}

/**
 * Every post of the editor (admin and broker mode): navigation and lists
 * through the shared reducer, and the server-only intents — uploads,
 * option writes in edit mode, saving.
 */
export async function handleEditorAction(request: Request, ctx: EditorContext): Promise<Response | ReturnType<typeof data<EditorActionData>>> {
  const post = await readPost(request);
  try {
    return await runIntent(post, ctx);
  } finally {
    await discardTempPhotos([...post.files, post.watermarkFile]);
  }
}

async function runIntent(post: Awaited<ReturnType<typeof readPost>>, ctx: EditorContext): Promise<Response | ReturnType<typeof data<EditorActionData>>> {
  const { formData } = post;
  const intent: Intent = parseIntent(formData.get("intent"));
  const property = ctx.property;
  let state = readEditorForm(formData);
  const folder = workingFolder(state, property);
  if (!property) state.draftFolder = folder;
  state.values.images = ownedPhotos(state.values.images, folder, property);
  if (ctx.mode === "broker") {
    state.watermark = forcedChoice();
    state.values.featured = property ? property.featured === 1 : false;
  }
  const reply = (s: EditorState, status = 200) => data<EditorActionData>({ state: s, revision: revision() }, { status });

  switch (intent.kind) {
    case "upload-images": {
      state = reduceEditor(state, intent);
      if (!post.files.length) return reply({ ...state, uploadErrors: [...post.errors, "Selecione ao menos uma imagem para enviar."], tab: "images" }, 400);
      const watermark = parseWatermarkSpec(formData, ctx.mode);
      if (ctx.mode === "broker" && !watermark) return reply({ ...state, uploadErrors: [MSG.brokerWatermark], tab: "images" }, 400);
      const stored = await storeUploadedPhotos(post.files, { folder, watermark });
      const uploadErrors = [...post.errors, ...stored.errors];
      if (stored.urls.length) {
        // Spec: new files replace the set; the old files go once the new ones are stored.
        const old = state.values.images;
        state = { ...state, values: { ...state.values, images: stored.urls.slice(0, 30) } };
        if (property) {
          await persistImages(property.id, state.values.images);
          if (!property.storage_folder) await db().updateTable("properties").set({ storage_folder: folder }).where("id", "=", property.id).execute();
        }
        await deletePhotos(deletablePhotos(old, folder));
      }
      return reply({ ...state, tab: "images", uploadErrors }, uploadErrors.length ? 400 : 200);
    }
    case "upload-watermark": {
      state = { ...reduceEditor(state, intent), tab: "images" };
      if (ctx.mode === "broker") return reply(state, 403);
      if (!post.watermarkFile) return reply({ ...state, uploadErrors: ["Erro ao enviar marca d'água: selecione um arquivo de imagem"] }, 400);
      const file = post.watermarkFile;
      post.watermarkFile = null; // saveWatermarkLogo removes the temp file itself
      const saved = await saveWatermarkLogo(file);
      if ("error" in saved) return reply({ ...state, uploadErrors: [saved.error] }, 400);
      return reply({ ...state, watermark: { ...state.watermark, logo: saved.url } });
    }
    case "remove-image": {
      const url = state.values.images[intent.index];
      state = { ...reduceEditor(state, intent), tab: "images" };
      if (url) {
        if (property) await persistImages(property.id, state.values.images);
        await deletePhotos(deletablePhotos([url], folder));
      }
      return reply(state);
    }
    case "add-option": {
      if (!property) return reply(reduceEditor(state, intent));
      const before = state.values.options.length;
      const next = reduceEditor(state, intent);
      if (next.values.options.length === before) return reply(next);
      const option = next.values.options[next.values.options.length - 1];
      try {
        const stored = await db()
          .transaction()
          .execute(async (tx) => {
            const existing = await tx.selectFrom("property_options").select("id").where("property_id", "=", property.id).execute();
            if (existing.length >= 2) return null;
            const id = crypto.randomUUID();
            await tx.insertInto("property_options").values({ id, property_id: property.id, area: option.area, bedrooms: option.bedrooms, bathrooms: option.bathrooms, suites: option.suites, created_at: nowIso() }).execute();
            return findOptions(property.id, tx);
          });
        if (!stored) return reply({ ...state, optionsNotice: { tone: "warning", text: MSG.maxOptions } });
        return reply({ ...next, values: { ...next.values, options: stored.map(toEditorOption) }, optionsNotice: { tone: "success", text: "Opção salva com sucesso!" } });
      } catch (error) {
        log.error("option insert failed", errorFields(error));
        return reply({ ...state, optionsNotice: { tone: "danger", text: `Erro ao salvar opção no banco: ${errorMessage(error)}` } }, 500);
      }
    }
    case "remove-option": {
      if (!property) return reply(reduceEditor(state, intent));
      const next = reduceEditor(state, intent);
      try {
        await db().deleteFrom("property_options").where("id", "=", intent.id).where("property_id", "=", property.id).execute();
        const options = await findOptions(property.id); // re-read after removal (spec 01 §4)
        return reply({ ...next, values: { ...next.values, options: options.map(toEditorOption) }, optionsNotice: { tone: "success", text: "Opção removida com sucesso!" } });
      } catch (error) {
        log.error("option delete failed", errorFields(error));
        return reply({ ...state, optionsNotice: { tone: "danger", text: `Erro ao remover opção do banco: ${errorMessage(error)}` } }, 500);
      }
    }
    case "save":
      return save(state, intent, ctx);
    case "delete": {
      if (!property) return reply(reduceEditor(state, { kind: "refresh" }));
      return deleteAndRedirect(ctx.user, property.id, ctx.listPath + ctx.listSearch);
    }
    default:
      return reply(reduceEditor(state, intent));
  }
}

function toEditorOption(o: PropertyOption): EditorOption {
  return { id: o.id, area: o.area, bedrooms: o.bedrooms, bathrooms: o.bathrooms, suites: o.suites };
}

async function save(input: EditorState, intent: Intent, ctx: EditorContext): Promise<Response | ReturnType<typeof data<EditorActionData>>> {
  const state = reduceEditor(input, intent);
  const reply = (s: EditorState, status: number) => data<EditorActionData>({ state: s, revision: revision() }, { status });
  const result = validateAll(state.values);
  if (!result.ok) return reply(state, 400);
  const parsed = result.data;
  const property = ctx.property;
  try {
    if (property) {
      const featured = ctx.mode === "broker" ? property.featured === 1 : state.values.featured;
      await updateProperty(property.id, parsed, { options: state.values.options, featured });
      return redirect(withParams(ctx.editorPath(property.id), ctx.listSearch, { saved: "1", tab: state.tab }));
    }
    const owner = ctx.mode === "broker" && ctx.user.broker ? { userId: ctx.user.id, brokerId: ctx.user.broker.id } : { userId: ctx.user.id, brokerId: null };
    await createProperty(parsed, { options: state.values.options, owner, featured: ctx.mode === "admin" && state.values.featured });
    const extra: Record<string, string> = { created: "1" };
    if (state.values.options.length) extra.options = "1";
    return redirect(withParams(ctx.editorPath(null), ctx.listSearch, extra));
  } catch (error) {
    log.error("property save failed", errorFields(error));
    const text = error instanceof Error && error.message ? error.message : "Falha ao salvar imóvel. Tente novamente.";
    return reply({ ...state, banner: { tone: "danger", title: "Erro ao salvar imóvel", text } }, 500);
  }
}
