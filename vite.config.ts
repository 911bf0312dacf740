import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, sourcemap: false } : { sourcemap: false },
  resolve: { tsconfigPaths: true },
  ssr: { external: ["better-sqlite3", "sharp"] },
}));
