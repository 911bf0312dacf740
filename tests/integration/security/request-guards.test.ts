import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { loader as rootLoader } from "~/root";
import { isCacheable } from "../../../server/page-cache";
import { BACKOFFICE_FORM_LIMIT, FORM_LIMIT, MULTIPART_ROUTES, REFUSAL_MESSAGES, REFUSED_POST_HEADER, bodyGuard, judgeBody } from "../../../server/request-guards.mjs";
import { routeArgs } from "../../helpers/requests";
import { unwrap } from "../../helpers/responses";

/**
 * The server's body guard (issue 23): content types no route reads, bad
 * multipart boundaries and oversized bodies get a 4xx before the app reads
 * anything; a browser's refused form post gets the app's own page with the
 * pt-BR message (never a bare 413); multipart only where files are uploaded.
 */
const KB = 1024;
const MB = 1024 * KB;
const judge = (path: string, type: string | null, length: number | null = 10) =>
  judgeBody({ method: "POST", path, headers: { ...(type ? { "content-type": type } : {}), ...(length !== null ? { "content-length": String(length) } : {}) } });

describe("judgeBody", () => {
  it("refuses content types no route reads, with pt-BR messages", () => {
    for (const path of ["/login", "/broker/forgot-password", "/contato", "/broker/crm.data", "/admin/webhook.data", "/broker/lead/1.data"]) {
      expect(judge(path, "text/plain;charset=UTF-8"), path).toEqual({ status: 415, message: REFUSAL_MESSAGES.type });
      expect(judge(path, "application/json"), path).toEqual({ status: 415, message: REFUSAL_MESSAGES.type });
      expect(judge(path, null), path).toEqual({ status: 415, message: REFUSAL_MESSAGES.type });
      // multipart is for uploads only: a bad boundary on /login never reaches a parser
      expect(judge(path, "multipart/form-data; boundary=x"), path).toEqual({ status: 415, message: REFUSAL_MESSAGES.type });
    }
    expect(judge("/api/portais/leads/abc", "application/json")).toBeNull();
    expect(judge("/webhooks/whatsapp/x", "application/json")).toBeNull();
  });

  it("upload routes take multipart with a valid boundary only", () => {
    const ok = "multipart/form-data; boundary=----WebKitFormBoundaryA1b2C3d4";
    for (const path of ["/broker/cursos", "/broker/cursos.data", "/broker/settings", "/admin/imoveis/novo", "/admin/imoveis/12/editar.data", "/broker/properties/novo", "/admin/blog/3/editar", "/broker/leads/import", "/broker/whatsapp/sender", "/admin/corretores/novo", "/admin/corretores/3f2a/editar.data"]) {
      expect(judge(path, ok), path).toBeNull();
      expect(judge(path, 'multipart/form-data; boundary="quoted boundary"'), path).toBeNull();
      for (const bad of ["multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=" + "x".repeat(71), "multipart/form-data; boundary=a\"b", 'multipart/form-data; boundary="ends in space "']) {
        expect(judge(path, bad), `${path} ${bad}`).toEqual({ status: 400, message: REFUSAL_MESSAGES.boundary });
      }
    }
    expect(judge("/broker/cursos/extra", ok)?.status).toBe(415);
    expect(judge("/admin/imoveis/abc/editar", ok)?.status).toBe(415);
  });

  it("limits: small public forms, larger back-office forms, each upload route its own ceiling; no or bad length refused", () => {
    const form = "application/x-www-form-urlencoded";
    expect(judge("/contato", form, FORM_LIMIT)).toBeNull();
    expect(judge("/contato", form, FORM_LIMIT + 1)).toMatchObject({ status: 413, message: REFUSAL_MESSAGES.tooLarge(FORM_LIMIT) });
    expect(REFUSAL_MESSAGES.tooLarge(FORM_LIMIT)).toMatch(/^Envio grande demais: o limite aqui é de 256 KB\./);
    // a 2 MB note reaches the route (which answers beside the field); past 4 MB the guard answers
    expect(judge("/broker/lead/1", form, 2 * MB)).toBeNull();
    expect(judge("/broker/lead/1", form, BACKOFFICE_FORM_LIMIT + 1)?.status).toBe(413);
    // a 9 MB profile photo reaches the route (which answers beside the photo field)
    expect(judge("/broker/settings", "multipart/form-data; boundary=abc", 9 * MB)).toBeNull();
    expect(judge("/broker/settings", "multipart/form-data; boundary=abc", 17 * MB)?.status).toBe(413);
    expect(judge("/contato", form, null)).toEqual({ status: 411, message: REFUSAL_MESSAGES.length });
    expect(judge("/contato", form, -1)?.status).toBe(400);
    expect(judgeBody({ method: "POST", path: "/contato", headers: { "content-type": form, "content-length": "1e3" } })?.status).toBe(400);
    expect(judgeBody({ method: "GET", path: "/contato", headers: {} })).toBeNull();
  });

  it("every route that reads uploads is in MULTIPART_ROUTES, and every entry names such a route", () => {
    type Entry = { file: string; path?: string; children?: Entry[] };
    const flat: { file: string; pattern: string }[] = [];
    const walk = (entries: Entry[], prefix: string) => {
      for (const e of entries) {
        const here = e.path ? `${prefix}/${e.path}` : prefix;
        flat.push({ file: e.file, pattern: here || "/" });
        if (e.children) walk(e.children, here);
      }
    };
    walk(routes as Entry[], "");
    // a route reads uploads when its module calls the upload reader, or is the property editor or /anuncie (whose actions do)
    const readsUploads = (file: string) => /readMultipartToDisk|readFormWithFiles|parseMultipartWithPhotos|(admin|broker)EditorAction as action|offerFormAction\(/.test(fs.readFileSync(path.resolve("app", file), "utf8"));
    const sample = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, "12");
    const uploadRoutes = flat.filter((r) => readsUploads(r.file));
    expect(uploadRoutes.length).toBeGreaterThanOrEqual(8);
    for (const r of uploadRoutes) {
      for (const url of [sample(r.pattern), `${sample(r.pattern)}.data`]) expect(judge(url, "multipart/form-data; boundary=abc"), `${r.file} ${url}`).toBeNull();
    }
    for (const entry of MULTIPART_ROUTES) expect(uploadRoutes.some((r) => entry.test.test(sample(r.pattern))), String(entry.test)).toBe(true);
    // no form outside those routes posts multipart (JavaScript fetches send urlencoded too)
    const offenders: string[] = [];
    const scan = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) scan(p);
        else if (/\.tsx?$/.test(e.name) && /fetch\([^)]*body:\s*new FormData/.test(fs.readFileSync(p, "utf8"))) offenders.push(p);
      }
    };
    scan(path.resolve("app"));
    expect(offenders).toEqual([]);
  });
});

describe("bodyGuard in front of the app", () => {
  let server: http.Server;
  let base = "";
  const seen: { method: string; refused: string | null; bodyBytes: number }[] = [];
  beforeAll(async () => {
    const app = express();
    app.use(bodyGuard);
    app.use((req, res) => {
      let bytes = 0;
      req.on("data", (c: Buffer) => (bytes += c.length));
      const done = () => {
        seen.push({ method: req.method, refused: (req.headers[REFUSED_POST_HEADER] as string) ?? null, bodyBytes: bytes });
        res.status(200).type("text/html").send("<p>página</p>");
      };
      if (req.method === "POST") req.on("end", done);
      else done();
    });
    server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("a browser's refused form post becomes a GET of the same page carrying the refusal; the body is drained, never parsed", async () => {
    seen.length = 0;
    const res = await fetch(`${base}/contato`, { method: "POST", headers: { Accept: "text/html,application/xhtml+xml", "Content-Type": "application/x-www-form-urlencoded" }, body: `message=${"x".repeat(300 * KB)}` });
    expect(res.status).toBe(200); // the test app's page; the real root loader sets the status (below)
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe("GET");
    expect(seen[0].bodyBytes).toBe(0);
    const [status, message] = [seen[0].refused!.split(" ")[0], decodeURIComponent(seen[0].refused!.split(" ").slice(1).join(" "))];
    expect(status).toBe("413");
    expect(message).toBe(REFUSAL_MESSAGES.tooLarge(FORM_LIMIT));
    // the connection is still usable: the browser could read the page
    expect((await fetch(`${base}/contato`)).status).toBe(200);
  });

  it("anything else (fetch, .data, scripts) gets the status with the pt-BR text", async () => {
    const res = await fetch(`${base}/broker/crm.data`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "intent=move" });
    expect(res.status).toBe(415);
    expect(await res.text()).toBe(REFUSAL_MESSAGES.type);
    const multipart = await fetch(`${base}/login`, { method: "POST", headers: { Accept: "*/*", "Content-Type": "multipart/form-data; boundary=x" }, body: "--x--" });
    expect(multipart.status).toBe(415);
  });

  it("a refusal header sent by the client is dropped", async () => {
    seen.length = 0;
    await fetch(`${base}/contato`, { headers: { [REFUSED_POST_HEADER]: "413 falso" } });
    expect(seen[0].refused).toBeNull();
  });
});

describe("the app shows the refusal on its own page", () => {
  it("the root loader answers the refusal's status with its message as the page's alert", async () => {
    const request = new Request("http://localhost/contato", { headers: { [REFUSED_POST_HEADER]: `413 ${encodeURIComponent(REFUSAL_MESSAGES.tooLarge(FORM_LIMIT))}` } });
    const r = await unwrap(() => rootLoader(routeArgs(request)));
    expect(r.status).toBe(413);
    expect(r.data).toMatchObject({ toast: { type: "error", title: "Envio recusado", message: REFUSAL_MESSAGES.tooLarge(FORM_LIMIT) } });
    const plain = await unwrap(() => rootLoader(routeArgs(new Request("http://localhost/contato"))));
    expect(plain.status).toBe(200);
    expect(plain.data).toMatchObject({ toast: null });
  });

  it("a refused post shown as a page is never served from or kept in the page cache", () => {
    expect(isCacheable({ method: "GET", path: "/contato", headers: {} } as never)).toBe(true);
    expect(isCacheable({ method: "GET", path: "/contato", headers: { [REFUSED_POST_HEADER]: "413 x" } } as never)).toBe(false);
  });
});
