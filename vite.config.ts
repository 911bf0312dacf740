import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  // cssMinify: the stylesheet is inlined from the server bundle (components/inline-css.tsx), so minify it there too.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, sourcemap: false, cssMinify: true } : { sourcemap: false },
  resolve: { tsconfigPaths: true },
  ssr: { external: ["better-sqlite3", "sharp"] },
}));
