import { feedEtag, feedState, isNotModified, streamFeed } from "~/modules/feeds/feeds.server";
import { openPreparedFeed, preparedFeedResponse } from "~/modules/feeds/prepared.server";
import { isPortal } from "~/modules/feeds/rules";
import { parseRecordId } from "~/utils/query-schema";
import type { Route } from "./+types/feed";

/**
 * /xml/olx, /xml/chavesnamao, /xml/default (and ?id= for one property):
 * public, pulled by the portals. The validators come from one primary-key
 * read, so a repeated poll is answered 304 without reading any listing; a
 * whole feed prepared for this version (prepared.server.ts) is sent from its
 * file, any other is written live.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const portal = params.portal;
  if (!isPortal(portal)) return notFound("Feed não encontrado.");
  const idParam = new URL(request.url).searchParams.get("id");
  const id = idParam === null ? null : parseRecordId(idParam);
  if (idParam !== null && id === null) return notFound("Imóvel não encontrado.");
  const state = await feedState();
  const etag = feedEtag(portal, id, state);
  const headers = {
    ETag: etag,
    "Last-Modified": state.lastModified.toUTCString(),
    // Portals and proxies may keep it, but must ask again each time (answered 304 while nothing changed).
    "Cache-Control": "public, max-age=0, must-revalidate",
  };
  if (isNotModified(request, etag, state.lastModified)) return new Response(null, { status: 304, headers });
  // a HEAD (some portals check the URL first) gets the headers without the feed being written
  if (request.method === "HEAD") return new Response(null, { headers: { ...headers, "Content-Type": "application/xml; charset=utf-8" } });
  // nosniff is set for every answer by server/request-guards.mjs
  const feedHeaders = { ...headers, "Content-Type": "application/xml; charset=utf-8", Vary: "Accept-Encoding" };
  if (id === null) {
    const prepared = await openPreparedFeed(portal, state);
    if (prepared) return preparedFeedResponse(request, prepared, feedHeaders);
  }
  const body = streamFeed(portal, { id: id ?? undefined, lastModified: state.lastModified });
  return new Response(body, { headers: feedHeaders });
}

function notFound(message: string) {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
