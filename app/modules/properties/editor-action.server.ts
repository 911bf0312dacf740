import { data, redirect } from "react-router";
import type { Property } from "#db/schema";
import { type EditorState, LIMITS, MSG, initialState, defaultValues } from "~/modules/properties/editor/state";
import { validateAll } from "~/modules/properties/editor/schema";
import { type Intent, parseIntent, watermarkLabelField } from "~/modules/properties/editor/intents";
import { type EditorNotice, type EditorReply, editorFieldErrors, editorFormData, editorFormSchema } from "~/modules/properties/editor/form-data";
import { reduceEditor } from "~/modules/properties/editor/reducer";
import { parseJsonList } from "~/modules/platform/db.server";
import { parseSubmission, readFormData, replyWithErrors } from "~/modules/platform/forms.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { isUrlInFolder } from "~/modules/files/storage.server";
import { pathWithQuery } from "~/utils/url";
import type { TempPhoto } from "./photo-upload";
import { deletePhotos, discardTempPhotos, draftFolderName, parseMultipartWithPhotos, photoError, storeUploadedPhotos } from "./photos.server";
import { BROKER_FORCED_WATERMARK, WatermarkLibraryError, parseWatermarkSpec, removeWatermark, renameWatermark, saveWatermarkLogo } from "./watermarks.server";
import { addStoredOption, createProperty, findOptions, propertyToValues, removeStoredOption, toEditorOption, updateProperty } from "./records.server";

/**
 * The property editor's action (spec 01 §4, §5), admin and broker mode,
 * through the one form pipeline: the post is read with `parseSubmission`
 * (editor/form-data.ts), the intent runs on that state (the shared reducer
 * for navigation and lists, the services for uploads, option writes and
 * saving), and the answer is the submission of the state reached:
 * `replyWithErrors` when something must be fixed (messages beside the
 * fields, everything typed back, JavaScript on or off), else its
 * `submission.reply()` with the notice of a write that worked.
 */

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
  /** deletes the property and goes back to the list (editor.route.server.ts) */
  deleteAndRedirect: (user: SessionUser, id: number, listHref: string) => Promise<Response>;
};

export function forcedChoice() {
  return {
    logo: BROKER_FORCED_WATERMARK.logoUrl,
    position: BROKER_FORCED_WATERMARK.position,
    opacity: String(BROKER_FORCED_WATERMARK.opacity),
    size: String(BROKER_FORCED_WATERMARK.sizePercent),
  };
}

const BROKER_LIBRARY = { tone: "danger", text: "A biblioteca de logos é só dos administradores." } as const;

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

type Post = { formData: FormData; files: TempPhoto[]; watermarkFile: TempPhoto | null; errors: string[]; refused: boolean };

async function readPost(request: Request): Promise<Post> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.toLowerCase().startsWith("multipart/form-data")) {
    const parsed = await parseMultipartWithPhotos(request);
    return { formData: parsed.formData, files: parsed.files, watermarkFile: parsed.watermarkFile, errors: parsed.errors, refused: Boolean(parsed.refused) };
  }
  return { formData: await readFormData(request), files: [], watermarkFile: null, errors: [], refused: false };
}

type Answer = Response | ReturnType<typeof data<EditorReply>>;

/**
 * The answer for a state: its errors (fields, refused photos, options, the
 * logo library, `formError` for the banner) with `replyWithErrors`, else the
 * plain reply with the notice of what was written.
 */
async function answer(state: EditorState, options: { formError?: string; notice?: EditorNotice; status?: number } = {}): Promise<Answer> {
  const submission = await parseSubmission(editorFormData(state), editorFormSchema);
  const fieldErrors = editorFieldErrors(state);
  if (options.formError || Object.keys(fieldErrors).length) {
    return replyWithErrors(submission, { formErrors: options.formError ? [options.formError] : undefined, fieldErrors }, options.status ?? 400);
  }
  return data<EditorReply>({ ...submission.reply(), notice: options.notice }, { status: options.status ?? 200 });
}

export async function handleEditorAction(request: Request, ctx: EditorContext): Promise<Answer> {
  const post = await readPost(request);
  try {
    return await runIntent(post, ctx);
  } finally {
    await discardTempPhotos([...post.files, post.watermarkFile]);
  }
}

/**
 * Photos chosen with this post, whatever its button (without JavaScript a
 * person may choose files and press Salvar): added after the current ones
 * (issue 24: never replacing them), staged in the draft folder like every
 * photo change until Salvar. Refused files are listed; the rest of the
 * form is kept as typed.
 */
async function addPhotos(state: EditorState, post: Post, ctx: EditorContext, formData: FormData): Promise<EditorState> {
  const errors = [...post.errors];
  if (!post.files.length) return errors.length ? { ...state, uploadErrors: errors } : state;
  const watermark = parseWatermarkSpec(formData, ctx.mode);
  if (ctx.mode === "broker" && !watermark) return { ...state, uploadErrors: [MSG.brokerWatermark] };
  const room = LIMITS.images - state.values.images.length;
  const files = post.files.slice(0, Math.max(0, room));
  if (post.files.length > files.length) {
    errors.push(photoError(`o imóvel já tem ${state.values.images.length} de no máximo ${LIMITS.images} fotos; ${post.files.length - files.length} não foram adicionadas`));
    await discardTempPhotos(post.files.slice(files.length));
  }
  const stored = files.length ? await storeUploadedPhotos(files, { folder: state.draftFolder, watermark }) : { urls: [], errors: [] };
  post.files = [];
  return { ...state, values: { ...state.values, images: [...state.values.images, ...stored.urls] }, uploadErrors: [...errors, ...stored.errors] };
}

async function runIntent(post: Post, ctx: EditorContext): Promise<Answer> {
  const { formData } = post;
  const intent: Intent = parseIntent(formData.get("intent"));
  const property = ctx.property;
  if (post.refused) {
    // Nothing of the form could be read (the post was over the size limit): the listing as stored, and why.
    const values = property ? propertyToValues(property, await findOptions(property.id)) : defaultValues();
    const state = initialState(values, { allVisited: Boolean(property), draftFolder: draftFolderName() });
    return answer({ ...state, tab: "images", uploadErrors: post.errors });
  }
  const submission = await parseSubmission(formData, editorFormSchema);
  if (submission.status !== "success") return replyWithErrors(submission, { formErrors: ["Não foi possível ler o formulário enviado. Recarregue a página e tente novamente."] });
  const { intent: _raw, ...read } = submission.value;
  let state: EditorState = read;
  state.draftFolder = workingFolder(state);
  const folder = state.draftFolder;
  state.values.images = ownedPhotos(state.values.images, folder, property);
  if (ctx.mode === "broker") {
    state.watermark = forcedChoice();
    state.values.featured = property ? property.featured === 1 : false;
  }

  // Photos first: whatever the button, chosen files join the set.
  const chosen = post.files.length;
  const withPhotos = await addPhotos(state, post, ctx, formData);
  const photoProblems = withPhotos.uploadErrors;
  state = withPhotos;

  switch (intent.kind) {
    case "upload-images": {
      state = { ...reduceEditor(state, intent), tab: "images", uploadErrors: photoProblems };
      if (!chosen && !photoProblems.length) return answer({ ...state, uploadErrors: ["Selecione ao menos uma imagem para enviar."] });
      return answer(state);
    }
    case "upload-watermark": {
      state = { ...reduceEditor(state, intent), tab: "images", uploadErrors: photoProblems };
      if (ctx.mode === "broker") return answer({ ...state, watermarkNotice: BROKER_LIBRARY }, { status: 403 });
      if (!post.watermarkFile) return answer({ ...state, watermarkNotice: { tone: "danger", text: "Erro ao enviar marca d'água: selecione um arquivo de imagem" } });
      const file = post.watermarkFile;
      post.watermarkFile = null; // saveWatermarkLogo removes the temp file itself
      const saved = await saveWatermarkLogo(file);
      if ("error" in saved) return answer({ ...state, watermarkNotice: { tone: "danger", text: saved.error } });
      return answer({ ...state, watermark: { ...state.watermark, logo: saved.url } }, { notice: { area: "watermark", text: "Logo enviada para a biblioteca." } });
    }
    case "rename-watermark":
    case "remove-watermark": {
      state = { ...reduceEditor(state, intent), tab: "images", uploadErrors: photoProblems };
      if (ctx.mode === "broker") return answer({ ...state, watermarkNotice: BROKER_LIBRARY }, { status: 403 });
      try {
        if (intent.kind === "rename-watermark") {
          const label = formData.get(watermarkLabelField(intent.file));
          const { name } = await renameWatermark(intent.file, typeof label === "string" ? label.slice(0, 1_000) : "");
          return answer(state, { notice: { area: "watermark", text: `Logo renomeada para "${name}".` } });
        }
        await removeWatermark(intent.file);
        const removedUrl = `/uploads/imoveis/watermarks/${intent.file}`;
        const watermark = state.watermark.logo === removedUrl ? { ...state.watermark, logo: "" } : state.watermark;
        return answer({ ...state, watermark }, { notice: { area: "watermark", text: "Logo removida da biblioteca." } });
      } catch (error) {
        if (!(error instanceof WatermarkLibraryError)) throw error;
        return answer({ ...state, watermarkNotice: { tone: "danger", text: error.message } });
      }
    }
    case "remove-image": {
      // Staged: the list changes, the stored file stays until Salvar commits (an unsaved upload can go now).
      const url = state.values.images[intent.index];
      state = { ...reduceEditor(state, intent), tab: "images", uploadErrors: photoProblems };
      if (url) await deletePhotos(deletablePhotos([url], folder));
      return answer(state);
    }
    case "add-option":
    case "remove-option":
      return optionIntent(state, intent, property, photoProblems);
    case "save":
      if (photoProblems.length) return answer({ ...reduceEditor(state, { kind: "refresh" }), tab: "images", uploadErrors: photoProblems });
      return save(state, intent, ctx);
    case "delete": {
      if (!property) return answer({ ...reduceEditor(state, { kind: "refresh" }), uploadErrors: photoProblems });
      return ctx.deleteAndRedirect(ctx.user, property.id, ctx.listPath + ctx.listSearch);
    }
    default:
      return answer({ ...reduceEditor(state, intent), uploadErrors: photoProblems });
  }
}

/** Edit mode writes a plan option at once (spec 01 §4); create mode keeps it in the form until Cadastrar. */
async function optionIntent(state: EditorState, intent: Intent & { kind: "add-option" | "remove-option" }, property: Property | null, photoProblems: string[]): Promise<Answer> {
  const next = { ...reduceEditor(state, intent), uploadErrors: photoProblems };
  if (!property) return answer(next);
  if (intent.kind === "remove-option") {
    try {
      const options = await removeStoredOption(property.id, intent.id);
      return answer({ ...next, values: { ...next.values, options: options.map(toEditorOption) } }, { notice: { area: "options", text: "Opção removida com sucesso!" } });
    } catch (error) {
      log.error("option delete failed", errorFields(error));
      return answer({ ...state, uploadErrors: photoProblems, optionsNotice: { tone: "danger", text: `Erro ao remover opção do banco: ${errorMessage(error)}` } }, { status: 500 });
    }
  }
  if (next.values.options.length === state.values.options.length) return answer(next);
  const option = next.values.options[next.values.options.length - 1];
  try {
    const stored = await addStoredOption(property.id, option);
    if (!stored) return answer({ ...state, uploadErrors: photoProblems, optionsNotice: { tone: "warning", text: MSG.maxOptions } });
    return answer({ ...next, values: { ...next.values, options: stored.map(toEditorOption) } }, { notice: { area: "options", text: "Opção salva com sucesso!" } });
  } catch (error) {
    log.error("option insert failed", errorFields(error));
    return answer({ ...state, uploadErrors: photoProblems, optionsNotice: { tone: "danger", text: `Erro ao salvar opção no banco: ${errorMessage(error)}` } }, { status: 500 });
  }
}

/**
 * Salvar / Cadastrar Imóvel: every tab validated (the first tab in error is
 * shown with its message in the banner and beside the field); a valid
 * record is written and the editor reloads with its success banner.
 */
async function save(input: EditorState, intent: Intent, ctx: EditorContext): Promise<Answer> {
  const state = reduceEditor(input, intent);
  const result = validateAll(state.values);
  if (!result.ok) return answer(state, { formError: state.banner?.text ?? MSG.title });
  const parsed = result.data;
  const property = ctx.property;
  try {
    if (property) {
      const featured = ctx.mode === "broker" ? property.featured === 1 : state.values.featured;
      await updateProperty(property.id, parsed, { options: state.values.options, featured, draftFolder: state.draftFolder });
      return redirect(pathWithQuery(ctx.editorPath(property.id), ctx.listSearch, { saved: "1", tab: state.tab }));
    }
    const owner = ctx.mode === "broker" && ctx.user.broker ? { userId: ctx.user.id, brokerId: ctx.user.broker.id } : { userId: ctx.user.id, brokerId: null };
    const created = await createProperty(parsed, { options: state.values.options, owner, featured: ctx.mode === "admin" && state.values.featured });
    return redirect(pathWithQuery(ctx.editorPath(null), ctx.listSearch, { created: "1", novo: String(created.id), options: state.values.options.length ? "1" : null }));
  } catch (error) {
    log.error("property save failed", errorFields(error));
    const text = error instanceof Error && error.message ? error.message : "Falha ao salvar imóvel. Tente novamente.";
    return answer({ ...state, banner: null }, { formError: text, status: 500 });
  }
}
