import { redirect } from "react-router";
import { logout, safeRedirect } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import type { Route } from "./+types/logout";
import { parseSubmission } from "~/modules/platform/forms.server";
import { logoutSchema } from "~/modules/auth/session-forms";

/** Logout is a POST (no state change on GET); a GET just goes home. */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseSubmission(request, logoutSchema);
  const cleared = await logout(request);
  const redirectTo = submission.status === "success" ? submission.value.redirectTo : undefined;
  return redirectWithToast(safeRedirect(redirectTo, "/"), { type: "success", message: "Logout realizado com sucesso" }, { headers: { "Set-Cookie": cleared } });
}
