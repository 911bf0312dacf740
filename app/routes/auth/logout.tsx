import { redirect } from "react-router";
import { logout, safeRedirect } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import type { Route } from "./+types/logout";
import { readFormData } from "~/modules/platform/forms.server";

/** Logout is a POST (no state change on GET); a GET just goes home. */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const cleared = await logout(request);
  return redirectWithToast(safeRedirect(form.get("redirectTo"), "/"), { type: "success", message: "Logout realizado com sucesso" }, { headers: { "Set-Cookie": cleared } });
}
