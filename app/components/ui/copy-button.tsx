import { useEffect, useState } from "react";
import { Button, cx, type ButtonVariant } from "./";

/** Spec: a copy confirmation shows for 2 s. */
export const COPY_CONFIRM_MS = 2000;

export type CopyResult = "ok" | "fail" | null;

/**
 * Clipboard state for a copy control: `hydrated` is false on the server and
 * without JavaScript (the clipboard needs it), `result` clears after 2 s.
 */
export function useClipboard(): { hydrated: boolean; result: CopyResult; copy: (text: string) => Promise<boolean> } {
  const [hydrated, setHydrated] = useState(false);
  const [result, setResult] = useState<CopyResult>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), COPY_CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [result]);
  async function copy(text: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text);
      setResult("ok");
      return true;
    } catch {
      setResult("fail");
      return false;
    }
  }
  return { hydrated, result, copy };
}

/**
 * The one copy button: copies `text` and says so in a polite live region.
 * Hidden until script runs (copying needs it): React shows it on hydrated
 * pages, the public pages' enhancement (app/enhance/small.ts) through the
 * data-copy hook. `onFail` lets a hydrated caller select the text for a
 * manual copy.
 */
export function CopyButton({
  text,
  label = "Copiar link",
  copiedMessage = "Link copiado!",
  failedMessage = "Não foi possível copiar o link.",
  variant = "secondary",
  className,
  onFail,
}: {
  text: string;
  label?: string;
  copiedMessage?: string;
  failedMessage?: string;
  variant?: ButtonVariant;
  className?: string;
  onFail?: () => void;
}) {
  const { hydrated, result, copy } = useClipboard();
  return (
    <div className={cx("flex items-center gap-3", className)}>
      <Button
        variant={variant}
        hidden={!hydrated}
        data-copy={text}
        data-copied={copiedMessage}
        data-failed={failedMessage}
        onClick={async () => {
          if (!(await copy(text))) onFail?.();
        }}
      >
        {label}
      </Button>
      <span role="status" aria-live="polite" data-copy-status="" className={cx("text-sm", result === "fail" ? "text-danger-700" : "text-slate-700")}>
        {result === "ok" ? copiedMessage : result === "fail" ? failedMessage : null}
      </span>
    </div>
  );
}
