import { Link, data, useActionData, useLoaderData } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { LoginForm } from "~/components/auth/login-form";
import { Alert, buttonClass } from "~/components/ui";
import { LoginError, login, safeRedirect } from "~/modules/auth/auth.server";
import { loginSchema } from "~/modules/auth/login-schema";
import { getSessionUser } from "~/modules/auth/session.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import type { Route } from "./+types/admin-login";
import { parseSubmission, readFormData } from "~/modules/platform/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Login administrativo | Lar Imóveis" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return { alreadyAdmin: user?.role === "admin", redirectTo: safeRedirect(redirectTo, "") || null };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormData(request.clone());
  const submission = await parseSubmission(formData, loginSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    const { setCookie } = await login(request, ["admin"]);
    return redirectWithToast(safeRedirect(submission.value.redirectTo, "/admin"), { type: "success", message: "Login realizado com sucesso!" }, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (error instanceof LoginError) return data(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), { status: error.status, headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined });
    throw error;
  }
}

export default function AdminLogin() {
  const { alreadyAdmin, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (alreadyAdmin) {
    return (
      <AuthCard title="Login administrativo">
        {/* Goes on to /admin after 2 seconds, with or without JavaScript. */}
        <meta httpEquiv="refresh" content="2;url=/admin" />
        <Alert tone="info">Você já está logado no painel admin.</Alert>
        <Link to="/admin" className={buttonClass("primary", "md", "mt-4 w-full")}>
          Ir para o painel
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Login administrativo" subtitle="Acesso restrito à equipe da imobiliária." footer={<Link to="/" className="hover:underline">Voltar ao site</Link>}>
      <LoginForm lastResult={lastResult} redirectTo={redirectTo} />
    </AuthCard>
  );
}


/** Lets a refused post carry its Retry-After (429) to the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);
