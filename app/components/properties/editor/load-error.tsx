import { Link, isRouteErrorResponse } from "react-router";
import { Alert, buttonClass } from "~/components/ui";

/** The editor overlay when the property cannot be loaded (spec 01 §8: 'Erro ao carregar imóvel: {message}'). */
export function EditorLoadError({ error, notFound, listHref }: { error: unknown; notFound: boolean; listHref: string }) {
  const message = notFound
    ? "Imóvel não encontrado"
    : isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "message" in error.data
      ? String((error.data as { message: unknown }).message)
      : "Erro desconhecido";
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4" role="dialog" aria-modal="true" aria-labelledby="pe-error-title">
      <div className="w-full max-w-md space-y-4 rounded-xl bg-white p-5 shadow-[var(--shadow-overlay)]">
        <h1 id="pe-error-title" className="text-lg font-semibold text-slate-900">
          Editor de imóvel
        </h1>
        <Alert tone="danger">Erro ao carregar imóvel: {message}</Alert>
        <Link to={listHref} className={buttonClass("secondary")}>
          Voltar para a lista
        </Link>
      </div>
    </div>
  );
}
