import type { LibraryWatermark } from "~/modules/properties/watermark";
import type { EditorState } from "./state";

/** What the editor routes' loaders give the editor (editor.route.server.ts `loadEditor`), shared with the browser. */
export type EditorView = {
  initial: EditorState;
  revision: string;
  propertyId: number | null;
  slug: string | null;
  watermarks: LibraryWatermark[];
  forcedWatermark: { logoUrl: string; position: string; opacity: number; sizePercent: number } | null;
  success: string[];
  /** The map tiles of the Localização tab's pin (MAP_TILE_URL). */
  mapTiles: { url: string; attribution: string };
};
