import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce?: string;
  }
}
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { pageCache } from "./page-cache";
import { referralSetCookie } from "~/modules/leads/referral-visit.server";

/**
 * The request handler, built into build/server/index.js. server.mjs adds
 * compression, static files, logging and the Origin check in front of it.
 * The CLI (migrate, seed, admin:create, backup) is exported from the same
 * bundle so production images need no TypeScript tooling.
 */
export { bootstrap, shutdown } from "~/modules/platform/bootstrap.server";
export { runCli } from "./cli";

export const app = express();
app.disable("x-powered-by");
// A ?ref= is kept for the visit (modules/leads/referral-visit.server.ts); a response that sets it is never cached.
app.use((req, res, next) => {
  if (req.method === "GET") {
    const cookie = referralSetCookie(req.originalUrl, req.headers.cookie, (process.env.PUBLIC_URL ?? "").startsWith("https://"));
    if (cookie) res.append("Set-Cookie", cookie);
  }
  next();
});
app.use(pageCache());
app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    // the CSP nonce made per request by server/request-guards.mjs (empty under tests and the dev server's first request)
    getLoadContext: (_req, res) => ({ cspNonce: typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "" }),
  }),
);
