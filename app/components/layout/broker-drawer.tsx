import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useLocation } from "react-router";
import { cx } from "~/components/ui";
import { ICONS } from "./nav";

export function NavIcon({ d, className }: { d: string; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={cx("size-5 shrink-0", className)} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The broker panel's phone menu. Without JavaScript it is a <details>: the
 * panel opens below the top bar, so the ☰ (now ✕) stays reachable, and a
 * click on a link loads a new page with it closed. With JavaScript it is a
 * drawer: its own close button, a backdrop, Escape, focus kept inside while
 * open and given back to ☰ after, and it closes on every navigation.
 */
export function BrokerDrawer({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) {
    return (
      <details className="group" data-testid="broker-drawer-details">
        <summary className="flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-white/10 [&::-webkit-details-marker]:hidden" aria-label="Menu">
          <NavIcon d={ICONS.menu} className="group-open:hidden" />
          <NavIcon d={ICONS.close} className="hidden group-open:block" />
        </summary>
        <div className="fixed inset-x-0 bottom-0 top-14 z-40 bg-black/40">
          <div className="h-full w-72 max-w-[85vw] overflow-y-auto bg-brand-900 p-4 pb-20 shadow-[var(--shadow-overlay)]">{children}</div>
        </div>
      </details>
    );
  }
  return <JsDrawer>{children}</JsDrawer>;
}

function JsDrawer({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const close = useCallback(() => {
    setOpen(false);
    opener.current?.focus();
  }, []);

  // Any navigation closes it (a link in the drawer, Back, a redirect).
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    panel.current?.querySelector<HTMLElement>("[data-drawer-close]")?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== "Tab" || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (!items.length) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && (document.activeElement === first || !panel.current.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !panel.current.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = previousOverflow;
    };
  }, [open, close]);

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="flex items-center rounded-md p-2 hover:bg-white/10"
        aria-label="Abrir menu"
        aria-expanded={open}
        aria-controls="broker-drawer"
        onClick={() => setOpen(true)}
      >
        <NavIcon d={ICONS.menu} />
      </button>
      {/* On <body>: the sticky top bar is a stacking context, and the drawer must cover the bottom bar and the toasts. */}
      {open
        ? createPortal(
            <div className="fixed inset-0 z-[70] lg:hidden">
              <div className="absolute inset-0 bg-black/50" data-testid="drawer-backdrop" aria-hidden="true" onClick={close} />
              <div
                ref={panel}
                id="broker-drawer"
                role="dialog"
                aria-modal="true"
                aria-label="Menu do corretor"
                className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-brand-900 p-4 text-white shadow-[var(--shadow-overlay)]"
                onClick={(event) => {
                  // A link inside closes the drawer at once (navigation closes it too).
                  if ((event.target as HTMLElement).closest("a")) setOpen(false);
                }}
              >
                <div className="mb-2 flex justify-end">
                  <button type="button" data-drawer-close className="rounded-md p-2 text-slate-200 hover:bg-white/10 hover:text-white" aria-label="Fechar menu" onClick={close}>
                    <NavIcon d={ICONS.close} />
                  </button>
                </div>
                {children}
              </div>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
