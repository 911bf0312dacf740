// Express-level guards, in front of the app (server.mjs): which methods the
// site answers, which request bodies it accepts and how big, and the
// headers every answer carries. A request refused here never reaches React
// Router, so a huge or odd body is never buffered.
import { randomBytes } from "node:crypto";

const KB = 1024;
const MB = 1024 * KB;

/** Form posts are small; uploads have their own ceilings (the upload code checks each file too). */
export const BODY_LIMITS = [
  // property editor: up to 20 photos of 15 MB (spec) plus the form
  { test: /^\/(admin\/imoveis|broker\/properties)\//, multipart: 310 * MB },
  // course materials
  { test: /^\/broker\/cursos/, multipart: 55 * MB },
  // CSV imports, profile photos, blog covers, campaign CSVs
  { test: /^\/(broker|admin)\//, multipart: 21 * MB },
];
export const FORM_LIMIT = 256 * KB;
export const JSON_LIMIT = 1 * MB;
/** Machine-to-machine endpoints that take JSON (gateway and portal webhooks). */
export const JSON_PATHS = /^\/(webhooks|api)\//;
/** The portals' lead push: read as JSON whatever type it declares (a lead refused here would be lost once the portal stops retrying). */
export const PORTAL_LEAD_PATH = /^\/api\/portais\/leads\//;

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

function send(res, status, message, headers = {}) {
  res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers }).send(message);
}

export function methodGuard(req, res, next) {
  if (ALLOWED_METHODS.has(req.method)) return next();
  send(res, 405, "Método não permitido.", { Allow: "GET, HEAD, POST" });
}

export function bodyGuard(req, res, next) {
  if (req.method !== "POST") return next();
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  const path = req.path;
  let limit;
  if (type.startsWith("application/x-www-form-urlencoded")) limit = FORM_LIMIT;
  else if (type.startsWith("multipart/form-data")) limit = BODY_LIMITS.find((l) => l.test.test(path))?.multipart ?? FORM_LIMIT;
  else if (type.startsWith("application/json") && JSON_PATHS.test(path)) limit = JSON_LIMIT;
  else if (PORTAL_LEAD_PATH.test(path)) limit = JSON_LIMIT;
  else if (type.startsWith("text/plain") && path.endsWith(".data")) limit = FORM_LIMIT; // React Router's fetcher.submit of plain values
  else return send(res, 415, "Tipo de conteúdo não suportado. Envie o formulário pela página.");
  const length = req.headers["content-length"];
  if (length === undefined) {
    // Browsers always send the length of a form; a streamed body of unknown size is refused before it is read.
    return send(res, 411, "Envio sem tamanho declarado (Content-Length).");
  }
  const n = Number(length);
  if (!Number.isFinite(n) || n < 0) return send(res, 400, "Content-Length inválido.");
  if (n > limit) {
    res.set("Connection", "close");
    return send(res, 413, `Envio grande demais: o limite aqui é de ${limit >= MB ? `${Math.round(limit / MB)} MB` : `${Math.round(limit / KB)} KB`}.`);
  }
  next();
}

/**
 * A successful form POST answers 303 (See Other): the browser then GETs the
 * new page, and a reload does not post again. React Router's redirect() says 302.
 */
export function seeOtherAfterPost(req, res, next) {
  if (req.method === "POST") {
    const writeHead = res.writeHead;
    res.writeHead = function (status, ...rest) {
      if (status === 302) status = 303;
      if (res.statusCode === 302) res.statusCode = 303;
      return writeHead.call(this, status, ...rest);
    };
  }
  next();
}

const PRIVATE_AREAS = /^\/(admin|broker|login|login-emergencia|logout)(\/|\.data|$)/;

/** Headers on every answer (documents, .data, resources); CSP is set by entry.server.tsx with the nonce made here. */
export function securityHeaders({ https }) {
  return (req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "SAMEORIGIN",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
    if (https) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // Signed-in pages and their data are never stored by a browser or a proxy.
    if (PRIVATE_AREAS.test(req.path) || req.path.endsWith(".data")) {
      res.set("Cache-Control", "no-store");
      res.vary("Cookie");
    }
    next();
  };
}

/**
 * TRUST_PROXY → Express's "trust proxy": never "trust everything", which
 * would let any client choose its address with its own X-Forwarded-For.
 * "true" means one proxy in front (nginx, Caddy), a number that many hops,
 * anything else the proxies' addresses.
 */
export function trustProxySetting(value) {
  if (!value || value === "false") return false;
  if (value === "true") return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((v) => v.trim());
}
