import { useEffect, useState } from "react";
import { Button } from "./";

const CONFIRM_MS = 2000;

/** Copies the page address; the button appears only once JavaScript runs (it needs the clipboard). */
export function CopyLinkButton({ url }: { url: string }) {
  const [ready, setReady] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  if (!ready) return null;
  return (
    <div className="flex items-center gap-3">
      <Button
        variant="secondary"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
            setMessage("Link copiado!");
          } catch {
            setMessage("Não foi possível copiar o link.");
          }
        }}
      >
        Copiar link
      </Button>
      <span role="status" aria-live="polite" className="text-sm text-slate-700">
        {message}
      </span>
    </div>
  );
}
