import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Button, Select, inputClass, cx } from "~/components/ui";
import { formErrorOf } from "~/components/ui/form";
import { MAX_BROKER_SUGGESTIONS } from "~/modules/crm/labels";

type BrokerOption = { id: string; name: string; email: string };

/**
 * Admin-only inline reassign (02 §2.4), offering active brokers only. With
 * JavaScript: the cell turns into a text input with up to 8 suggestions;
 * Enter picks the exact match or the first; Escape cancels. Without: a
 * select and a button (plain post).
 */
export function BrokerReassign({ leadId, current, brokers, returnTo }: { leadId: number; current: { id: string | null; name: string | null; email: string | null }; brokers: BrokerOption[]; returnTo: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [editing, setEditing] = useState(false);
  const [term, setTerm] = useState("");
  const fetcher = useFetcher();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);
  const suggestions = useMemo(() => {
    const t = term.trim().toLowerCase();
    return brokers.filter((b) => b.id !== current.id && (!t || b.name.toLowerCase().includes(t) || b.email.toLowerCase().includes(t))).slice(0, MAX_BROKER_SUGGESTIONS);
  }, [term, brokers, current.id]);
  const label = current.name ?? "Sem corretor";

  function pick(b: BrokerOption | undefined) {
    if (!b) return;
    setEditing(false);
    fetcher.submit({ intent: "reassign", lead: String(leadId), broker: b.id, returnTo }, { method: "post", action: returnTo });
  }

  if (!hydrated) {
    return (
      <details>
        <summary className="cursor-pointer text-sm">
          {label}
          {current.email ? <span className="block text-xs text-slate-500">{current.email}</span> : null}
        </summary>
        <Form method="post" action={returnTo} className="mt-2 flex flex-wrap gap-1">
          <input type="hidden" name="intent" value="reassign" />
          <input type="hidden" name="lead" value={leadId} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <Select name="broker" aria-label="Novo corretor" defaultValue="" className="h-8 min-w-0 text-xs">
            <option value="">Selecione um corretor</option>
            {brokers
              .filter((b) => b.id !== current.id)
              .map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
          </Select>
          <Button type="submit" size="sm" variant="secondary">
            Salvar
          </Button>
        </Form>
      </details>
    );
  }
  if (!editing) {
    const problem = fetcher.state === "idle" ? formErrorOf(fetcher.data) : undefined;
    return (
      <>
      <button
        type="button"
        className="text-left text-sm hover:underline"
        onClick={() => {
          setTerm("");
          setEditing(true);
        }}
        data-reassign={leadId}
        title="Clique para trocar o corretor"
      >
        {fetcher.state !== "idle" ? "Salvando…" : label}
        {current.email ? <span className="block text-xs text-slate-500">{current.email}</span> : null}
      </button>
      {problem ? (
        <p role="alert" className="text-xs text-danger-700">
          {problem}
        </p>
      ) : null}
      </>
    );
  }
  return (
    <div className="relative">
      <input
        ref={inputRef}
        className={cx(inputClass, "h-8 text-xs")}
        aria-label="Buscar corretor por nome ou email"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            setEditing(false);
          } else if (e.key === "Enter") {
            e.preventDefault();
            const t = term.trim().toLowerCase();
            pick(suggestions.find((b) => b.name.toLowerCase() === t || b.email.toLowerCase() === t) ?? suggestions[0]);
          }
        }}
        onBlur={() => setTimeout(() => setEditing(false), 150)}
      />
      <ul role="listbox" className="absolute z-20 mt-1 w-64 max-w-[80vw] rounded-lg border border-slate-200 bg-white text-sm shadow-lg">
        {suggestions.length === 0 ? <li className="px-3 py-2 text-slate-500">Nenhum corretor encontrado</li> : null}
        {suggestions.map((b) => (
          <li key={b.id} role="option" aria-selected={false}>
            <button type="button" className="block w-full px-3 py-1.5 text-left hover:bg-slate-50 [overflow-wrap:anywhere]" onMouseDown={(e) => e.preventDefault()} onClick={() => pick(b)}>
              {b.name} <span className="text-xs text-slate-500">{b.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
