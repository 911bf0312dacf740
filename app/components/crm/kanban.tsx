import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { Badge, cx } from "~/components/ui";
import { Toaster } from "~/components/ui/toaster";
import type { Toast } from "~/modules/auth/toast";
import { BOARD_PAGE, MSG_MOVE_FAILED, cardBadges, type BoardCard, type BoardColumn } from "~/modules/crm/board";
import { formatBRL } from "~/utils/format";

const EDGE = 80;

function cardHref(card: BoardCard): string {
  return card.kind === "lead" ? `/broker/lead/${card.id}` : `/broker/leads`;
}

/** Moves a card to the end of the target column, adjusting counts and sums (the optimistic view). */
function moveLocally(columns: BoardColumn[], key: string, toId: number): BoardColumn[] {
  const from = columns.find((c) => c.cards.some((k) => k.key === key));
  const card = from?.cards.find((k) => k.key === key);
  if (!from || !card || from.id === toId) return columns;
  return columns.map((c) => {
    if (c.id === from.id) return { ...c, count: c.count - 1, sum: c.sum - (card.amount ?? 0), cards: c.cards.filter((k) => k.key !== key) };
    if (c.id === toId) return { ...c, count: c.count + 1, sum: c.sum + (card.amount ?? 0), cards: [...c.cards, card] };
    return c;
  });
}

function Stars({ value }: { value: number }) {
  return (
    <span className="text-xs text-amber-500" aria-label={`Avaliação ${value} de 5`}>
      {[1, 2, 3, 4, 5].map((i) => (i <= value ? "★" : "☆")).join("")}
    </span>
  );
}

export function Kanban({ columns: serverColumns, query }: { columns: BoardColumn[]; query: string }) {
  const [columns, setColumns] = useState(serverColumns);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [picked, setPicked] = useState<{ key: string; target: number } | null>(null);
  const [toast, setToast] = useState<Toast | null>(null);
  const [celebrate, setCelebrate] = useState<string | null>(null);
  const snapshot = useRef<BoardColumn[] | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const fetcher = useFetcher<{ ok: boolean; error: string | null }>();
  const location = useLocation();
  const back = location.pathname + location.search;

  useEffect(() => setColumns(serverColumns), [serverColumns]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || !snapshot.current) return;
    if (!fetcher.data.ok) {
      setColumns(snapshot.current); // put the card back
      setToast({ type: "error", message: fetcher.data.error ?? MSG_MOVE_FAILED });
    }
    snapshot.current = null;
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    if (!celebrate) return;
    const t = setTimeout(() => setCelebrate(null), 2200);
    return () => clearTimeout(t);
  }, [celebrate]);

  function move(key: string, toId: number) {
    const from = columns.find((c) => c.cards.some((k) => k.key === key));
    if (!from || from.id === toId) return;
    snapshot.current = columns;
    setColumns(moveLocally(columns, key, toId));
    setToast(null);
    const target = columns.find((c) => c.id === toId);
    if (target?.celebrate) setCelebrate(target.name);
    fetcher.submit({ intent: "move", card: key, stageId: String(toId), js: "1", back }, { method: "post", action: "/broker/crm" });
  }

  function onDragOverBoard(e: DragEvent<HTMLDivElement>) {
    const el = boardRef.current;
    if (!el || !dragging) return;
    if (e.clientX < EDGE) el.scrollBy({ left: -24 });
    else if (e.clientX > window.innerWidth - EDGE) el.scrollBy({ left: 24 });
    if (e.clientY < EDGE) window.scrollBy({ top: -24 });
    else if (e.clientY > window.innerHeight - EDGE) window.scrollBy({ top: 24 });
  }

  /** Keyboard drag: Space/Enter picks the card up, ←/→ choose the column, Space/Enter drops, Esc cancels. */
  function onCardKey(e: KeyboardEvent<HTMLElement>, card: BoardCard, columnIndex: number) {
    if (e.target !== e.currentTarget) return;
    if (!picked) {
      if (e.key === " " || e.key === "Enter") {
        e.preventDefault();
        setPicked({ key: card.key, target: columns[columnIndex].id });
      }
      return;
    }
    const idx = columns.findIndex((c) => c.id === picked.target);
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      const next = Math.max(0, Math.min(columns.length - 1, idx + (e.key === "ArrowRight" ? 1 : -1)));
      setPicked({ ...picked, target: columns[next].id });
    } else if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      move(picked.key, picked.target);
      setPicked(null);
    } else if (e.key === "Escape") {
      setPicked(null);
    }
  }

  const more = (col: BoardColumn, n: number) => {
    const p = new URLSearchParams(query);
    if (n <= BOARD_PAGE) p.delete(`n${col.id}`);
    else p.set(`n${col.id}`, String(n));
    return `/broker/crm${p.size ? `?${p}` : ""}`;
  };
  const pickedTarget = picked ? columns.find((c) => c.id === picked.target) : null;

  return (
    <>
      <Toaster toast={toast} />
      <p className="sr-only" aria-live="assertive">
        {picked && pickedTarget ? `Cartão selecionado. Etapa de destino: ${pickedTarget.name}. Use as setas e Espaço para soltar, Esc para cancelar.` : ""}
      </p>
      {/* focusable, so the board can be scrolled sideways from the keyboard even when it has no card (axe: scrollable-region-focusable) */}
      <div ref={boardRef} className="overflow-x-auto pb-4" onDragOver={onDragOverBoard} data-testid="board" tabIndex={0} role="region" aria-label="Etapas do funil">
        <div className="flex min-w-[900px] gap-3">
          {columns.map((col, ci) => (
            <section
              key={col.id}
              aria-label={`Etapa ${col.name}`}
              data-stage={col.name}
              className={cx("flex w-[280px] shrink-0 flex-col rounded-xl bg-slate-200/70 p-2", (over === col.id || pickedTarget?.id === col.id) && "ring-2 ring-brand-500")}
              onDragOver={(e) => {
                if (!dragging) return;
                e.preventDefault();
                setOver(col.id);
              }}
              onDragLeave={() => setOver((o) => (o === col.id ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                const key = e.dataTransfer.getData("text/plain") || dragging;
                setOver(null);
                setDragging(null);
                if (key) move(key, col.id);
              }}
            >
              <header className="mb-2 px-1">
                <h2 className="flex items-center justify-between text-sm font-semibold text-slate-800">
                  <span>{col.name}</span>
                  <span className="rounded-full bg-white px-2 text-xs" data-testid="column-count">{col.count}</span>
                </h2>
                <p className="text-xs text-slate-600" data-testid="column-sum">{formatBRL(col.sum)}</p>
              </header>
              <ol className="flex flex-col gap-2">
                {col.cards.map((card) => {
                  const { badges, overflow } = cardBadges(card);
                  return (
                    <li
                      key={card.key}
                      data-card={card.key}
                      draggable
                      tabIndex={0}
                      aria-roledescription="cartão arrastável"
                      aria-grabbed={picked?.key === card.key}
                      onDragStart={(e) => {
                        e.dataTransfer.setData("text/plain", card.key);
                        e.dataTransfer.effectAllowed = "move";
                        setDragging(card.key);
                      }}
                      onDragEnd={() => {
                        setDragging(null);
                        setOver(null);
                      }}
                      onKeyDown={(e) => onCardKey(e, card, ci)}
                      className={cx("rounded-lg border border-slate-200 bg-white p-3 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500", dragging === card.key && "opacity-50", picked?.key === card.key && "ring-2 ring-accent-500")}
                    >
                      <div className="flex items-start justify-between gap-2">
                        <Link to={cardHref(card)} className="min-w-0 font-medium text-slate-900 hover:underline">
                          <span className="block truncate">{card.contactName}</span>
                        </Link>
                        {card.ownerImage ? (
                          <img src={card.ownerImage} alt={card.ownerName ?? ""} title={card.ownerName ?? undefined} width={24} height={24} className="size-6 rounded-full object-cover" />
                        ) : (
                          <span title={card.ownerName ?? "Sem corretor"} className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-[10px] font-semibold text-brand-800">
                            {(card.ownerName ?? "?").slice(0, 1).toUpperCase()}
                          </span>
                        )}
                      </div>
                      <p className="truncate text-xs text-slate-600">{card.title}</p>
                      <div className="mt-2 flex flex-wrap gap-1">
                        {badges.map((b, i) => (
                          <Badge key={`${b}-${i}`} tone={b === "Lead" && card.kind === "lead" && i === 0 ? "info" : "neutral"}>{b}</Badge>
                        ))}
                        {overflow ? <Badge>+{overflow}</Badge> : null}
                      </div>
                      <div className="mt-2 flex items-center justify-between">
                        <span className="text-sm font-semibold text-slate-800">{card.amount != null ? formatBRL(card.amount) : "—"}</span>
                        <Stars value={card.rating} />
                      </div>
                      <div className="mt-2 flex items-center justify-between gap-2 border-t border-slate-100 pt-2">
                        <Link to={`/broker/crm/atividade/${card.key}${query ? `?${query}` : ""}`} className="text-xs font-medium text-brand-700 hover:underline">
                          + Atividade
                        </Link>
                        <Form method="post" action="/broker/crm" className="flex items-center gap-1">
                          <input type="hidden" name="intent" value="move" />
                          <input type="hidden" name="card" value={card.key} />
                          <input type="hidden" name="back" value={back} />
                          <label className="sr-only" htmlFor={`move-${card.key}`}>Mover para</label>
                          <select id={`move-${card.key}`} name="stageId" defaultValue={col.id} className="h-7 max-w-24 rounded border border-slate-300 bg-white text-xs">
                            {columns.map((c) => (
                              <option key={c.id} value={c.id}>{c.name}</option>
                            ))}
                          </select>
                          <button type="submit" className="h-7 whitespace-nowrap rounded bg-slate-100 px-2 text-xs font-medium text-slate-800 hover:bg-slate-200">Mover para</button>
                        </Form>
                      </div>
                    </li>
                  );
                })}
              </ol>
              <div className="mt-2 flex gap-3 px-1 text-xs">
                {col.count > col.shown ? <Link to={more(col, col.shown + BOARD_PAGE)} preventScrollReset className="font-medium text-brand-700 hover:underline">Ver mais 10</Link> : null}
                {col.shown > BOARD_PAGE ? <Link to={more(col, BOARD_PAGE)} preventScrollReset className="font-medium text-slate-600 hover:underline">Ver menos</Link> : null}
              </div>
            </section>
          ))}
        </div>
      </div>
      {celebrate ? (
        <div className="pointer-events-none fixed inset-0 z-[70] flex items-center justify-center bg-slate-900/30" role="status" aria-live="polite" data-testid="celebration">
          <div className="rounded-2xl bg-white px-8 py-6 text-center shadow-[var(--shadow-overlay)] motion-safe:animate-bounce">
            <p className="text-4xl" aria-hidden="true">🎉</p>
            <p className="mt-2 text-lg font-semibold text-slate-900">Parabéns! {celebrate}</p>
          </div>
        </div>
      ) : null}
    </>
  );
}
