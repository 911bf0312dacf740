// Express-level guards, in front of the app (server.mjs): which methods the
// site answers, which request bodies it accepts and how big, and the
// headers every answer carries. A request refused here never reaches React
// Router, so a huge or odd body is never buffered.
import { randomBytes } from "node:crypto";

const KB = 1024;
const MB = 1024 * KB;

/**
 * Multipart bodies are for file uploads only: these routes (and their
 * `.data` twins, JavaScript on) take them, each up to its ceiling; the
 * route's own reader (app/modules/files/multipart.server.ts) streams the
 * files to disk within tighter per-file limits and answers beside the
 * field. Every other route refuses multipart here, before it is read.
 * tests/integration/security/request-guards.test.ts checks that every route
 * with a file input is listed.
 */
export const MULTIPART_ROUTES = [
  // property editor: up to 20 photos of 15 MB (spec) plus the form
  { test: /^\/(admin\/imoveis|broker\/properties)\/(novo|\d{1,12}\/editar)(\.data)?$/, limit: 310 * MB },
  // course materials (50 MB each)
  { test: /^\/broker\/cursos(\.data)?$/, limit: 60 * MB },
  // profile photo (8 MB; settings and the admin's broker editor), blog cover (5 MB), lead CSV import (10 MB), campaign CSV (512 KB)
  { test: /^\/broker\/settings(\.data)?$/, limit: 16 * MB },
  { test: /^\/admin\/corretores\/(novo|[0-9a-z-]{1,64}\/editar)(\.data)?$/, limit: 16 * MB },
  { test: /^\/admin\/blog\/(novo|\d{1,12}\/editar)(\.data)?$/, limit: 12 * MB },
  { test: /^\/broker\/leads\/import(\.data)?$/, limit: 16 * MB },
  { test: /^\/broker\/whatsapp\/sender(\.data)?$/, limit: 2 * MB },
  // 'Anuncie seu imóvel': up to 6 photos of 10 MB plus the form (offers/owner-offer.ts OFFER_PHOTO_LIMITS)
  { test: /^\/anuncie(\.data)?$/, limit: 62 * MB },
];
/** Public forms (lead form, contact, sign-in) are small. */
export const FORM_LIMIT = 256 * KB;
/** Back-office forms carry long texts (descriptions, notes, e-mails, articles): large enough that the route answers beside the field. */
export const BACKOFFICE_FORM_LIMIT = 4 * MB;
const BACKOFFICE = /^\/(admin|broker|integracao-xml)(\/|\.data|$)/;
export const JSON_LIMIT = 1 * MB;
/** Machine-to-machine endpoints that take JSON (gateway and portal webhooks). */
export const JSON_PATHS = /^\/(webhooks|api)\//;
/** The portals' lead push: read as JSON whatever type it declares (a lead refused here would be lost once the portal stops retrying). */
export const PORTAL_LEAD_PATH = /^\/api\/portais\/leads\//;
/** A refused browser post is drained up to this much (so the browser can read the page); past it the connection is closed. */
const DRAIN_LIMIT = 64 * MB;

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

function send(res, status, message, headers = {}) {
  res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers }).send(message);
}

export function methodGuard(req, res, next) {
  if (ALLOWED_METHODS.has(req.method)) return next();
  send(res, 405, "Método não permitido.", { Allow: "GET, HEAD, POST" });
}

/** The header that carries a refusal to the app (root.tsx shows it on the page); never taken from the client. */
export const REFUSED_POST_HEADER = "x-refused-post";

function size(limit) {
  return limit >= MB ? `${Math.round(limit / MB)} MB` : `${Math.round(limit / KB)} KB`;
}

export const REFUSAL_MESSAGES = {
  type: "Tipo de conteúdo não suportado. Envie o formulário pela página.",
  boundary: "Envio inválido: o formulário não pôde ser lido. Envie de novo pela página.",
  length: "Envio sem tamanho declarado (Content-Length).",
  badLength: "Content-Length inválido.",
  tooLarge: (limit) => `Envio grande demais: o limite aqui é de ${size(limit)}. Nada foi salvo: reduza o texto ou o arquivo e tente de novo.`,
};

/** RFC 2046: 1–70 characters of bchars, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

function boundaryOf(contentType) {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? "") : null;
}

/**
 * Whether a POST's body may reach the app, judged on its headers only
 * (nothing is read): null when it may, else the 4xx status and pt-BR
 * message. Content types no route accepts (text/plain, JSON outside the
 * machine endpoints, multipart outside the upload routes) and bad
 * boundaries are refused here, so no route ever fails reading them.
 */
export function judgeBody({ method, path, headers }) {
  if (method !== "POST") return null;
  const type = String(headers["content-type"] ?? "").toLowerCase();
  let limit;
  if (type.startsWith("application/x-www-form-urlencoded")) limit = BACKOFFICE.test(path) ? BACKOFFICE_FORM_LIMIT : FORM_LIMIT;
  else if (type.startsWith("multipart/form-data")) {
    limit = MULTIPART_ROUTES.find((r) => r.test.test(path))?.limit;
    if (limit === undefined) return { status: 415, message: REFUSAL_MESSAGES.type };
    const boundary = boundaryOf(String(headers["content-type"]));
    if (boundary === null || !BOUNDARY.test(boundary)) return { status: 400, message: REFUSAL_MESSAGES.boundary };
  } else if (type.startsWith("application/json") && JSON_PATHS.test(path)) limit = JSON_LIMIT;
  else if (PORTAL_LEAD_PATH.test(path)) limit = JSON_LIMIT;
  else return { status: 415, message: REFUSAL_MESSAGES.type };
  const length = headers["content-length"];
  // Browsers always send the length of a form; a streamed body of unknown size is refused before it is read.
  if (length === undefined) return { status: 411, message: REFUSAL_MESSAGES.length };
  const n = Number(length);
  if (!/^\d+$/.test(String(length)) || !Number.isFinite(n)) return { status: 400, message: REFUSAL_MESSAGES.badLength };
  if (n > limit) return { status: 413, message: REFUSAL_MESSAGES.tooLarge(limit), limit };
  return null;
}

function wantsPage(req) {
  return !req.path.endsWith(".data") && String(req.headers.accept ?? "").includes("text/html");
}

/**
 * Applies judgeBody. A browser's form post (Accept: text/html) that is
 * refused gets the app's own page: the request goes on as a GET of the same
 * address, and root.tsx shows the message with the refusal's status; its
 * body is drained, never parsed. Anything else (fetches, `.data`, scripts)
 * gets the status with the message as text. Either way: one log line (the
 * request's), no stack trace.
 */
export function bodyGuard(req, res, next) {
  delete req.headers[REFUSED_POST_HEADER];
  const refusal = judgeBody({ method: req.method, path: req.path, headers: req.headers });
  if (!refusal) return next();
  const declared = Number(req.headers["content-length"]);
  if (!wantsPage(req)) {
    if (refusal.status === 413) res.set("Connection", "close");
    return send(res, refusal.status, refusal.message);
  }
  if (Number.isFinite(declared) && declared > DRAIN_LIMIT) res.set("Connection", "close");
  else req.resume(); // read and dropped, so the browser finishes sending and reads the page
  req.method = "GET";
  for (const name of ["content-type", "content-length", "transfer-encoding"]) delete req.headers[name];
  req.headers[REFUSED_POST_HEADER] = `${refusal.status} ${encodeURIComponent(refusal.message)}`;
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

const PRIVATE_AREAS = /^\/(admin|broker|login|login-emergencia|logout|arquivos)(\/|\.data|$)/;

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

/**
 * URLs as they may be logged: secrets in a path (the portal lead endpoint's
 * token, a CSV import's token) and the values of secret-bearing query
 * parameters (a reset link's token…) become "[redacted]".
 */
const SECRET_PATH_PARTS = [/^(\/api\/portais\/leads\/)[^/?#]+/, /^(\/broker\/leads\/import\/)[^/?#]+/];
const SECRET_PARAMS = /^(token|key|apikey|api_key|secret|password|senha|code|signature|sig|access_token)$/i;

export function redactUrl(url) {
  const text = String(url ?? "");
  const cut = text.search(/[?#]/);
  let path = cut === -1 ? text : text.slice(0, cut);
  const rest = cut === -1 ? "" : text.slice(cut);
  for (const re of SECRET_PATH_PARTS) path = path.replace(re, "$1[redacted]");
  if (!rest.startsWith("?")) return path + rest;
  const [query, hash = ""] = rest.slice(1).split("#");
  const params = query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq !== -1 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${path}?${params}${hash ? `#${hash}` : ""}`;
}
