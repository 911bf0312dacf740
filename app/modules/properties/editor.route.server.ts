import { data } from "react-router";
import type { Property } from "#db/schema";
import { isTab, initialState, defaultValues } from "~/modules/properties/editor/state";
import { reduceEditor } from "~/modules/properties/editor/reducer";
import { propertySlug } from "~/utils/slug";
import { withQuery } from "~/utils/url";
import { parseRecordId } from "~/utils/query-schema";
import { requireAdmin, requireBrokerArea } from "~/modules/auth/auth.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { assertCan } from "~/modules/auth/permissions.server";
import { type SessionUser } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { parseSubmission } from "~/modules/platform/forms.server";
import { draftFolderName } from "./photos.server";
import type { LibraryWatermark } from "./watermark";
import type { EditorView } from "./editor/view";
import { deletePropertySchema } from "./admin-list";
import { BROKER_FORCED_WATERMARK, listWatermarks } from "./watermarks.server";
import { PropertyNotFoundError, findOptions, loadEditableProperty, propertyToValues } from "./records.server";
import { DELETE_MESSAGES, deletePropertyAs } from "./delete.server";
import { isDatabaseError } from "#db/dialect";
import { type EditorContext, type EditorMode, forcedChoice, handleEditorAction } from "./editor-action.server";
import { config } from "~/modules/platform/config.server";
import { OSM_ATTRIBUTION } from "~/modules/catalogue/map-area";

/**
 * The property editor's loader/action pair (spec 01 §4, §5), the HTTP layer
 * over the record, photo and watermark services (the action itself:
 * editor-action.server.ts). The admin routes
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
    return redirectWithToast(listHref, { type: "error", message: isDatabaseError(error) ? DELETE_MESSAGES.failed(error.message) : DELETE_MESSAGES.error(error.message) });
  }
}

/** The admin list's one POST: delete (after the confirmation step); a bad or missing id is 'not found'. */
export async function adminListAction(request: Request): Promise<Response> {
  const user = await requireAdmin(request);
  const submission = await parseSubmission(request, deletePropertySchema);
  const listHref = `/admin${listSearchOf(new URL(request.url))}`;
  return deleteAndRedirect(user, submission.status === "success" ? submission.value.id : null, listHref);
}

// ── the editor's loader ─────────────────────────────────────────────────
/** Query parameters of the editor itself, not of the list. */
const EDITOR_PARAMS = ["tab", "created", "saved", "options", "confirmDelete", "index", "novo"];
/** The list's query string (filters, page) from an editor or list URL: its own parameters dropped. */
export function listSearchOf(url: URL): string {
  return withQuery(url.search, Object.fromEntries(EDITOR_PARAMS.map((key) => [key, null])));
}


/** The editor's first state: the stored property (edit) or the defaults (create), on the tab ?tab= reaches. */
export async function loadEditor(request: Request, ctx: Pick<EditorContext, "mode" | "user" | "property">): Promise<EditorView> {
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
    mapTiles: { url: config().MAP_TILE_URL, attribution: OSM_ATTRIBUTION },
  };
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
  const id = parseRecordId(url.searchParams.get("novo"));
  if (!id) return null;
  const property = await loadEditableProperty(user, String(id)).catch(() => null);
  if (!property) return null;
  return { viewHref: `/imovel/${property.slug ?? property.id}`, editHref: AREAS[area].editorPath(property.id), title: property.title };
}

async function editorAction(area: EditorArea, { request, params }: EditorRouteArgs) {
  const { user, property, mode } = await editorContext(area, request, params.id);
  const { listPath, editorPath } = AREAS[area];
  return handleEditorAction(request, { mode, user, property, editorPath, listPath, listSearch: listSearchOf(new URL(request.url)), deleteAndRedirect });
}

export const adminEditorLoader = (args: EditorRouteArgs) => editorLoader("admin", args);
export const adminEditorAction = (args: EditorRouteArgs) => editorAction("admin", args);
export const brokerEditorLoader = (args: EditorRouteArgs) => editorLoader("broker", args);
export const brokerEditorAction = (args: EditorRouteArgs) => editorAction("broker", args);
