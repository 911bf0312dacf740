import { Form } from "react-router";
import { Button, Card, cx } from "~/components/ui";
import { formErrorOf, resultFor } from "~/components/ui/form";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { LEAD_PAGE_ANCHORS } from "~/modules/leads/lead-page";
import type { LeadPageData } from "./types";

/**
 * The pipeline's steps (02 §2.5): every stage but the lost one as a button
 * (earlier ones shown as past), then 'Marcar como Ganho' and 'Marcar como
 * Perdido'. A lead in the lost stage shows that step as current.
 */
export function StageBar({ data, actionData, busy }: { data: LeadPageData; actionData: unknown; busy: boolean }) {
  const { lead, stages, wonStageId, lostStageId } = data;
  const steps = stages.filter((s) => s.id !== lostStageId);
  const currentIndex = steps.findIndex((s) => s.id === lead.stage_id);
  const lost = lostStageId != null && lead.stage_id === lostStageId;
  const lostName = stages.find((s) => s.id === lostStageId)?.name ?? "Perdido";
  const problem = resultFor(actionData, "stage") ? formErrorOf(actionData) : undefined;
  return (
    <Card className="p-4" as="section">
      <h2 id={LEAD_PAGE_ANCHORS.stages} className="sr-only">
        Etapas
      </h2>
      {stages.length === 0 ? (
        <p className="text-sm text-slate-600">{CRM_MESSAGES.stagesMissing}</p>
      ) : (
        <Form method="post" action={`/broker/lead/${lead.id}#${LEAD_PAGE_ANCHORS.stages}`} className="flex flex-wrap items-center gap-2" aria-label="Etapas">
          <input type="hidden" name="intent" value="stage" />
          {problem ? (
            <p role="alert" className="w-full text-sm font-semibold text-danger-700">
              {problem}
            </p>
          ) : null}
          {lost ? (
            <p className="w-full text-sm text-danger-700" data-lost-step>
              Este lead está em <strong>{lostName}</strong>. Escolha uma etapa para reabrir.
            </p>
          ) : null}
          {steps.map((s, i) => {
            const current = s.id === lead.stage_id;
            const past = currentIndex >= 0 && i < currentIndex;
            return (
              <button
                key={s.id}
                type="submit"
                name="stage"
                value={s.id}
                disabled={busy}
                aria-current={current ? "step" : undefined}
                className={cx(
                  "rounded-full border px-3 py-1 text-sm [overflow-wrap:anywhere]",
                  current ? "border-brand-700 bg-brand-700 text-white" : past ? "border-brand-200 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                {s.name}
              </button>
            );
          })}
          <span className="mx-1 hidden h-6 w-px bg-slate-200 sm:block" aria-hidden="true" />
          <Button type="submit" name="stage" value={wonStageId ?? ""} size="sm" className="bg-success-600 hover:bg-success-700" disabled={!wonStageId || busy}>
            Marcar como Ganho
          </Button>
          <Button
            type="submit"
            name="stage"
            value={lostStageId ?? ""}
            size="sm"
            variant="danger"
            disabled={!lostStageId || busy || lost}
            aria-current={lost ? "step" : undefined}
            className={cx(lost && "ring-2 ring-danger-700 ring-offset-2 disabled:opacity-100")}
          >
            {lost ? `${lostName} (etapa atual)` : "Marcar como Perdido"}
          </Button>
        </Form>
      )}
    </Card>
  );
}
