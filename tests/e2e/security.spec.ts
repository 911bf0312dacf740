import http from "node:http";
import { expect, test } from "./fixtures";

/**
 * Probes of the running server (no browser needed, so only in the `js`
 * project): methods, content types, body limits, 303 after a form post,
 * security headers and CSP, private pages never cached, no X-Powered-By.
 */
test.describe("server guards", () => {
  test("odd methods get 405, never 500", async ({ request }) => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH"]) {
      const res = await request.fetch("/contato", { method, failOnStatusCode: false });
      expect(res.status(), method).toBe(405);
      expect(res.headers()["allow"]).toContain("POST");
    }
  });

  test("bodies that are not forms get 415; a missing length 411; never 500", async ({ request, baseURL }) => {
    for (const path of ["/logout", "/contato", "/imovel/1"]) {
      const json = await request.post(path, { data: { a: 1 }, headers: { Origin: baseURL! }, failOnStatusCode: false });
      expect(json.status(), `${path} json`).toBe(415);
      const text = await request.post(path, { data: "a=1", headers: { "Content-Type": "text/plain", Origin: baseURL! }, failOnStatusCode: false });
      expect(text.status(), `${path} text`).toBe(415);
      const none = await request.fetch(path, { method: "POST", headers: { Origin: baseURL! }, failOnStatusCode: false });
      expect(none.status(), `${path} empty`).toBe(415);
      expect(await none.text()).toContain("Tipo de conteúdo não suportado");
    }
  });

  test("a huge public form post is refused with 413 before it is read", async ({ baseURL }) => {
    // Only the headers are sent, declaring 50 MB: a server that waited for the body would never answer.
    const url = new URL("/imovel/1", baseURL);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { hostname: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL!, "Content-Length": String(50 * 1024 * 1024) } },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.setTimeout(20_000, () => req.destroy(new Error("no answer within 20 s: the server waited for the body")));
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("Envio grande demais");
    const health = await fetch(`${baseURL}/healthz`);
    expect(health.status).toBe(200);
  });

  test("a real 300 KB form post gets 413 with a pt-BR message", async ({ request, baseURL }) => {
    const res = await request.post("/contato", { form: { name: "x".repeat(300 * 1024) }, headers: { Origin: baseURL! }, failOnStatusCode: false });
    expect(res.status()).toBe(413);
    expect(await res.text()).toMatch(/Envio grande demais: o limite aqui é de 256 KB/);
  });

  test("pages carry a nonce-based CSP and security headers; no X-Powered-By", async ({ request }) => {
    const res = await request.get("/");
    const h = res.headers();
    expect(h["x-powered-by"]).toBeUndefined();
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const csp = h["content-security-policy"];
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await res.text();
    // every script (the public pages' one module script, or React Router's inline ones elsewhere) carries this response's nonce
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]).filter((a) => !a.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    // the second visit is served by the page cache, with a fresh nonce in the header and the HTML alike
    const again = await request.get("/");
    const nonce2 = again.headers()["content-security-policy"].match(/'nonce-([^']+)'/)?.[1];
    expect(nonce2).toBeTruthy();
    expect(nonce2).not.toBe(nonce);
    const html2 = await again.text();
    expect(html2).toContain(`nonce="${nonce2}"`);
    expect(html2).not.toContain(nonce!);
  });

  test("signed-in pages and their .data are never cached; .data gets the same security headers", async ({ page, login }) => {
    await login({ role: "admin" });
    const doc = await page.request.get("/admin");
    expect(doc.headers()["cache-control"]).toBe("no-store");
    const dataRes = await page.request.get("/admin.data");
    expect(dataRes.headers()["cache-control"]).toBe("no-store");
    expect(dataRes.headers()["x-content-type-options"]).toBe("nosniff");
    expect(dataRes.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  });

  test("a successful form post answers 303", async ({ request, baseURL }) => {
    const res = await request.post("/logout", { form: { redirectTo: "/" }, headers: { Origin: baseURL! }, maxRedirects: 0, failOnStatusCode: false });
    expect(res.status()).toBe(303);
  });

  test("an open-redirect attempt through redirectTo lands on our own page", async ({ request, baseURL }) => {
    const res = await request.post("/logout", { form: { redirectTo: "/\t/evil.test" }, headers: { Origin: baseURL! }, maxRedirects: 0, failOnStatusCode: false });
    const location = res.headers()["location"] ?? "";
    expect(location.startsWith("/") && !location.startsWith("//")).toBe(true);
    expect(location).not.toContain("evil");
  });
});
