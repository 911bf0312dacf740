import { redirect } from "react-router";
import { signedCookie } from "~/modules/platform/cookies.server";
import { toastSchema, type Toast } from "./toast";

/** Flash messages (toasts): a signed cookie that lives one redirect, validated when read. */
const flash = signedCookie("__flash", 60);

export async function toastHeader(toast: Toast): Promise<string> {
  return flash().serialize(toastSchema.parse(toast));
}

/** The pending toast (null when absent or malformed) and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const raw: unknown = await flash().parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined || raw === "") return { toast: null, clear: null };
  const parsed = toastSchema.safeParse(raw);
  // A cookie that does not parse is cleared too, so it does not linger.
  return { toast: parsed.success ? parsed.data : null, clear: await flash().serialize("", { maxAge: 0 }) };
}

export async function redirectWithToast(url: string, toast: Toast, init: { headers?: HeadersInit; status?: 302 | 303 } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { status: init.status ?? 302, headers });
}
