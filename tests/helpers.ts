import { createBroker, createAdmin } from "~/modules/auth/users.server";
import { createSession } from "~/modules/auth/session.server";

/** Factories and request helpers for integration tests (real database). */
let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@teste.com.br`;
}

export async function makeAdmin(password = "senha-admin-123") {
  const email = uniqueEmail("admin");
  const id = await createAdmin({ email, password });
  return { id, email, password };
}

export async function makeBroker(options: { password?: string; isActive?: boolean; name?: string; customUrlPath?: string } = {}) {
  const email = uniqueEmail("corretor");
  const password = options.password ?? "senha-corretor";
  const ids = await createBroker({ name: options.name ?? "Corretor Teste", email, password, phone: "(11) 91234-5678", isActive: options.isActive, customUrlPath: options.customUrlPath });
  return { ...ids, email, password };
}

/** A cookie header for a signed-in user. */
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

/** Runs a loader/action and returns the thrown or returned Response/data uniformly. */
export async function run<T>(fn: () => Promise<T>): Promise<{ response?: Response; value?: T; thrown?: unknown }> {
  try {
    const value = await fn();
    if (value instanceof Response) return { response: value };
    return { value };
  } catch (error) {
    if (error instanceof Response) return { response: error };
    return { thrown: error };
  }
}

/** Loader/action arguments for calling a route module directly in a test. */
export function routeArgs(request: Request, params: Record<string, string> = {}): any {
  return { request, params, context: {} };
}
