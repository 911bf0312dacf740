import type { ReactNode } from "react";
import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { buttonClass } from "~/components/ui";
import { useRetryWhenServerAnswers } from "./server-retry";

/** Where an error page sends people: the area's home, and whether it sits inside a layout that already has <main id="main">. */
type PagePlace = { homeHref?: string; inLayout?: boolean };

function PageBody({ inLayout, children }: { inLayout?: boolean; children: ReactNode }) {
  const className = "container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center";
  return inLayout ? <div className={className}>{children}</div> : <main id="main" className={className}>{children}</main>;
}

/** 'Página não encontrada' with home and back (the back button is a link to the home without JavaScript). */
export function NotFoundPage({
  title = "Página não encontrada",
  text = "O endereço que você acessou não existe ou foi removido.",
  homeHref = "/",
  inLayout,
}: { title?: string; text?: string } & PagePlace) {
  return (
    <PageBody inLayout={inLayout}>
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 max-w-md text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={homeHref} className={buttonClass("primary")}>
          Ir para a página inicial
        </Link>
        <BackButton fallbackHref={homeHref === "/" ? "/imoveis" : homeHref} />
      </div>
    </PageBody>
  );
}

export function BackButton({ fallbackHref = "/imoveis" }: { fallbackHref?: string }) {
  return (
    <a
      href={fallbackHref}
      data-history-back=""
      onClick={(e) => {
        e.preventDefault();
        window.history.back();
      }}
      className={buttonClass("secondary")}
    >
      Voltar
    </a>
  );
}

export function ErrorPage({ status, message, homeHref = "/", inLayout }: { status: number; message?: string } & PagePlace) {
  const title = status === 403 ? "Acesso negado" : status === 429 ? "Muitas requisições" : "Ops! Algo deu errado";
  return (
    <PageBody inLayout={inLayout}>
      <p className="text-sm font-semibold text-danger-600">Erro {status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 max-w-md text-slate-600">{message ?? "Não foi possível concluir a operação. Tente novamente em alguns instantes."}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={homeHref} className={buttonClass("primary")}>
          Ir para a página inicial
        </a>
      </div>
    </PageBody>
  );
}

const SERVER_AWAY = "O servidor não respondeu (pode estar reiniciando). Esta página tenta de novo a cada 5 segundos.";

/** The `message` a route put in its thrown data (`data({ message }, 4xx)`), if any. */
function messageOf(data: unknown): string | undefined {
  return typeof data === "object" && data !== null && "message" in data && typeof data.message === "string" ? data.message : undefined;
}

/**
 * The one general error boundary (root and the area layouts, and routes that
 * only word their 404 or 500 differently): 404 → NotFoundPage; another
 * response → ErrorPage with its status and message; anything thrown → 500.
 */
export function GeneralErrorBoundary({
  notFound,
  messages = {},
  ...place
}: { notFound?: { title: string; text: string }; messages?: Partial<Record<number, string>> } & PagePlace) {
  const error = useRouteError();
  // A request that never reached the app (thrown by fetch, or a proxy's 502–504) is the server restarting
  // or the network dropping: the page says so and comes back by itself once the server answers again.
  const unreachable = !isRouteErrorResponse(error) ? error instanceof TypeError : error.status >= 502 && error.status <= 504;
  useRetryWhenServerAnswers(unreachable, "reload");
  if (unreachable) return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 503} message={SERVER_AWAY} {...place} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage {...notFound} {...place} />;
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} message={messageOf(error.data) ?? messages[error.status]} {...place} />;
  return <ErrorPage status={500} message={messages[500]} {...place} />;
}
