import type { ReactNode } from "react";
import type { FormMetadata } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui";
import { HiddenField, formProps } from "~/components/ui/form";
import { FormAlert } from "../form-alert";

/**
 * One small form of the lead page (send a WhatsApp, an e-mail, add a note):
 * posts its intent to the lead page, says a whole-form refusal once at the
 * top, then its fields and a small submit button.
 */
export function LeadIntentForm({ form, action, intent, submitLabel, busy, children }: { form: FormMetadata<Record<string, unknown>, string[]>; action: string; intent: string; submitLabel: string; busy: boolean; children: ReactNode }) {
  return (
    <Form method="post" action={action} {...formProps(form)} className="mt-3 space-y-2">
      <HiddenField name="intent" value={intent} />
      <FormAlert form={form} />
      {children}
      <Button type="submit" size="sm" pending={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
