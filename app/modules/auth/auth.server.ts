import { redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db } from "~/modules/platform/db.server";
import { dummyPasswordHash, verifyPassword } from "./passwords.server";
import { RATE_LIMIT_MESSAGE, applyLoginDelay, checkLoginAllowed, clientIp, recordLoginFailure, recordLoginSuccess } from "./rate-limit.server";
import { createSession, destroySession, getSessionUser, readSessionId, type SessionUser } from "./session.server";
import { toastHeader } from "./toast.server";
import { LOGIN_MESSAGES, loginSchema } from "./login-schema";

const MSG_FILL_ALL = LOGIN_MESSAGES.fillAll;
const MSG_INVALID_CREDENTIALS = LOGIN_MESSAGES.invalidCredentials;

export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: number = 400,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

type Authenticated = { userId: string };

/**
 * remix-auth keeps no session: the strategy only checks the pair; the
 * session row and cookie are ours (session.server.ts).
 */
const authenticator = new Authenticator<Authenticated>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = loginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
    if (!parsed.success) throw new LoginError(MSG_FILL_ALL);
    const { email, password } = parsed.data;
    const ip = clientIp(request);
    const gate = await checkLoginAllowed(email, ip);
    if (!gate.ok) throw new LoginError(RATE_LIMIT_MESSAGE, 429, gate.retryAfterSeconds);
    await applyLoginDelay(gate.delayMs);
    const user = await db().selectFrom("users").select(["id", "password_hash"]).where("email", "=", email).executeTakeFirst();
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
    if (!user || !ok) {
      await recordLoginFailure(email, ip);
      throw new LoginError(MSG_INVALID_CREDENTIALS, 401);
    }
    await recordLoginSuccess(email, ip);
    return { userId: user.id };
  }),
  "form",
);

/** Checks the posted pair; returns the Set-Cookie of a new session, or throws LoginError. */
/**
 * Checks the form's e-mail and password, refuses roles not allowed here,
 * opens a session. `active` is false for a broker whose account is inactive
 * (the broker area then shows /broker/bloqueado); admins are always active.
 */
export async function login(request: Request, allowedRoles: ("admin" | "broker")[]): Promise<{ userId: string; role: "admin" | "broker"; active: boolean; setCookie: string }> {
  let result: Authenticated;
  try {
    result = await authenticator.authenticate("form", request);
  } catch (error) {
    if (error instanceof LoginError) throw error;
    throw new LoginError("Erro ao fazer login", 500);
  }
  const role = await roleOf(result.userId);
  // A valid broker password is still not an admin login.
  if (!role || !allowedRoles.includes(role)) throw new LoginError(MSG_INVALID_CREDENTIALS, 401);
  const active = role === "admin" || (await isActiveBroker(result.userId));
  // A new session id at every sign-in (no session fixation): the one the browser had is dropped.
  await destroySession(request);
  return { userId: result.userId, role, active, setCookie: await createSession(result.userId) };
}

async function isActiveBroker(userId: string): Promise<boolean> {
  const broker = await db().selectFrom("brokers").select("is_active").where("user_id", "=", userId).executeTakeFirst();
  return broker?.is_active === 1;
}

export async function roleOf(userId: string): Promise<"admin" | "broker" | null> {
  const row = await db().selectFrom("users").select("role").where("id", "=", userId).executeTakeFirst();
  return row?.role ?? null;
}

export async function logout(request: Request): Promise<string> {
  return destroySession(request);
}

function safeRedirectTarget(request: Request): string {
  const url = new URL(request.url);
  return encodeURIComponent(url.pathname + url.search);
}

/** The spec's words when a session ended (03 §8 for the admin area, 02 §6/§8 for the broker area). */
export const SESSION_EXPIRED = { admin: "Sessão expirada. Por favor, faça login novamente.", broker: "Sessão expirada. Faça login novamente." } as const;

type GuardOptions = { touch?: boolean };

/**
 * Sends the person to a login page that brings them back here afterwards;
 * when their browser still holds a session that has ended (expired, idle,
 * signed out elsewhere) the login page says so.
 */
async function signInAgain(request: Request, loginPath: string, message: string): Promise<never> {
  const headers = new Headers();
  if (await readSessionId(request)) headers.append("Set-Cookie", await toastHeader({ type: "error", message }));
  throw redirect(`${loginPath}?redirectTo=${safeRedirectTarget(request)}`, { headers });
}

/** Every /admin loader and action: an admin session, else /login. */
export async function requireAdmin(request: Request, options: GuardOptions = {}): Promise<SessionUser> {
  const user = await getSessionUser(request, options);
  if (!user) return signInAgain(request, "/login", SESSION_EXPIRED.admin);
  if (user.role !== "admin") throw redirect(`/login?redirectTo=${safeRedirectTarget(request)}`);
  return user;
}

/**
 * /admin/crm (spec 03 §6): administrators, and active brokers — those granted
 * CRM admin manage the list there, any other broker may only remove
 * themselves. Anyone else goes to /login (an inactive broker to
 * /broker/bloqueado).
 */
export async function requireAdminOrBroker(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) return signInAgain(request, "/login", SESSION_EXPIRED.admin);
  if (user.role !== "admin" && !user.broker) throw redirect(`/login?redirectTo=${safeRedirectTarget(request)}`);
  if (user.role === "broker" && !user.broker?.isActive) throw redirect("/broker/bloqueado");
  return user;
}

/** Every /broker loader and action: a broker (active) or an admin, else /broker/login. */
export async function requireBrokerArea(request: Request, options: GuardOptions = {}): Promise<SessionUser> {
  const user = await getSessionUser(request, options);
  if (!user) return signInAgain(request, "/broker/login", SESSION_EXPIRED.broker);
  if (user.role === "admin") return user;
  if (!user.broker) throw redirect("/broker/login");
  if (!user.broker.isActive) throw redirect("/broker/bloqueado");
  return user;
}

export async function optionalUser(request: Request): Promise<SessionUser | null> {
  return getSessionUser(request);
}

/**
 * Only same-origin paths may be redirect targets (no open redirect). The
 * target is normalised with the URL parser as a browser would (which drops
 * tabs and newlines, reads "\\" as "/" and resolves dot segments), and the
 * result must still be a path of this origin; control characters and
 * protocol-relative forms are refused outright.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof target !== "string" || target.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex
  if (decoded.startsWith("//") || /^\/[\\\u0000-\u001f]/.test(decoded)) return fallback;
  const base = "http://same.invalid";
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  // What is returned must itself be a same-origin path: "/..//evil.test"
  // normalises to "//evil.test", which a browser reads as another host.
  const normalised = url.pathname + url.search + url.hash;
  if (!normalised.startsWith("/") || normalised.startsWith("//") || new URL(normalised, base).origin !== base) return fallback;
  return normalised;
}
