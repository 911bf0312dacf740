import type { ReactNode } from "react";
import type { FormMetadata } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { Button, CancelLink } from "~/components/ui";
import { formProps } from "~/components/ui/form";
import { RouteModal } from "~/components/ui/route-modal";
import { FormAlert } from "./form-alert";

/** A board modal's form ('Criar Lead', 'Criar oportunidade'): its fields, the whole-form message, 'Cancelar' back to the board and the submit. */
export function BoardModalForm({ title, form, submitLabel, children }: { title: string; form: FormMetadata<Record<string, unknown>, string[]>; submitLabel: string; children: ReactNode }) {
  const { search } = useLocation();
  const close = `/broker/crm${search}`;
  return (
    <RouteModal title={title} closeHref={close}>
      <Form method="post" {...formProps(form)} className="space-y-4">
        <FormAlert form={form} />
        {children}
        <div className="flex justify-end gap-2">
          <CancelLink to={close} preventScrollReset />
          <Button type="submit">{submitLabel}</Button>
        </div>
      </Form>
    </RouteModal>
  );
}
