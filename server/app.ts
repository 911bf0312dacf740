import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { pageCache } from "./page-cache";

/**
 * The request handler, built into build/server/index.js. server.mjs adds
 * compression, static files, logging and the Origin check in front of it.
 * The CLI (migrate, seed, admin:create, backup) is exported from the same
 * bundle so production images need no TypeScript tooling.
 */
export { bootstrap, shutdown } from "~/modules/platform/bootstrap.server";
export { runCli } from "./cli";

export const app = express();
app.use(pageCache());
app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);
