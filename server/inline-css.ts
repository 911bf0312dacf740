// The compiled stylesheet as text (Vite's ?inline), for entry.server.tsx.
import css from "~/app.css?inline";

export const INLINE_CSS: string = css;
