import { useEffect, type ComponentProps } from "react";
import { useNavigate } from "react-router";
import { Modal } from "./index";

/**
 * A Modal opened by a URL (a route or a query state) that closes by going to
 * `closeHref`: its Cancelar link without JavaScript, and also the Escape key
 * with it. The dialog takes the focus when it opens, so Escape works at once.
 */
export function RouteModal({ closeHref, ...props }: ComponentProps<typeof Modal> & { closeHref: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = document.querySelector<HTMLElement>('[role="dialog"][aria-modal="true"]');
    if (dialog && !dialog.contains(document.activeElement)) {
      dialog.setAttribute("tabindex", "-1");
      dialog.focus({ preventScroll: true });
    }
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      navigate(closeHref, { preventScrollReset: true });
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeHref, navigate]);
  return <Modal {...props} />;
}
