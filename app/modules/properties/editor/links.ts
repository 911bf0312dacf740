import type { EditorField } from "./state";
import { FIELD_TAB } from "./schema";

/** The id of the control that edits a field (the photo input for the photos, the "add" box for a list). */
export function fieldAnchor(field: EditorField): string {
  if (field === "images") return "pe-photos";
  if (field === "amenities" || field === "nearby_amenities" || field === "special_features") return `pe-new-${field}`;
  return `pe-${field}`;
}

/**
 * A link into the editor, on the tab of a field and at its control
 * (/admin/imoveis/7/editar?tab=location#pe-postal_code): /integracao-xml
 * sends each rule a listing fails to the field that fixes it.
 */
export function editorFieldHref(editorPath: string, field: EditorField): string {
  const tab = FIELD_TAB[field];
  return `${editorPath}${tab ? `?tab=${tab}` : ""}#${fieldAnchor(field)}`;
}
