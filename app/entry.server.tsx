import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { NonceContext } from "~/components/layout/nonce";
import { InlineCssContext } from "~/components/layout/inline-css";
import { INLINE_CSS } from "../server/inline-css";
import { tileOrigin } from "~/modules/catalogue/map-area";
import { config } from "~/modules/platform/config.server";

/**
 * React Router's default Node entry, plus the inlined stylesheet (see
 * components/inline-css.tsx) and the Content-Security-Policy with this response's nonce.
 */
export const streamTimeout = 5_000;

/**
 * Scripts only from this site or carrying this response's nonce; the map embed of /contato is the one frame.
 * Images from any https: address, plus the configured map tiles' origin (MAP_TILE_URL; a local http fake in tests).
 */
export function contentSecurityPolicy(nonce: string, mapTiles: string | null = tileOrigin(config().MAP_TILE_URL)): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${mapTiles && !mapTiles.startsWith("https:") ? ` ${mapTiles}` : ""}`,
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.openstreetmap.org",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext?: AppLoadContext) {
  const nonce = loadContext?.cspNonce ?? "";
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineCssContext.Provider value={INLINE_CSS}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssContext.Provider>
      </NonceContext.Provider>,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // nosniff, Referrer-Policy, X-Frame-Options and HSTS are set for every answer by server/request-guards.mjs
          if (nonce) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
