import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { DEFAULT_ADDRESS_DISPLAY, DEFAULT_STATE } from "~/modules/properties/address";
import { WATERMARK_FIELDS } from "~/modules/properties/watermark";
import {
  type Banner,
  type EditorOption,
  type EditorState,
  type EditorValues,
  type Tab,
  LIMITS,
  MSG,
  TABS,
  TAB_LABELS,
  WATERMARK_CHOICE_DEFAULTS,
  isTab,
} from "./state";

/**
 * The editor's form through the one form pipeline (issue 22 item 1):
 *
 * - `editorFormSchema` reads a post (the action's `parseSubmission`) into
 *   the editor's state. It is lenient on purpose: everything typed comes
 *   back, valid or not, cut at generous bounds so a hostile post cannot
 *   balloon the page; the tabs' schemas (schema.ts) then say what is wrong.
 * - `editorFormData` writes a state back as the form's fields: the action
 *   answers with the submission of the state it reached (a tab moved, a
 *   photo added, a list item removed), so its `submission.reply()` carries
 *   everything typed plus what the server did.
 * - `stateFromReply` turns that reply into the state the editor shows: the
 *   values from `initialValue`, each message beside its field from `error`.
 *
 * Field errors that are not a record field: `photos` (refused files),
 * `options` (plan options), `watermarkFile` (the logo library); the whole
 * form's error ("") is the banner.
 */

// ── reading a post ────────────────────────────────────────────────────────
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
/** Text: form posts send line breaks as CRLF, stored as \n; cut at `max`. */
const text = (max: number) =>
  z.unknown().optional().transform((v) => {
    const s = first(v);
    return typeof s === "string" ? s.replace(/\r\n?/g, "\n").slice(0, max) : "";
  });
const list = (maxItems: number, maxLength: number) =>
  z.unknown().optional().transform((v) =>
    (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])
      .filter((item): item is string => typeof item === "string" && item !== "")
      .slice(0, maxItems)
      .map((item) => item.slice(0, maxLength)),
  );
const flag = z.unknown().optional().transform((v) => {
  const s = first(v);
  return s === true || s === "on" || s === "true";
});

const optionSchema = z.object({
  id: z.string().min(1).max(64),
  area: z.number().positive().max(LIMITS.area),
  bedrooms: z.number().int().min(0).max(LIMITS.rooms),
  bathrooms: z.number().int().min(0).max(LIMITS.rooms),
  suites: z.number().int().min(0).max(LIMITS.rooms).nullable(),
});
function parseOption(raw: string): EditorOption | null {
  try {
    const parsed = optionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The record's fields and how much of each is read back. */
const VALUE_FIELDS = {
  title: text(2_000),
  type: text(40),
  property_type: text(40),
  construction_status: text(40),
  purpose: text(40),
  status: text(40),
  construction_year: text(20),
  featured: flag,
  address: text(2_000),
  street_number: text(200),
  complement: text(500),
  neighborhood: text(2_000),
  city: text(2_000),
  state: text(40),
  postal_code: text(40),
  address_display: text(40),
  latitude: text(40),
  longitude: text(40),
  area: text(40),
  bedrooms: text(40),
  bathrooms: text(40),
  suites: text(40),
  parking_spots: text(40),
  floor: text(40),
  total_floors: text(40),
  facing_direction: text(40),
  furnished: flag,
  pets_allowed: flag,
  price: text(40),
  rent_price: text(40),
  condo_fee: text(40),
  iptu: text(40),
  amenities: list(200, 500),
  nearby_amenities: list(200, 500),
  special_features: list(200, 500),
  description: text(100_000),
  images: list(100, 1_000),
  options: list(10, 1_000).transform((items) => items.map(parseOption).filter((o): o is EditorOption => o !== null)),
} satisfies Record<keyof EditorValues, z.ZodType>;

/** Inputs beside the record: the "new item" boxes, the option being typed, the watermark choice, where the editor is. */
const FORM_FIELDS = {
  intent: text(200),
  new_amenities: text(500),
  new_nearby_amenities: text(500),
  new_special_features: text(500),
  opt_area: text(40),
  opt_bedrooms: text(40),
  opt_bathrooms: text(40),
  opt_suites: text(40),
  [WATERMARK_FIELDS.logoUrl]: text(1_000),
  [WATERMARK_FIELDS.position]: text(40),
  [WATERMARK_FIELDS.opacity]: text(40),
  [WATERMARK_FIELDS.sizePercent]: text(40),
  tab: text(20),
  visited: list(TABS.length, 20),
  draftFolder: text(200),
};

/** The editor's form, read leniently into its state (errors and notices empty). */
export const editorFormSchema = z.object({ ...VALUE_FIELDS, ...FORM_FIELDS }).transform((f): EditorState & { intent: string } => {
  const values = Object.fromEntries(Object.keys(VALUE_FIELDS).map((k) => [k, f[k as keyof typeof VALUE_FIELDS]])) as EditorValues;
  // A post without them (an older page) gets the defaults: SP, only the neighbourhood and city shown.
  values.state ||= DEFAULT_STATE;
  values.address_display ||= DEFAULT_ADDRESS_DISPLAY;
  const visited = f.visited.filter(isTab);
  return {
    intent: f.intent,
    values,
    drafts: {
      new_amenities: f.new_amenities,
      new_nearby_amenities: f.new_nearby_amenities,
      new_special_features: f.new_special_features,
      opt_area: f.opt_area,
      opt_bedrooms: f.opt_bedrooms,
      opt_bathrooms: f.opt_bathrooms,
      opt_suites: f.opt_suites,
    },
    watermark: {
      logo: f[WATERMARK_FIELDS.logoUrl],
      position: f[WATERMARK_FIELDS.position] || WATERMARK_CHOICE_DEFAULTS.position,
      opacity: f[WATERMARK_FIELDS.opacity] || WATERMARK_CHOICE_DEFAULTS.opacity,
      size: f[WATERMARK_FIELDS.sizePercent] || WATERMARK_CHOICE_DEFAULTS.size,
    },
    tab: isTab(f.tab) ? f.tab : "basics",
    visited: visited.length ? Array.from(new Set<Tab>(["basics", ...visited])) : ["basics"],
    errors: {},
    banner: null,
    optionsNotice: null,
    uploadErrors: [],
    watermarkNotice: null,
    draftFolder: f.draftFolder,
  };
});

/** A posted FormData (or a reply's `initialValue`) as the editor's state. */
export function readEditorForm(source: FormData | Record<string, unknown>): EditorState & { intent: string } {
  if (!(source instanceof FormData)) return editorFormSchema.parse(source);
  const record: Record<string, unknown> = {};
  for (const key of new Set(source.keys())) {
    const all = source.getAll(key).filter((v): v is string => typeof v === "string");
    record[key] = all.length > 1 ? all : all[0];
  }
  return editorFormSchema.parse(record);
}

// ── writing a state back as the form's fields ──────────────────────────────
/** The fields a form in this state would post (checkboxes only when ticked, lists repeated). */
export function editorFormData(state: EditorState): FormData {
  const fd = new FormData();
  const put = (name: string, value: string | boolean | string[]) => {
    if (Array.isArray(value)) for (const item of value) fd.append(name, item);
    else if (typeof value === "boolean") {
      if (value) fd.append(name, "on");
    } else fd.append(name, value);
  };
  for (const [name, value] of Object.entries(state.values) as [keyof EditorValues, EditorValues[keyof EditorValues]][]) {
    if (name === "options") put(name, state.values.options.map((o) => JSON.stringify(o)));
    else put(name, value as string | boolean | string[]);
  }
  for (const [name, value] of Object.entries(state.drafts)) put(name, value);
  put(WATERMARK_FIELDS.logoUrl, state.watermark.logo);
  put(WATERMARK_FIELDS.position, state.watermark.position);
  put(WATERMARK_FIELDS.opacity, state.watermark.opacity);
  put(WATERMARK_FIELDS.sizePercent, state.watermark.size);
  put("tab", state.tab);
  put("visited", state.visited);
  put("draftFolder", state.draftFolder);
  return fd;
}

// ── the action's answer ───────────────────────────────────────────────────
/** A success the editor shows beside what it concerns (a plan option written, the logo library changed). */
export type EditorNotice = { area: "options" | "watermark"; text: string };
/** The editor action's answer: the one pipeline's `submission.reply()`, and, after a write that worked, its notice. */
export type EditorReply = SubmissionResult<string[]> & { notice?: EditorNotice };

/** The field errors of a state, as `submission.reply({ fieldErrors })` takes them. */
export function editorFieldErrors(state: EditorState): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(state.errors)) errors[field] = [message];
  if (state.uploadErrors.length) errors.photos = [...state.uploadErrors];
  if (state.optionsNotice && state.optionsNotice.tone !== "success") errors.options = [state.optionsNotice.text];
  if (state.watermarkNotice && state.watermarkNotice.tone !== "success") errors.watermarkFile = [state.watermarkNotice.text];
  return errors;
}

const NOT_RECORD_FIELDS = new Set(["", "photos", "options", "watermarkFile"]);

/** The state the editor shows after a reply: what was sent back, each message beside its field. */
export function stateFromReply(reply: EditorReply): EditorState {
  const { intent: _intent, ...state } = readEditorForm((reply.initialValue ?? {}) as Record<string, unknown>);
  const error = reply.error ?? {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error)) if (!NOT_RECORD_FIELDS.has(field) && messages?.[0]) errors[field] = messages[0];
  const formError = error[""]?.[0];
  // A refused save: the banner names the first tab in error (the one shown); a failed write says so.
  const banner: Banner | null = formError
    ? Object.keys(errors).length
      ? { tone: "danger", title: TAB_LABELS[state.tab], text: formError }
      : { tone: "danger", title: "Erro ao salvar imóvel", text: formError }
    : null;
  const optionsError = error.options?.[0];
  const watermarkError = error.watermarkFile?.[0];
  const notice = reply.notice;
  return {
    ...state,
    errors,
    banner,
    uploadErrors: error.photos ?? [],
    optionsNotice: optionsError
      ? { tone: optionsError === MSG.maxOptions ? "warning" : "danger", text: optionsError }
      : notice?.area === "options"
        ? { tone: "success", text: notice.text }
        : null,
    watermarkNotice: watermarkError ? { tone: "danger", text: watermarkError } : notice?.area === "watermark" ? { tone: "success", text: notice.text } : null,
  };
}
