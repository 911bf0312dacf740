import crypto from "node:crypto";
import { data, redirect } from "react-router";
import type { Property } from "#db/schema";
import { type EditorState, isTab, initialState, defaultValues, MSG } from "~/modules/properties/editor/state";
import { validateAll } from "~/modules/properties/editor/schema";
import { type Intent, parseIntent, watermarkLabelField } from "~/modules/properties/editor/intents";
import { readEditorForm } from "~/modules/properties/editor/form-data";
import { reduceEditor } from "~/modules/properties/editor/reducer";
import { propertySlug } from "~/utils/slug";
import { parseJsonList } from "~/modules/platform/db.server";
import { requireAdmin, requireBrokerArea } from "~/modules/auth/auth.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { assertCan } from "~/modules/auth/permissions.server";
import { type SessionUser } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { isUrlInFolder } from "~/modules/files/storage.server";
import { readFormData } from "~/modules/platform/forms.server";
import { type TempPhoto, deletePhotos, discardTempPhotos, draftFolderName, parseMultipartWithPhotos, storeUploadedPhotos } from "./photos.server";
import { BROKER_FORCED_WATERMARK, type LibraryWatermark, WatermarkLibraryError, listWatermarks, parseWatermarkSpec, removeWatermark, renameWatermark, saveWatermarkLogo } from "./watermarks.server";
import {
  PropertyNotFoundError,
  addStoredOption,
  createProperty,
  findOptions,
  loadEditableProperty,
  parsePropertyId,
  propertyToValues,
  removeStoredOption,
  toEditorOption,
  updateProperty,
} from "./records.server";
import { DELETE_MESSAGES, deletePropertyAs } from "./delete.server";

/**
 * The property editor's loader/action pair (spec 01 §4, §5), the HTTP layer
 * over the record, photo and watermark services. The admin routes
 * (/admin/imoveis/…) and the broker routes (/broker/properties/…)
 * re-export it; the admin list's delete POST ends here too.
 */

// ── deletion, as a redirect with a toast ──────────────────────────────────
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

/** Query parameters of the editor itself, not of the list. */
const EDITOR_PARAMS = ["tab", "created", "saved", "options", "confirmDelete", "index", "novo"];
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
  watermarks: LibraryWatermark[];
  forcedWatermark: { logoUrl: string; position: string; opacity: number; sizePercent: number } | null;
  success: string[];
};

export async function loadEditor(request: Request, ctx: Pick<EditorContext, "mode" | "user" | "property">): Promise<EditorLoaderData> {
  const url = new URL(request.url);
  const p = ctx.property;
  const options = p ? await findOptions(p.id) : [];
  // Photo changes are staged in a draft folder in both modes until Salvar (Cancelar leaves the listing as it was).
  const state = p ? initialState(propertyToValues(p, options), { allVisited: true, draftFolder: draftFolderName() }) : initialState(defaultValues(), { draftFolder: draftFolderName() });
  if (ctx.mode === "broker") state.watermark = forcedChoice();
  // ?tab= follows the tab flow: it stops at the first earlier tab that is not valid yet (without showing errors on arrival).
  const tab = url.searchParams.get("tab");
  if (isTab(tab)) {
    const reached = reduceEditor(state, { kind: "goto", tab });
    state.tab = reached.tab;
    state.visited = reached.visited;
  }
  const success: string[] = [];
  if (url.searchParams.get("created") === "1") success.push("Imóvel cadastrado com sucesso!");
  if (url.searchParams.get("options") === "1") success.push("Opções salvas com sucesso!");
  if (p && url.searchParams.get("saved") === "1") success.push("Imóvel atualizado com sucesso!");
  let watermarks: LibraryWatermark[] = [];
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

// ── the editor's action ───────────────────────────────────────────────────
export type EditorActionData = { state: EditorState; revision: string };

const DRAFT_FOLDER = /^imoveis\/rascunho-[0-9a-f]{16}$/;

/**
 * The folder new photos go to: the editor's draft folder, in both modes.
 * Nothing in it is part of a listing until Salvar copies it over; a
 * cancelled edit's folder is removed by the daily draft purge.
 */
function workingFolder(state: EditorState): string {
  return DRAFT_FOLDER.test(state.draftFolder) ? state.draftFolder : draftFolderName();
}

/**
 * Posted photo URLs are only trusted when they are the property's stored
 * photos or files in the draft folder: a forged URL can neither be
 * attached nor, worse, deleted. Only draft files are ever deleted here.
 */
function ownedPhotos(urls: string[], folder: string, property: Property | null): string[] {
  const stored = new Set(property ? parseJsonList(property.images) : []);
  return urls.filter((u) => stored.has(u) || isUrlInFolder(u, folder));
}
function deletablePhotos(urls: string[], folder: string): string[] {
  return urls.filter((u) => isUrlInFolder(u, folder));
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
  return { formData: await readFormData(request), files: [], watermarkFile: null, errors: [] };
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
  const folder = workingFolder(state);
  state.draftFolder = folder;
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
        // Spec: new files replace the set. Staged only: the stored photos stay until Salvar;
        // earlier uploads of this session (never saved) can go now.
        const old = state.values.images;
        state = { ...state, values: { ...state.values, images: stored.urls.slice(0, 30) } };
        await deletePhotos(deletablePhotos(old, folder));
      }
      return reply({ ...state, tab: "images", uploadErrors }, uploadErrors.length ? 400 : 200);
    }
    case "upload-watermark": {
      state = { ...reduceEditor(state, intent), tab: "images" };
      if (ctx.mode === "broker") return reply(state, 403);
      if (!post.watermarkFile) return reply({ ...state, watermarkNotice: { tone: "danger", text: "Erro ao enviar marca d'água: selecione um arquivo de imagem" } }, 400);
      const file = post.watermarkFile;
      post.watermarkFile = null; // saveWatermarkLogo removes the temp file itself
      const saved = await saveWatermarkLogo(file);
      if ("error" in saved) return reply({ ...state, watermarkNotice: { tone: "danger", text: saved.error } }, 400);
      return reply({ ...state, watermark: { ...state.watermark, logo: saved.url }, watermarkNotice: { tone: "success", text: "Logo enviada para a biblioteca." } });
    }
    case "rename-watermark":
    case "remove-watermark": {
      state = { ...reduceEditor(state, intent), tab: "images" };
      if (ctx.mode === "broker") return reply(state, 403);
      try {
        if (intent.kind === "rename-watermark") {
          const label = formData.get(watermarkLabelField(intent.file));
          const { name } = await renameWatermark(intent.file, typeof label === "string" ? label.slice(0, 1_000) : "");
          return reply({ ...state, watermarkNotice: { tone: "success", text: `Logo renomeada para "${name}".` } });
        }
        await removeWatermark(intent.file);
        const removedUrl = `/uploads/imoveis/watermarks/${intent.file}`;
        return reply({ ...state, watermark: state.watermark.logo === removedUrl ? { ...state.watermark, logo: "" } : state.watermark, watermarkNotice: { tone: "success", text: "Logo removida da biblioteca." } });
      } catch (error) {
        if (!(error instanceof WatermarkLibraryError)) throw error;
        return reply({ ...state, watermarkNotice: { tone: "danger", text: error.message } }, 400);
      }
    }
    case "remove-image": {
      // Staged: the list changes, the stored file stays until Salvar commits (an unsaved upload can go now).
      const url = state.values.images[intent.index];
      state = { ...reduceEditor(state, intent), tab: "images" };
      if (url) await deletePhotos(deletablePhotos([url], folder));
      return reply(state);
    }
    case "add-option": {
      if (!property) return reply(reduceEditor(state, intent));
      const before = state.values.options.length;
      const next = reduceEditor(state, intent);
      if (next.values.options.length === before) return reply(next);
      const option = next.values.options[next.values.options.length - 1];
      try {
        const stored = await addStoredOption(property.id, option);
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
        const options = await removeStoredOption(property.id, intent.id);
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
      await updateProperty(property.id, parsed, { options: state.values.options, featured, draftFolder: state.draftFolder });
      return redirect(withParams(ctx.editorPath(property.id), ctx.listSearch, { saved: "1", tab: state.tab }));
    }
    const owner = ctx.mode === "broker" && ctx.user.broker ? { userId: ctx.user.id, brokerId: ctx.user.broker.id } : { userId: ctx.user.id, brokerId: null };
    const created = await createProperty(parsed, { options: state.values.options, owner, featured: ctx.mode === "admin" && state.values.featured });
    const extra: Record<string, string> = { created: "1", novo: String(created.id) };
    if (state.values.options.length) extra.options = "1";
    return redirect(withParams(ctx.editorPath(null), ctx.listSearch, extra));
  } catch (error) {
    log.error("property save failed", errorFields(error));
    const text = error instanceof Error && error.message ? error.message : "Falha ao salvar imóvel. Tente novamente.";
    return reply({ ...state, banner: { tone: "danger", title: "Erro ao salvar imóvel", text } }, 500);
  }
}

// ── the route pair, re-exported by the admin and broker editor routes ──────
type EditorRouteArgs = { request: Request; params: { id?: string } };

/** The edit target for the route layer: a missing property answers 404. */
async function editableOr404(user: SessionUser, rawId: string | undefined): Promise<Property | null> {
  if (rawId === undefined) return null;
  try {
    return await loadEditableProperty(user, rawId);
  } catch (error) {
    if (error instanceof PropertyNotFoundError) throw data({ message: "Imóvel não encontrado" }, { status: 404 });
    throw error;
  }
}

const AREAS = {
  admin: {
    listPath: "/admin",
    editorPath: (id: number | null) => (id ? `/admin/imoveis/${id}/editar` : "/admin/imoveis/novo"),
  },
  broker: {
    listPath: "/broker/properties",
    editorPath: (id: number | null) => (id ? `/broker/properties/${id}/editar` : "/broker/properties/novo"),
  },
} as const;
export type EditorArea = keyof typeof AREAS;
export const editorListPath = (area: EditorArea) => AREAS[area].listPath;

/**
 * Guard and edit target per area. The broker area's editor works in broker
 * mode (featured hidden, watermark forced, own properties only); an admin
 * working in the broker area keeps the admin editor's rules.
 */
async function editorContext(area: EditorArea, request: Request, id: string | undefined): Promise<{ user: SessionUser; property: Property | null; mode: EditorMode }> {
  if (area === "admin") {
    const user = await requireAdmin(request);
    return { user, property: await editableOr404(user, id), mode: "admin" };
  }
  const user = await requireBrokerArea(request);
  if (id === undefined) assertCan(user, "create", "property");
  const property = await editableOr404(user, id);
  return { user, property, mode: user.role === "admin" ? "admin" : "broker" };
}

async function editorLoader(area: EditorArea, { request, params }: EditorRouteArgs) {
  const { user, property, mode } = await editorContext(area, request, params.id);
  const view = await loadEditor(request, { mode, user, property });
  return { view, mode, listHref: AREAS[area].listPath + listSearchOf(new URL(request.url)), createdLinks: await createdLinks(area, user, new URL(request.url)) };
}

/** After a create: links to the new property (on the site, and to edit it) when the user may edit it. */
async function createdLinks(area: EditorArea, user: SessionUser, url: URL): Promise<{ viewHref: string; editHref: string; title: string } | null> {
  if (url.searchParams.get("created") !== "1") return null;
  const id = parsePropertyId(url.searchParams.get("novo"));
  if (!id) return null;
  const property = await loadEditableProperty(user, String(id)).catch(() => null);
  if (!property) return null;
  return { viewHref: `/imovel/${property.slug ?? property.id}`, editHref: AREAS[area].editorPath(property.id), title: property.title };
}

async function editorAction(area: EditorArea, { request, params }: EditorRouteArgs) {
  const { user, property, mode } = await editorContext(area, request, params.id);
  const { listPath, editorPath } = AREAS[area];
  return handleEditorAction(request, { mode, user, property, editorPath, listPath, listSearch: listSearchOf(new URL(request.url)) });
}

export const adminEditorLoader = (args: EditorRouteArgs) => editorLoader("admin", args);
export const adminEditorAction = (args: EditorRouteArgs) => editorAction("admin", args);
export const brokerEditorLoader = (args: EditorRouteArgs) => editorLoader("broker", args);
export const brokerEditorAction = (args: EditorRouteArgs) => editorAction("broker", args);
