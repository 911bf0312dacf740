import { Form, Link } from "react-router";
import { Badge, Card, SaveRow, buttonClass, cx } from "~/components/ui";
import { HiddenField, SelectField, TextField, formErrorOf, formProps, resultFor, useAppForm } from "~/components/ui/form";
import { businessSchema, LEAD_PAGE_ANCHORS, TAG_MAX } from "~/modules/leads/lead-page";
import { formatDateTime } from "~/utils/clock";
import { formatBRL } from "~/utils/format";
import { FormAlert } from "../form-alert";
import type { LeadPageData } from "./types";

const RATINGS = [0, 1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: n === 0 ? "Sem nota" : String(n) }));

/** Negócio (02 §2.5): name, created, stage, broker with photo, stars, value in BRL, tags and the edit form. */
export function BusinessCard({ data, actionData, editing, busy }: { data: LeadPageData; actionData: unknown; editing: boolean; busy: boolean }) {
  const { lead, stages } = data;
  const stageName = stages.find((s) => s.id === lead.stage_id)?.name ?? "—";
  const lastResult = resultFor(actionData, "business");
  const open = editing || !!lastResult;
  return (
    <Card className="min-w-0 p-5" as="section">
      <div className="flex items-center justify-between gap-2">
        <h2 id={LEAD_PAGE_ANCHORS.business} className="text-lg font-semibold">
          Negócio
        </h2>
        <Link to={open ? `/broker/lead/${lead.id}#${LEAD_PAGE_ANCHORS.business}` : `?edit=1#${LEAD_PAGE_ANCHORS.business}`} className={buttonClass("ghost", "sm")} preventScrollReset>
          {open ? "Cancelar" : "Editar"}
        </Link>
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <Item label="Nome">
          <span className="font-medium">{lead.name || "Contato"}</span>
        </Item>
        <Item label="Criado em">{formatDateTime(lead.created_at)}</Item>
        <Item label="Etapa">{stageName}</Item>
        <Item label="Corretor">
          <span className="flex items-center gap-2">
            {lead.broker_photo ? <img src={lead.broker_photo} alt="" className="size-6 rounded-full object-cover" /> : null}
            {lead.broker_name ?? "Sem corretor"}
          </span>
        </Item>
        <Item label="Avaliação">
          <Stars leadId={lead.id} value={lead.rating} actionData={actionData} busy={busy} />
        </Item>
        <Item label="Valor total">{lead.total_value != null ? formatBRL(lead.total_value, { cents: "auto" }) : "—"}</Item>
        <Item label="Tags" className="sm:col-span-2">
          <span className="mt-1 flex flex-wrap gap-1">{lead.tags.length ? lead.tags.map((t) => <Badge key={t} className="max-w-full [overflow-wrap:anywhere]">{t}</Badge>) : "—"}</span>
        </Item>
      </dl>
      {open ? <BusinessForm data={data} lastResult={lastResult} busy={busy} /> : null}
    </Card>
  );
}

function Item({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={cx("min-w-0 [overflow-wrap:anywhere]", className)}>
      <dt className="text-slate-500">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function BusinessForm({ data, lastResult, busy }: { data: LeadPageData; lastResult: ReturnType<typeof resultFor>; busy: boolean }) {
  const { lead } = data;
  const [form, fields] = useAppForm(businessSchema, {
    id: "business",
    lastResult,
    defaultValue: { rating: String(lead.rating), total_value: lead.total_value != null ? String(lead.total_value).replace(".", ",") : "", tags: lead.tags.join(", ") },
  });
  return (
    <Form method="post" action={`/broker/lead/${lead.id}#${LEAD_PAGE_ANCHORS.business}`} {...formProps(form)} className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-3">
      <HiddenField name="intent" value="business" />
      <FormAlert form={form} className="sm:col-span-3" />
      <SelectField meta={fields.rating} label="Avaliação (1 a 5)" options={RATINGS} />
      <TextField meta={fields.total_value} label="Valor total (R$)" inputProps={{ inputMode: "decimal", maxLength: 40, placeholder: "350.000,00" }} />
      <TextField meta={fields.tags} label="Tags (separadas por vírgula)" hint={`Até ${TAG_MAX} caracteres cada.`} inputProps={{ maxLength: 2000 }} />
      <SaveRow pending={busy} span="sm:col-span-3" />
    </Form>
  );
}

/** The stars: each a submit button (1 to 5), a plain form. */
function Stars({ leadId, value, actionData, busy }: { leadId: number; value: number; actionData: unknown; busy: boolean }) {
  const problem = resultFor(actionData, "rating") ? formErrorOf(actionData) : undefined;
  return (
    <Form method="post" action={`/broker/lead/${leadId}#${LEAD_PAGE_ANCHORS.business}`} className="flex flex-wrap items-center gap-0.5" aria-label="Avaliação">
      <input type="hidden" name="intent" value="rating" />
      {[1, 2, 3, 4, 5].map((n) => (
        <button key={n} type="submit" name="rating" value={n} disabled={busy} aria-label={`${n} estrela${n > 1 ? "s" : ""}`} aria-pressed={n <= value} className={cx("text-xl leading-none", n <= value ? "text-amber-500" : "text-slate-300 hover:text-amber-300")}>
          ★
        </button>
      ))}
      {problem ? (
        <span role="alert" className="ml-2 text-xs text-danger-700">
          {problem}
        </span>
      ) : null}
    </Form>
  );
}
