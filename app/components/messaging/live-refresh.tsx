import { useEffect, useRef, useState } from "react";
import { isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import { Alert, buttonClass, Card } from "~/components/ui";
import { serverAnswers, useRetryWhenServerAnswers } from "~/components/layout/server-retry";

/**
 * Pages that refresh themselves (the pairing modal, the campaign monitor).
 * Without JavaScript the server answers with a `Refresh` header at the
 * chosen interval. With JavaScript that header is cancelled once the page
 * has loaded (`window.stop()`, which also cancels a pending refresh) and the
 * page asks for fresh data instead; before each refresh it checks that the
 * server answers (/healthz), so a server being restarted shows a notice
 * and the page keeps trying, instead of an error page.
 */
export function refreshHeaders(seconds: number | null): HeadersInit {
  return seconds ? { Refresh: String(seconds), "Cache-Control": "no-store" } : {};
}

function cancelDocumentRefresh() {
  const stop = () => window.stop();
  if (document.readyState === "complete") stop();
  else window.addEventListener("load", stop, { once: true });
}

export function useLiveRefresh(active: boolean, everyMs: number): { offline: boolean } {
  const revalidator = useRevalidator();
  const ref = useRef(revalidator);
  ref.current = revalidator;
  const [offline, setOffline] = useState(false);
  useEffect(cancelDocumentRefresh, []);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(async () => {
      if (ref.current.state !== "idle" || document.visibilityState !== "visible") return;
      const up = await serverAnswers();
      setOffline(!up);
      if (up) void ref.current.revalidate().catch(() => setOffline(true));
    }, everyMs);
    return () => window.clearInterval(timer);
  }, [active, everyMs]);
  return { offline };
}

/** The notice shown while the server does not answer a refresh. */
export function OfflineNotice({ offline }: { offline: boolean }) {
  return offline ? (
    <Alert tone="warning" className="mb-4" title="Sem conexão com o servidor">
      A página continua tentando atualizar sozinha; os envios seguem no servidor assim que ele voltar.
    </Alert>
  ) : null;
}

/**
 * Error boundary of a live page: styled, says what happened, and keeps
 * trying (every 5 s with JavaScript; a reload link without).
 */
export function LiveErrorBoundary({ title, backHref, backLabel }: { title: string; backHref: string; backLabel: string }) {
  const error = useRouteError();
  useRetryWhenServerAnswers(true, "revalidate");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Card className="mx-auto max-w-xl p-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {status >= 500 ? "O servidor não respondeu (pode estar reiniciando). Esta página tenta de novo a cada 5 segundos." : "Não foi possível carregar esta página agora."}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <a href="" className={buttonClass("primary")}>
          Tentar agora
        </a>
        <a href={backHref} className={buttonClass("secondary")}>
          {backLabel}
        </a>
      </div>
    </Card>
  );
}
