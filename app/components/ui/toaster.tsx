import { useEffect, useState } from "react";
import { cx } from "./";

import type { Toast } from "~/modules/auth/toast";

/** Shows the flash toast from the root loader; it is in the HTML, so it works without JavaScript too. */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState(Boolean(toast));
  useEffect(() => {
    setVisible(Boolean(toast));
    if (!toast) return;
    const t = setTimeout(() => setVisible(false), 5000);
    return () => clearTimeout(t);
  }, [toast]);
  if (!toast || !visible) return null;
  const tone = { success: "border-success-600/40 bg-success-50 text-success-700", error: "border-danger-600/40 bg-danger-50 text-danger-700", info: "border-brand-200 bg-brand-50 text-brand-800" }[toast.type];
  return (
    // data-autohide-ms: pages without React hide it with the public enhancement (app/enhance/small.ts).
    <div className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex justify-center px-3" data-autohide-ms={5000}>
      <div role="status" aria-live="polite" className={cx("pointer-events-auto max-w-md rounded-lg border px-4 py-3 text-sm shadow-[var(--shadow-overlay)]", tone)} data-testid="toast">
        {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
        <p>{toast.message}</p>
      </div>
    </div>
  );
}
