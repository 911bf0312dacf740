import { Form, Link, data, useActionData, useLoaderData, useLocation } from "react-router";
import { z } from "zod";
import { Alert, Button, Field, Input, Modal, Select, Textarea, buttonClass } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { createDealActivity, createLeadActivity } from "~/modules/crm/activities.server";
import { parseCardKey } from "~/modules/crm/board";
import { requireDeal } from "~/modules/crm/deals.server";
import { ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS, CRM_MESSAGES } from "~/modules/crm/labels";
import { requireLead } from "~/modules/leads/lead-access.server";
import type { Route } from "./+types/schedule-activity";

const activitySchema = z.object({
  subject: z.string().trim().max(200, "Assunto muito longo").optional().default(""),
  content: z.string().trim().max(5000, "Descrição muito longa").optional().default(""),
  type: z.enum(ACTIVITY_TYPES).catch("followup"),
  dueAt: z
    .string()
    .max(30)
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      // datetime-local has no zone: the broker types São Paulo time
      const d = new Date(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00-03:00` : "invalid");
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: "custom", message: "Data inválida" });
        return z.NEVER;
      }
      return d.toISOString();
    }),
});

async function cardTarget(user: Awaited<ReturnType<typeof requireBrokerArea>>, key: string | undefined) {
  const card = parseCardKey(key ?? "");
  if (!card) throw data({ message: CRM_MESSAGES.leadNotFound }, { status: 404 });
  if (card.kind === "lead") return { card, label: (await requireLead(user, card.id, "update")).name || "Contato" };
  return { card, label: (await requireDeal(user, card.id)).title };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const { label } = await cardTarget(user, params.card);
  return { label };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const { card } = await cardTarget(user, params.card);
  const form = Object.fromEntries(await request.formData());
  const values = { subject: String(form.subject ?? "").slice(0, 200), content: String(form.content ?? "").slice(0, 5000), type: String(form.type ?? "followup"), dueAt: String(form.dueAt ?? "").slice(0, 30) };
  const parsed = activitySchema.safeParse(form);
  if (!parsed.success) return data({ message: parsed.error.issues[0].message, values }, { status: 400 });
  if (!parsed.data.subject && !parsed.data.content) return data({ message: CRM_MESSAGES.activityNeedsText, values }, { status: 400 });
  if (card.kind === "lead") await createLeadActivity(user, card.id, parsed.data);
  else await createDealActivity(user, card.id, parsed.data);
  return redirectWithToast(`/broker/crm${new URL(request.url).search}`, { type: "success", message: "Atividade agendada" });
}

export default function ScheduleActivity() {
  const { label } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  const v = result?.values;
  return (
    <Modal title={`Agendar atividade · ${label}`}>
      <Form method="post" className="space-y-4">
        {result ? <Alert tone="danger">{result.message}</Alert> : null}
        <Field label="Assunto" htmlFor="act-subject">
          <Input id="act-subject" name="subject" defaultValue={v?.subject} maxLength={200} />
        </Field>
        <Field label="Tipo" htmlFor="act-type">
          <Select id="act-type" name="type" defaultValue={v?.type ?? "followup"}>
            {ACTIVITY_TYPES.map((t) => <option key={t} value={t}>{ACTIVITY_TYPE_LABELS[t]}</option>)}
          </Select>
        </Field>
        <Field label="Vencimento" htmlFor="act-due">
          <Input id="act-due" name="dueAt" type="datetime-local" defaultValue={v?.dueAt} />
        </Field>
        <Field label="Descrição" htmlFor="act-content">
          <Textarea id="act-content" name="content" defaultValue={v?.content} maxLength={5000} rows={3} />
        </Field>
        <div className="flex justify-end gap-2">
          <Link to={`/broker/crm${search}`} className={buttonClass("secondary")}>Cancelar</Link>
          <Button type="submit">Agendar</Button>
        </div>
      </Form>
    </Modal>
  );
}
