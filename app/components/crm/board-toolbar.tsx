import { Form, Link } from "react-router";
import { Button, Input, PageHeader, buttonClass, cx } from "~/components/ui";

export type BoardFilters = { show: "all" | "won" | "lost"; owner: "me" | "all"; broker: string; brokerQ: string; q: string };

/**
 * The board's top bar (02 §2.6): Todos/Ganhos/Perdidos, Eu/Todos and the
 * broker filter for admins, the search (its Buscar stays beside the box),
 * 'Gerenciar Etapas' and 'Criar Lead'. Every control is a link or a GET form.
 */
export function BoardToolbar({ filters, base, isAdmin, suggestions }: { filters: BoardFilters; base: URLSearchParams; isAdmin: boolean; suggestions: { id: string; name: string; email: string }[] | null }) {
  const withParam = (k: string, v: string | null) => {
    const p = new URLSearchParams(base);
    if (v == null) p.delete(k);
    else p.set(k, v);
    return `/broker/crm${p.size ? `?${p}` : ""}`;
  };
  const tab = (active: boolean) => cx("rounded-md px-3 py-1.5 text-sm font-medium", active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900");
  const query = base.size ? `?${base}` : "";
  return (
    <>
      <PageHeader
        title="CRM"
        subtitle="Arraste os cartões entre as etapas ou use 'Mover para'."
        actions={
          <>
            <Link to="/broker/crm?view=list" className={buttonClass("secondary")}>
              Lista
            </Link>
            {isAdmin ? (
              <Link to="/broker/crm/stages" className={buttonClass("secondary")}>
                Gerenciar Etapas
              </Link>
            ) : (
              <span className={buttonClass("secondary", "md", "cursor-not-allowed opacity-60")} title="Apenas administradores podem gerenciar etapas" aria-disabled="true">
                Gerenciar Etapas
              </span>
            )}
            <Link to={`/broker/crm/oportunidade${query}`} className={buttonClass("secondary")}>
              Criar oportunidade
            </Link>
            <Link to={`/broker/crm/novo-lead${query}`} className={buttonClass("primary")}>
              Criar Lead
            </Link>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <nav className="inline-flex rounded-lg bg-slate-200 p-1" aria-label="Visão">
          {(
            [
              ["all", "Todos"],
              ["won", "Ganhos"],
              ["lost", "Perdidos"],
            ] as const
          ).map(([value, label]) => (
            <Link key={value} to={withParam("show", value === "all" ? null : value)} className={tab(filters.show === value)} aria-current={filters.show === value ? "page" : undefined}>
              {label}
            </Link>
          ))}
        </nav>
        {isAdmin ? (
          <nav className="inline-flex rounded-lg bg-slate-200 p-1" aria-label="Corretores">
            <Link to={withParam("owner", "me")} className={tab(filters.owner === "me" && !filters.broker)}>
              Eu
            </Link>
            <Link to={withParam("owner", null)} className={tab(filters.owner === "all" && !filters.broker)}>
              Todos
            </Link>
          </nav>
        ) : null}
        <Form method="get" className="flex w-full min-w-0 flex-wrap items-center gap-2 sm:w-auto" role="search">
          {[...base]
            .filter(([k]) => k !== "q" && k !== "broker")
            .map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
          {filters.broker ? <input type="hidden" name="broker" value={filters.broker} /> : null}
          {isAdmin ? (
            <>
              <label htmlFor="board-broker" className="sr-only">
                Filtrar por corretor
              </label>
              <Input id="board-broker" name="brokerQ" defaultValue={filters.brokerQ} placeholder="Corretor" className="w-full min-w-0 sm:w-44" maxLength={100} />
            </>
          ) : null}
          <span className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
            <label htmlFor="board-q" className="sr-only">
              Buscar
            </label>
            <Input id="board-q" name="q" type="search" defaultValue={filters.q} placeholder="Buscar título, contato, e-mail, telefone" className="min-w-0 flex-1 sm:w-72 sm:flex-none" maxLength={200} />
            <Button type="submit" variant="secondary" className="shrink-0">
              Buscar
            </Button>
          </span>
          {filters.broker ? (
            <Link to={withParam("broker", null)} className="text-sm text-brand-700 underline">
              Limpar corretor
            </Link>
          ) : null}
        </Form>
      </div>
      {suggestions ? (
        <div className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-sm" aria-label="Sugestões de corretores">
          {suggestions.length === 0 ? (
            <p>Nenhum corretor encontrado</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {suggestions.map((b) => (
                <li key={b.id} className="min-w-0 max-w-full">
                  <Link to={withParam("broker", b.id)} className={buttonClass("secondary", "sm", "h-auto min-h-8 max-w-full py-1 [overflow-wrap:anywhere]")}>
                    {b.name} · {b.email}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </>
  );
}
