import fs from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "~/modules/platform/logger.server";
import { redactUrl } from "../../../server/request-guards.mjs";

/** Secrets never reach the logs (issue 23): the portal lead token, import tokens, secret query parameters. */
afterEach(() => {
  vi.restoreAllMocks();
});

describe("URLs as logged", () => {
  it.each([
    ["/api/portais/leads/0123456789abcdef0123456789abcdef", "/api/portais/leads/[redacted]"],
    ["/api/portais/leads/segredo/extra?x=1", "/api/portais/leads/[redacted]/extra?x=1"],
    ["/broker/leads/import/a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4/run", "/broker/leads/import/[redacted]/run"],
    ["/broker/reset-password?token=abc.def", "/broker/reset-password?token=[redacted]"],
    ["/x?a=1&TOKEN=s&apikey=k&senha=p&b=2#h", "/x?a=1&TOKEN=[redacted]&apikey=[redacted]&senha=[redacted]&b=2#h"],
    ["/imoveis?cidade=Santos", "/imoveis?cidade=Santos"],
    ["/broker/leads/import", "/broker/leads/import"],
  ])("%s → %s", (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });

  it("the request log line of server.mjs and every logged url/path field go through it", () => {
    expect(fs.readFileSync("server.mjs", "utf8")).toContain('path: redactUrl(req.originalUrl.split("?")[0])');
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "info";
    try {
      log.warn("portal lead refused", { path: "/api/portais/leads/token-secreto-123", url: "http://localhost/broker/reset-password?token=zzz" });
    } finally {
      process.env.LOG_LEVEL = level;
    }
    const text = lines.join("");
    expect(text).toContain("/api/portais/leads/[redacted]");
    expect(text).not.toContain("token-secreto-123");
    expect(text).not.toContain("zzz");
  });
});
