import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// No timing warnings from the bundler: on a busy two-core machine every build would list
// React Router's own transforms as slow, which nobody here can act on.
const checks = { bundlerTimings: false };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  // cssMinify: the stylesheet is inlined from the server bundle (components/inline-css.tsx), so minify it there too.
  // `rollupOptions`, not `rolldownOptions`: React Router 7 reads the server entry from that name.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts", checks }, sourcemap: false, cssMinify: true } : { rollupOptions: { checks }, sourcemap: false },
  resolve: { tsconfigPaths: true },
  // No .env files: the server reads the process environment only (README, Configuration);
  // without this React Router's dev server would load ./.env into process.env.
  envDir: false,
  ssr: { external: ["better-sqlite3", "sharp"] },
}));
