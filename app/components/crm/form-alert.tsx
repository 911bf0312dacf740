import type { FormMetadata } from "@conform-to/react";
import { cx } from "~/components/ui";

/**
 * The whole-form message of a small inline form (a failed send, a refusal,
 * a stale id): shown once, at the form. Field messages stay beside their
 * fields, so nothing is said twice.
 */
export function FormAlert({ form, className }: { form: FormMetadata<Record<string, unknown>, string[]>; className?: string }) {
  const messages = form.errors ?? [];
  if (!messages.length) return null;
  return (
    <div id={form.errorId} role="alert" className={cx("rounded-lg border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm font-semibold text-danger-700 [overflow-wrap:anywhere]", className)}>
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

/** The reply meant for one of several forms of the same intent (one per note, per activity): its hidden id must match. */
export function replyForRecord<R extends { initialValue?: Record<string, unknown> | null }>(result: R | undefined, field: string, id: number | string): R | undefined {
  return result && String(result.initialValue?.[field] ?? "") === String(id) ? result : undefined;
}

/** The refusal of a row's button form (delete, complete, toggle), said once above the rows it belongs to. */
export function RowProblem({ message, className }: { message: string | null | undefined; className: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={cx(className, "text-sm font-semibold text-danger-700")}>
      {message}
    </p>
  );
}
