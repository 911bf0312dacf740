import { parseDecimal } from "~/utils/format";
import { type AmenityList, type EditorDrafts, type EditorOption, type EditorState, type Tab, AMENITY_LISTS, LIMITS, MSG, TABS, TAB_LABELS, tabIndex } from "./state";
import { type FieldErrors, FIELD_TAB, validateAll, validateTab } from "./schema";
import type { Intent } from "./intents";

/**
 * A pure reducer for the editor's local intents (tab flow, lists, photo
 * order, options). The server runs the same reducer when JavaScript is
 * off, so both paths apply exactly the same rules.
 */

// ── the reducer ───────────────────────────────────────────────────────────
/** Adds one item to a list: trimmed, non-empty, no duplicates (case-insensitive). */
export function addListItem(list: string[], raw: string): string[] {
  const item = raw.trim().replace(/\s+/g, " ").slice(0, LIMITS.listItem);
  if (!item) return list;
  if (list.some((existing) => existing.toLocaleLowerCase("pt-BR") === item.toLocaleLowerCase("pt-BR"))) return list;
  if (list.length >= LIMITS.listItems) return list;
  return [...list, item];
}

/** The first 6 suggestions not yet chosen (spec 01 §5). */
export function visibleSuggestions(suggestions: readonly string[], chosen: string[]): string[] {
  const taken = new Set(chosen.map((c) => c.toLocaleLowerCase("pt-BR")));
  return suggestions.filter((s) => !taken.has(s.toLocaleLowerCase("pt-BR"))).slice(0, 6);
}

const DRAFT_OF: Record<AmenityList, keyof EditorDrafts> = {
  amenities: "new_amenities",
  nearby_amenities: "new_nearby_amenities",
  special_features: "new_special_features",
};

/** Text left in an "add" box is kept: it is added on the next action instead of being lost. */
function applyPendingItems(state: EditorState): EditorState {
  let values = state.values;
  let drafts = state.drafts;
  for (const list of AMENITY_LISTS) {
    const pending = drafts[DRAFT_OF[list]];
    if (pending.trim()) {
      values = { ...values, [list]: addListItem(values[list], pending) };
      drafts = { ...drafts, [DRAFT_OF[list]]: "" };
    }
  }
  return { ...state, values, drafts };
}

function newOptionId(): string {
  return `opt-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The option typed into the option boxes, or null when area, bedrooms or bathrooms is zero (spec: nothing happens). */
export function draftOption(drafts: EditorDrafts): EditorOption | null {
  const area = parseDecimal(drafts.opt_area) ?? 0;
  const bedrooms = parseDecimal(drafts.opt_bedrooms) ?? 0;
  const bathrooms = parseDecimal(drafts.opt_bathrooms) ?? 0;
  const suites = drafts.opt_suites.trim() === "" ? null : parseDecimal(drafts.opt_suites);
  if (!(area > 0) || !(bedrooms > 0) || !(bathrooms > 0)) return null;
  if (area > LIMITS.area || bedrooms > LIMITS.rooms || bathrooms > LIMITS.rooms) return null;
  return {
    id: newOptionId(),
    area: Math.round(area * 100) / 100,
    bedrooms: Math.trunc(bedrooms),
    bathrooms: Math.trunc(bathrooms),
    suites: suites === null || suites < 0 ? null : Math.min(LIMITS.rooms, Math.trunc(suites)),
  };
}

/**
 * A field's error goes as soon as its value is valid (with JavaScript, on
 * each change): its tab is validated again and errors it no longer has are dropped.
 */
export function clearFixedErrors(state: EditorState): EditorState {
  const fields = Object.keys(state.errors);
  if (!fields.length) return state;
  const tabs = Array.from(new Set(fields.map((f) => FIELD_TAB[f]).filter(Boolean)));
  const still: FieldErrors = {};
  for (const tab of tabs) Object.assign(still, validateTab(tab, state.values));
  const errors = Object.fromEntries(Object.entries(state.errors).filter(([field]) => !FIELD_TAB[field] || field in still));
  return Object.keys(errors).length === fields.length ? state : { ...state, errors };
}

function markVisited(visited: Tab[], tab: Tab): Tab[] {
  return visited.includes(tab) ? visited : [...visited, tab];
}

function withoutTabErrors(errors: FieldErrors, tabs: Tab[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !tabs.includes(FIELD_TAB[field])));
}

/**
 * The editor's local rules (spec 01 §4): Próximo validates the current tab;
 * a jump validates every earlier tab in order and stops at the first invalid
 * one; Anterior never validates; Salvar validates all and shows the first
 * tab in error with its message. Lists and options are edited here too.
 * Intents that need the server (uploads, saving, persisting) only get their
 * local part here.
 */
export function reduceEditor(input: EditorState, intent: Intent): EditorState {
  let state: EditorState = { ...applyPendingItems(input), banner: null, optionsNotice: null, uploadErrors: [], watermarkNotice: null };
  const { values } = state;
  const at = tabIndex(state.tab);
  switch (intent.kind) {
    case "next": {
      const errors = validateTab(state.tab, values);
      if (Object.keys(errors).length) return { ...state, errors: { ...withoutTabErrors(state.errors, [state.tab]), ...errors } };
      const tab = TABS[Math.min(TABS.length - 1, at + 1)];
      return { ...state, errors: withoutTabErrors(state.errors, [state.tab]), tab, visited: markVisited(state.visited, tab) };
    }
    case "prev":
      return { ...state, tab: TABS[Math.max(0, at - 1)] };
    case "goto": {
      const target = tabIndex(intent.tab);
      for (let i = 0; i < target; i++) {
        const tab = TABS[i];
        const errors = validateTab(tab, values);
        if (Object.keys(errors).length) return { ...state, tab, errors: { ...withoutTabErrors(state.errors, [tab]), ...errors }, visited: markVisited(state.visited, tab) };
        state = { ...state, errors: withoutTabErrors(state.errors, [tab]) };
      }
      return { ...state, tab: intent.tab, visited: markVisited(state.visited, intent.tab) };
    }
    case "save": {
      const result = validateAll(values);
      if (result.ok) return { ...state, errors: {} };
      const message = Object.entries(result.errors).find(([field]) => FIELD_TAB[field] === result.firstTab)?.[1] ?? MSG.title;
      return {
        ...state,
        errors: result.errors,
        tab: result.firstTab,
        visited: Array.from(new Set([...state.visited, ...result.tabsInError])),
        banner: { tone: "danger", title: TAB_LABELS[result.firstTab], text: message },
      };
    }
    case "add-item":
      return state; // pending text was added above
    case "suggest":
      return { ...state, values: { ...values, [intent.list]: addListItem(values[intent.list], intent.value) } };
    case "remove-item":
      return { ...state, values: { ...values, [intent.list]: values[intent.list].filter((_, i) => i !== intent.index) } };
    case "move-image": {
      const to = intent.index + intent.delta;
      if (intent.index >= values.images.length || to < 0 || to >= values.images.length) return state;
      const images = [...values.images];
      [images[intent.index], images[to]] = [images[to], images[intent.index]];
      return { ...state, values: { ...values, images } };
    }
    case "remove-image":
      return { ...state, values: { ...values, images: values.images.filter((_, i) => i !== intent.index) } };
    case "add-option": {
      if (values.options.length >= LIMITS.options) return { ...state, optionsNotice: { tone: "warning", text: MSG.maxOptions } };
      const option = draftOption(state.drafts);
      if (!option) return state;
      return {
        ...state,
        values: { ...values, options: [...values.options, option] },
        drafts: { ...state.drafts, opt_area: "", opt_bedrooms: "", opt_bathrooms: "", opt_suites: "" },
      };
    }
    case "remove-option":
      return { ...state, values: { ...values, options: values.options.filter((o) => o.id !== intent.id) } };
    default:
      return state;
  }
}
