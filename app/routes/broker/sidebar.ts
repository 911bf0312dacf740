import { createCookie, redirect } from "react-router";
import { requireBrokerArea, safeRedirect } from "~/modules/auth/auth.server";
import type { Route } from "./+types/sidebar";
import { parseSubmission } from "~/modules/platform/forms.server";
import { sidebarSchema } from "~/modules/auth/session-forms";

/** The sidebar's collapsed state lives in a cookie so the server renders it right. */
// Secure under https (PUBLIC_URL), like the session cookie.
export const sidebarCookie = createCookie("sidebar", { path: "/broker", sameSite: "lax", httpOnly: true, secure: (process.env.PUBLIC_URL ?? "").startsWith("https://"), maxAge: 60 * 60 * 24 * 365 });

export async function readSidebarCollapsed(request: Request): Promise<boolean> {
  return (await sidebarCookie.parse(request.headers.get("Cookie"))) === "collapsed";
}

export async function loader() {
  return redirect("/broker/dashboard");
}

export async function action({ request }: Route.ActionArgs) {
  await requireBrokerArea(request);
  const submission = await parseSubmission(request, sidebarSchema);
  const sent = submission.status === "success" ? submission.value : {};
  const collapsed = sent.collapsed === "true";
  return redirect(safeRedirect(sent.redirectTo, "/broker/dashboard"), {
    headers: { "Set-Cookie": await sidebarCookie.serialize(collapsed ? "collapsed" : "expanded") },
  });
}
