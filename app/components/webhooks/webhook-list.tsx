import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { Badge, Button, buttonClass } from "~/components/ui";
import { ListScreen } from "~/components/ui/list-screen";
import { TEST_PROGRESS_STEPS, WEBHOOK_EVENTS } from "~/modules/webhooks/webhook-rules";
import { formatDateTime } from "~/utils/clock";

export type WebhookRow = {
  id: number;
  url: string;
  events: string[];
  is_active: number;
  allow_private: number;
  error_count: number;
  last_error: string | null;
  last_triggered_at: string | null;
};

const eventName = (e: string) => (WEBHOOK_EVENTS as Record<string, string>)[e] ?? e;

/** One of /admin/webhook's two lists (Ativos, Inativos): a table on a desktop, cards on a phone, every action reachable. */
export function WebhookList({ title, hooks, busy, testing }: { title: string; hooks: WebhookRow[]; busy: boolean; testing: number | null }) {
  const headingId = `webhooks-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="mb-2 text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-500">({hooks.length})</span>
      </h2>
      <ListScreen
        rows={hooks}
        rowKey={(h) => h.id}
        caption={`Webhooks ${title.toLowerCase()}`}
        empty={{ title: "Nenhum webhook." }}
        columns={[
          {
            key: "url",
            header: "URL",
            primary: true,
            cell: (h) => (
              <>
                <p className="font-mono text-xs font-normal text-slate-900 [overflow-wrap:anywhere]">{h.url}</p>
                {h.allow_private ? (
                  <Badge tone="warning" className="mt-1">
                    Rede interna permitida
                  </Badge>
                ) : null}
              </>
            ),
          },
          { key: "events", header: "Eventos", cell: (h) => h.events.map(eventName).join(", ") },
          {
            key: "errors",
            header: "Erros",
            cell: (h) => (
              <>
                {h.error_count > 0 ? <Badge tone="danger">{h.error_count}</Badge> : <Badge tone="success">0</Badge>}
                {h.last_error ? <p className="mt-1 max-w-xs text-xs text-danger-700 [overflow-wrap:anywhere]">{h.last_error}</p> : null}
              </>
            ),
          },
          { key: "last", header: "Último envio", cell: (h) => (h.last_triggered_at ? formatDateTime(h.last_triggered_at) : "—") },
        ]}
        rowActions={(h) => (
          <>
            <Form method="post">
              <input type="hidden" name="id" value={h.id} />
              <Button type="submit" size="sm" variant="secondary" name="intent" value="test" disabled={busy} aria-label={`Testar ${h.url}`}>
                Testar
              </Button>
              {testing === h.id ? <TestProgress /> : null}
            </Form>
            <Link to={`?details=${h.id}`} preventScrollReset className={buttonClass("ghost", "sm")} aria-label={`Detalhes de ${h.url}`}>
              Detalhes
            </Link>
            <Link to={`?edit=${h.id}`} preventScrollReset className={buttonClass("ghost", "sm")} aria-label={`Editar ${h.url}`}>
              Editar
            </Link>
            <Form method="post">
              <input type="hidden" name="id" value={h.id} />
              <Button type="submit" size="sm" variant="ghost" name="intent" value={h.is_active ? "deactivate" : "activate"} disabled={busy} aria-label={`${h.is_active ? "Desativar" : "Ativar"} ${h.url}`}>
                {h.is_active ? "Desativar" : "Ativar"}
              </Button>
            </Form>
            <Link to={`?confirmDelete=${h.id}`} preventScrollReset className={buttonClass("ghost", "sm", "text-danger-700 hover:bg-danger-50")} aria-label={`Remover ${h.url}`}>
              Remover
            </Link>
          </>
        )}
      />
    </section>
  );
}

/**
 * The test's progress display (spec 03 §9: 10, 25, 40, 60, 80, 100) while the
 * server sends the test; the result arrives as the toast. Without JavaScript
 * the page simply answers with the toast.
 */
function TestProgress() {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setStep((s) => Math.min(s + 1, TEST_PROGRESS_STEPS.length - 2)), 400);
    return () => window.clearInterval(timer);
  }, []);
  const value = TEST_PROGRESS_STEPS[step];
  return (
    <div className="mt-1 w-24" role="progressbar" aria-label="Testando webhook" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <div className="h-1.5 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
