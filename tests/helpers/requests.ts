import type { AppLoadContext } from "react-router";
import { createSession } from "~/modules/auth/session.server";

/** Requests and route arguments for calling a route module directly in a test. */

/** A cookie header for a signed-in user (a real session row). */
export async function sessionCookie(userId: string): Promise<string> {
  const setCookie = await createSession(userId);
  return setCookie.split(";")[0];
}

export function formRequest(url: string, fields: Record<string, string>, init: { cookie?: string; ip?: string } = {}): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", "x-client-ip": init.ip ?? "127.0.0.1" });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`http://localhost${url}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

export function getRequest(url: string, init: { cookie?: string } = {}): Request {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`http://localhost${url}`, { headers });
}

/** What React Router passes a loader/action; `params` typed as the route declares them. */
export type RouteArgs<P extends Record<string, string | undefined>> = {
  request: Request;
  url: URL;
  pattern: string;
  params: P;
  context: AppLoadContext;
};

/** Loader/action arguments for calling a route module directly in a test. */
export function routeArgs<P extends Record<string, string | undefined> = Record<string, never>>(request: Request, params?: P): RouteArgs<P> {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: params ?? ({} as P), context: {} };
}
