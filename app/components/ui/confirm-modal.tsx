import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, Modal, buttonClass } from "~/components/ui";

/**
 * The confirmation step of a delete or removal, reached by a link (a URL
 * state such as `?confirmDelete=7`), so it works without JavaScript: what
 * will go, 'Cancelar' back to the list, and the post that does it. The
 * submit button takes the focus, so Enter confirms and Esc (the modal's)
 * or 'Cancelar' leaves.
 */
export function ConfirmModal({
  title,
  question,
  subject,
  cancelTo,
  action,
  intent,
  fields,
  submitLabel,
  pending,
}: {
  title: string;
  question: ReactNode;
  /** what is being removed (a name, a title, a URL), shown under the question */
  subject?: ReactNode;
  cancelTo: string;
  action?: string;
  intent: string;
  /** hidden fields the action reads (the record's id, where to go back) */
  fields: Record<string, string | number>;
  submitLabel: string;
  pending: boolean;
}) {
  return (
    <Modal
      title={title}
      footer={
        <>
          <Link to={cancelTo} preventScrollReset className={buttonClass("secondary")}>
            Cancelar
          </Link>
          <Form method="post" action={action}>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button type="submit" name="intent" value={intent} variant="danger" pending={pending} autoFocus>
              {submitLabel}
            </Button>
          </Form>
        </>
      }
    >
      <p className="text-sm text-slate-700">{question}</p>
      {subject ? <div className="mt-2 text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{subject}</div> : null}
    </Modal>
  );
}

/**
 * A list screen's delete confirmation (`?confirmDelete=<id>`): the post
 * says intent 'delete' with the record's id (and, where the list keeps its
 * search, where to go back); nothing shows while no record is being confirmed.
 */
export function ConfirmDelete<T extends { id: number | string }>({
  record,
  subject,
  back,
  submitLabel = "Excluir",
  ...modal
}: {
  record: T | null | undefined;
  subject: (record: T) => ReactNode;
  back?: string;
  submitLabel?: string;
  title: string;
  question: ReactNode;
  cancelTo: string;
  action?: string;
  pending: boolean;
}) {
  if (!record) return null;
  return <ConfirmModal {...modal} subject={subject(record)} intent="delete" fields={back === undefined ? { id: record.id } : { id: record.id, back }} submitLabel={submitLabel} />;
}
