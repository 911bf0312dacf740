// Production and development server: `node server.mjs` (built app) or
// `node server.mjs --dev` (Vite middleware, hot reload).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { bodyGuard, methodGuard, redactUrl, securityHeaders, seeOtherAfterPost, trustProxySetting } from "./server/request-guards.mjs";

const DEV = process.argv.includes("--dev");
if (!process.env.NODE_ENV) process.env.NODE_ENV = DEV ? "development" : "production";
// `npm start` and `npm run dev` ask for the demo data (portable across shells); an explicit SEED_DEMO wins.
if (process.argv.includes("--seed-demo") && !process.env.SEED_DEMO) process.env.SEED_DEMO = "true";

/**
 * A bad environment variable (ConfigError) or any other start-up failure:
 * one clear message on stderr, exit code 1, no stack trace for config errors.
 */
function failStart(error) {
  const isConfig = error instanceof Error && error.name === "ConfigError";
  console.error(isConfig || !(error instanceof Error) ? String(error instanceof Error ? error.message : error) : (error.stack ?? error.message));
  process.exit(1);
}

const server = express();
server.disable("x-powered-by");
server.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));

server.use(methodGuard);
server.use(securityHeaders({ https: (process.env.PUBLIC_URL ?? "").startsWith("https://") }));

// One structured log line per request (secrets in the path redacted: request-guards.mjs redactUrl).
server.use((req, res, next) => {
  const start = process.hrtime.bigint();
  res.on("finish", () => {
    if (["warn", "error", "silent"].includes(process.env.LOG_LEVEL ?? "")) return;
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    process.stdout.write(
      JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "request", method: req.method, path: redactUrl(req.originalUrl.split("?")[0]), status: res.statusCode, ms: Math.round(ms * 10) / 10 }) + "\n",
    );
  });
  next();
});

// The client address comes from the socket (or the proxy when TRUST_PROXY=true), never from the client's own header.
server.use((req, _res, next) => {
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
});

// CSRF: the session cookie is SameSite=Lax, and every state-changing request must come from this site.
server.use((req, res, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  const origin = req.headers.origin;
  const fetchSite = req.headers["sec-fetch-site"];
  let allowed = fetchSite !== "cross-site";
  if (origin && origin !== "null") {
    try {
      const host = new URL(origin).host;
      const publicHost = process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).host : null;
      allowed = allowed && (host === req.headers.host || host === publicHost);
    } catch {
      allowed = false;
    }
  } else if (origin === "null") {
    allowed = false;
  }
  if (!allowed) {
    res.status(403).type("text/plain; charset=utf-8").send("Origem não permitida.");
    return;
  }
  next();
});

server.use(bodyGuard);
server.use(seeOtherAfterPost);
server.use(compression());

let port;
if (DEV) {
  // React Router 7's internal Vite servers warn about their own `envFile: false` (scripts/react-router.mjs says why): drop that one line.
  const { isUpstreamNoise } = await import("./scripts/react-router.mjs");
  const warn = console.warn.bind(console);
  console.warn = (...args) => (args.length === 1 && isUpstreamNoise(args[0]) ? undefined : warn(...args));
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  try {
    const first = await viteDevServer.ssrLoadModule("./server/app.ts");
    ({ port } = await first.bootstrap());
  } catch (error) {
    await viteDevServer.close();
    failStart(error);
  }
  server.use(async (req, res, next) => {
    try {
      const source = await viteDevServer.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const entry = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(entry)) failStart(`No build found at ${entry}: run \`npm run build\` first (or \`npm start\`, which builds).`);
  const build = await import(pathToFileURL(entry).href);
  try {
    ({ port } = await build.bootstrap());
  } catch (error) {
    failStart(error);
  }
  server.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  server.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  server.use(build.app);
  const stop = async () => {
    listener.close();
    await build.shutdown();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

const listener = server.listen(port, () => {
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: `listening on http://localhost:${port}` }) + "\n");
});
listener.on("error", (error) => {
  if (error && error.code === "EADDRINUSE") failStart(`Port ${port} is already in use: stop the other server or set PORT to a free port.`);
  if (error && error.code === "EACCES") failStart(`Port ${port} needs more privileges: use a port above 1024 (PORT).`);
  failStart(error);
});
