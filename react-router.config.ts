import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several builds live side by side (parallel test runs); the default is ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every v8 flag is set, so the build names no pending change. Kept off, on purpose:
  // v8_middleware (no middleware here), v8_viteEnvironmentApi (the server build's own
  // entry, ./server/app.ts in vite.config.ts, is not read on that path) and
  // v8_passThroughRequests (loaders read request.url and expect it without `.data`).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
