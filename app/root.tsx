import { useEffect } from "react";
import "~/utils/zod-pt-br";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { InlineStyles } from "~/components/layout/inline-css";
import { useNonce } from "~/components/layout/nonce";
import { Toaster } from "~/components/ui/toaster";
import { GeneralErrorBoundary } from "~/components/layout/error-pages";
import { readToast } from "~/modules/auth/toast.server";
import { refusedPost } from "~/modules/platform/refused-post.server";
import { enhanceScriptSrc } from "~/modules/platform/enhance.server";
import { shouldHydrate } from "~/modules/platform/page-scripts";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, clear } = await readToast(request);
  // a post the server refused before reading it (server/request-guards.mjs): this page, its message, its 4xx
  const refused = refusedPost(request);
  return data(
    { toast: refused ? ({ type: "error", title: "Envio recusado", message: refused.message } as const) : toast, enhanceScript: enhanceScriptSrc() },
    { status: refused?.status, headers: clear ? { "Set-Cookie": clear } : undefined },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = shouldHydrate(useMatches());
  const enhanceScript = useRouteLoaderData<typeof loader>("root")?.enhanceScript;
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c4470" />
        <Meta />
        <InlineStyles />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : enhanceScript ? (
          // A module script runs after the document is parsed and never blocks the first paint.
          <script type="module" src={enhanceScript} nonce={nonce} />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useEffect(() => {
    // Tests wait for this to know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <Toaster toast={toast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
