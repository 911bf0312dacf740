import { useEffect, useRef, useState } from "react";
import { Alert, Button } from "~/components/ui";

type Progress = { done: number; total: number; sent: number; failed: number };

/**
 * With JavaScript, 'Enviar agora' of the bulk bar streams from
 * /broker/leads/bulk-email and shows live success/failure counters and a
 * progress bar; Cancelar stops after the message in flight. Without
 * JavaScript the same button is a plain form post (counts in the toast).
 */
export function BulkEmailProgress({ formId, selected }: { formId: string; selected: number[] }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    async function onSubmit(e: SubmitEvent) {
      const submitter = e.submitter as HTMLButtonElement | null;
      if (submitter?.value !== "email") return;
      e.preventDefault();
      e.stopPropagation();
      const body = new FormData(form!);
      body.delete("ids");
      body.delete("pageIds");
      body.delete("allPage");
      for (const id of selectedRef.current) body.append("ids", String(id));
      setError(null);
      setProgress(null);
      setRunning(true);
      const ctrl = new AbortController();
      abort.current = ctrl;
      try {
        // urlencoded like the form itself: multipart is for uploads only (server/request-guards.mjs)
        const fields = new URLSearchParams();
        for (const [k, v] of body) if (typeof v === "string") fields.append(k, v);
        const res = await fetch("/broker/leads/bulk-email", { method: "POST", body: fields, signal: ctrl.signal, headers: { Accept: "application/x-ndjson" } });
        if (!res.ok || !res.body) {
          const j = (await res.json().catch(() => null)) as { error?: string } | null;
          setError(j?.error ?? "Erro ao enviar");
          return;
        }
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let nl: number;
          while ((nl = buf.indexOf("\n")) >= 0) {
            const line = buf.slice(0, nl).trim();
            buf = buf.slice(nl + 1);
            if (line) setProgress(JSON.parse(line) as Progress);
          }
        }
      } catch (err) {
        if ((err as Error).name !== "AbortError") setError("Erro ao enviar");
      } finally {
        setRunning(false);
        abort.current = null;
      }
    }
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [formId]);

  if (!progress && !error && !running) return null;
  const pct = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div className="space-y-2" data-bulk-email-progress>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {progress || running ? (
        <>
          <div className="h-2 w-full overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label="Progresso do envio">
            <div className="h-full bg-brand-700 transition-all" style={{ width: `${pct}%` }} />
          </div>
          <p className="text-sm" aria-live="polite">
            <span className="text-success-700">Enviados: {progress?.sent ?? 0}</span> · <span className="text-danger-700">Falhas: {progress?.failed ?? 0}</span> ·{" "}
            {progress?.done ?? 0}/{progress?.total ?? "…"}
          </p>
        </>
      ) : null}
      {running ? (
        <Button size="sm" variant="secondary" onClick={() => abort.current?.abort()}>
          Cancelar
        </Button>
      ) : null}
    </div>
  );
}
