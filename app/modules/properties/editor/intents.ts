import { type AmenityList, type Tab, AMENITY_LISTS, LIMITS, isTab } from "./state";

/** The editor's intents: what each submit button (name="intent") asks for. */

/** A file name of the watermark library (imoveis/watermarks/{file}). */
export const WATERMARK_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
/** The form field carrying a library logo's new name. */
export const watermarkLabelField = (file: string) => `wmLabel-${file}`;

// ── intents ───────────────────────────────────────────────────────────────
export type Intent =
  | { kind: "refresh" }
  | { kind: "next" }
  | { kind: "prev" }
  | { kind: "goto"; tab: Tab }
  | { kind: "save" }
  | { kind: "add-item"; list: AmenityList }
  | { kind: "suggest"; list: AmenityList; value: string }
  | { kind: "remove-item"; list: AmenityList; index: number }
  | { kind: "move-image"; index: number; delta: -1 | 1 }
  | { kind: "remove-image"; index: number }
  | { kind: "add-option" }
  | { kind: "remove-option"; id: string }
  | { kind: "upload-images" }
  | { kind: "upload-watermark" }
  | { kind: "rename-watermark"; file: string }
  | { kind: "remove-watermark"; file: string }
  | { kind: "delete" };

const isList = (v: string | undefined): v is AmenityList => (AMENITY_LISTS as readonly string[]).includes(v ?? "");

/** 'next', 'goto:values', 'remove-item:amenities:2', ... → an Intent (unknown → refresh). */
export function parseIntent(raw: unknown): Intent {
  if (typeof raw !== "string") return { kind: "refresh" };
  const [head, a, ...rest] = raw.split(":");
  const b = rest.join(":");
  const index = (s: string | undefined) => (s && /^\d{1,3}$/.test(s) ? Number(s) : -1);
  switch (head) {
    case "next":
    case "prev":
    case "save":
    case "add-option":
    case "upload-images":
    case "upload-watermark":
    case "delete":
      return { kind: head };
    case "goto":
      return isTab(a) ? { kind: "goto", tab: a } : { kind: "refresh" };
    case "add-item":
      return isList(a) ? { kind: "add-item", list: a } : { kind: "refresh" };
    case "suggest":
      return isList(a) && b ? { kind: "suggest", list: a, value: b.slice(0, LIMITS.listItem) } : { kind: "refresh" };
    case "remove-item":
      return isList(a) && index(b) >= 0 ? { kind: "remove-item", list: a, index: index(b) } : { kind: "refresh" };
    case "move-image-up":
    case "move-image-down":
      return index(a) >= 0 ? { kind: "move-image", index: index(a), delta: head === "move-image-up" ? -1 : 1 } : { kind: "refresh" };
    case "remove-image":
      return index(a) >= 0 ? { kind: "remove-image", index: index(a) } : { kind: "refresh" };
    case "remove-option":
      return a ? { kind: "remove-option", id: a.slice(0, 64) } : { kind: "refresh" };
    case "rename-watermark":
    case "remove-watermark":
      return a && WATERMARK_FILE.test(a) ? { kind: head, file: a } : { kind: "refresh" };
    default:
      return { kind: "refresh" };
  }
}

export function intentValue(intent: Intent): string {
  switch (intent.kind) {
    case "goto":
      return `goto:${intent.tab}`;
    case "add-item":
      return `add-item:${intent.list}`;
    case "suggest":
      return `suggest:${intent.list}:${intent.value}`;
    case "remove-item":
      return `remove-item:${intent.list}:${intent.index}`;
    case "move-image":
      return `${intent.delta < 0 ? "move-image-up" : "move-image-down"}:${intent.index}`;
    case "remove-image":
      return `remove-image:${intent.index}`;
    case "remove-option":
      return `remove-option:${intent.id}`;
    case "rename-watermark":
    case "remove-watermark":
      return `${intent.kind}:${intent.file}`;
    default:
      return intent.kind;
  }
}


/** Intents the browser completes by itself (with JavaScript) in a given mode. */
export function isLocalIntent(intent: Intent, editing: boolean): boolean {
  switch (intent.kind) {
    case "refresh":
    case "next":
    case "prev":
    case "goto":
    case "add-item":
    case "suggest":
    case "remove-item":
    case "move-image":
    case "remove-image": // staged until Salvar, like the order
      return true;
    case "add-option":
    case "remove-option":
      return !editing; // edit mode writes the option at once
    default:
      return false;
  }
}
