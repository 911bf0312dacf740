import { useRef } from "react";
import { Link } from "react-router";
import { Button, Modal, Textarea, buttonClass } from "~/components/ui";
import { useClipboard } from "~/components/ui/copy-button";

/** The referral-link modal (spec 02 §2.2, §2.3): the link with the broker's code, a copy button with JavaScript (the one clipboard hook). */

export function ReferralLinkModal({ title, url, closeHref, hasRef }: { title: string; url: string; closeHref: string; hasRef: boolean }) {
  const { hydrated, result: copied, copy: copyText } = useClipboard();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  async function copy() {
    // a refused clipboard: the link is selected for Ctrl+C
    if (!(await copyText(url))) inputRef.current?.select();
  }
  return (
    <Modal
      title="Link de indicação"
      labelledBy="referral-title"
      footer={
        <Link to={closeHref} preventScrollReset className={buttonClass("secondary")}>
          Fechar
        </Link>
      }
    >
      <p className="text-sm text-slate-700">
        Compartilhe o link de <strong>{title}</strong>. {hasRef ? "Os contatos feitos por ele chegam para você." : "Sem código de corretor: os contatos vão para a imobiliária."}
      </p>
      <label htmlFor="referral-url" className="mt-4 block text-sm font-medium text-slate-800">
        Link
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <Textarea id="referral-url" ref={inputRef} readOnly rows={3} value={url} onFocus={(e) => e.currentTarget.select()} className="resize-none break-all font-mono text-xs" />
        {hydrated ? (
          <Button onClick={copy} className="shrink-0">
            Copiar link
          </Button>
        ) : null}
      </div>
      <p className="mt-2 min-h-5 text-sm" role="status" aria-live="polite">
        {copied === "ok" ? <span className="text-success-700">Link copiado!</span> : null}
        {copied === "fail" ? <span className="text-danger-700">Não foi possível copiar o link.</span> : null}
        {!hydrated ? <span className="text-slate-600">Selecione o link e copie<span className="max-sm:hidden"> (Ctrl+C)</span>.</span> : null}
      </p>
    </Modal>
  );
}
