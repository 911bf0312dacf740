import { Link, data, redirect, useActionData, useLoaderData } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { LoginForm } from "~/components/auth/login-form";
import { LoginError, login, safeRedirect } from "~/modules/auth/auth.server";
import { loginSchema } from "~/modules/auth/login-schema";
import { getSessionUser } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import type { Route } from "./+types/login";
import { parseSubmission, readFormData } from "~/modules/platform/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Login do corretor | Lar Imóveis" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user?.role === "admin" || user?.broker?.isActive) throw redirect("/broker/dashboard");
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return { redirectTo: safeRedirect(redirectTo, "") || null };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormData(request.clone());
  const submission = await parseSubmission(formData, loginSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    // An admin may sign in here too: the broker area opens with admin powers.
    const { active, setCookie } = await login(request, ["broker", "admin"]);
    if (!active) throw redirect("/broker/bloqueado", { headers: { "Set-Cookie": setCookie } });
    return redirectWithToast(safeRedirect(submission.value.redirectTo, "/broker/dashboard"), { type: "success", message: "Login realizado com sucesso!" }, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (error instanceof LoginError) return data(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), { status: error.status, headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined });
    throw error;
  }
}

export default function BrokerLogin() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <AuthCard
      title="Área do corretor"
      subtitle="Entre com seu e-mail e senha."
      footer={
        <div className="flex justify-between">
          <Link to="/broker/forgot-password" className="text-brand-700 hover:underline">
            Esqueci minha senha
          </Link>
          <Link to="/" className="hover:underline">
            Voltar ao site
          </Link>
        </div>
      }
    >
      <LoginForm lastResult={lastResult} redirectTo={redirectTo} />
    </AuthCard>
  );
}

/** Lets a refused post carry its Retry-After (429) to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);
