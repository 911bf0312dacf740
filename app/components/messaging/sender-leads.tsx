import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert, Badge, Button, buttonClass, Card, Field, Input, CardTitle } from "~/components/ui";
import { ListScreen } from "~/components/ui/list-screen";
import { MAX_CAMPAIGN_LEADS } from "~/modules/messaging/campaign-rules";
import { OptOutBadge } from "./opt-out-badge";

/**
 * Step 3 of the sender (spec 03 §2.4): the recipients chosen so far (one
 * per number; opted-out and invalid numbers marked), the CSV import with
 * its template, and the CRM lead picker with 'Selecionar todos' (a checkbox
 * with JavaScript; a button that takes every lead of the search without).
 */
type Recipient = {
  key: number;
  name: string;
  phone: string;
  fromCrm: boolean;
  invalid: boolean;
  optedOut: boolean;
};
type Pickable = {
  leadId: number;
  name: string;
  phone: string;
  optedOut: boolean;
};

export function RecipientBadges({ r }: { r: { invalid: boolean; optedOut: boolean } }) {
  if (r.optedOut) return <OptOutBadge />;
  if (r.invalid) return <Badge tone="warning">Telefone inválido</Badge>;
  return <Badge tone="success">Recebe</Badge>;
}

export function LeadsStep(props: {
  query: string;
  draftId: number;
  recipients: Recipient[];
  crmLeads: Pickable[];
  selected: number[];
  q: string;
  csvError: string | undefined;
  pickError: string | undefined;
}) {
  const { query, draftId, recipients, crmLeads, q } = props;
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const selected = new Set(props.selected);
  const blocked = recipients.filter((r) => r.optedOut).length;
  const choosable = crmLeads.filter((l) => !l.optedOut).length;
  // the select-all checkbox needs script; without it the 'Usar todos' button does the same on the server
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="space-y-4">
      <Card className="p-5">
        <p className="text-sm text-slate-700" data-testid="lead-summary">
          {recipients.length > 0 ? `${recipients.length} lead(s) selecionado(s) para esta campanha.` : "Nenhum lead selecionado ainda."}
          {blocked ? ` ${blocked} não recebe(m) WhatsApp (pediram SAIR).` : ""}
        </p>
        {recipients.length > 0 ? (
          <Link to={`?${query}step=4`} className={buttonClass("primary", "sm", "mt-3")}>
            Próximo: lançamento
          </Link>
        ) : null}
        {recipients.length > 0 ? (
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-medium text-brand-700">Ver destinatários</summary>
            <ListScreen
              className="mt-3"
              rows={recipients}
              rowKey={(r) => r.key}
              caption="Destinatários da campanha"
              empty={{ title: "Nenhum destinatário" }}
              columns={[
                {
                  key: "name",
                  header: "Nome",
                  primary: true,
                  cell: (r) => r.name || "Sem nome",
                },
                { key: "phone", header: "Telefone", cell: (r) => r.phone },
                {
                  key: "origin",
                  header: "Origem",
                  cell: (r) => (r.fromCrm ? "CRM" : "CSV"),
                },
                {
                  key: "status",
                  header: "Situação",
                  cell: (r) => <RecipientBadges r={r} />,
                },
              ]}
            />
          </details>
        ) : null}
      </Card>
      <Card className="p-5">
        <CardTitle>Importar CSV</CardTitle>
        <p className="mt-1 text-sm text-slate-600">Colunas nome e telefone; a primeira linha é o cabeçalho. Até {MAX_CAMPAIGN_LEADS} linhas; números repetidos entram uma vez só.</p>
        <Form method="post" encType="multipart/form-data" action={`?${query}step=3`} className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
          <input type="hidden" name="intent" value="csv" />
          <Field label="Arquivo CSV" htmlFor="cmp-csv" error={props.csvError} className="min-w-0">
            <Input
              id="cmp-csv"
              name="file"
              type="file"
              accept=".csv,text/csv"
              className="w-full"
              aria-invalid={props.csvError ? true : undefined}
              aria-describedby={props.csvError ? "cmp-csv-error" : undefined}
            />
          </Field>
          <Button type="submit" variant="secondary" pending={pending("csv")} className="w-full sm:w-auto">
            Carregar CSV
          </Button>
          <a href="/broker/whatsapp/modelo.csv" className="text-sm font-medium text-brand-700 underline sm:col-span-2">
            Baixar modelo
          </a>
        </Form>
      </Card>
      <Card className="p-5">
        <CardTitle>Leads do CRM</CardTitle>
        {props.pickError ? (
          <Alert tone="danger" className="mt-3">
            {props.pickError}
          </Alert>
        ) : null}
        <Form method="post" id="pick-leads" action={`?${query}step=3`}>
          <input type="hidden" name="intent" value="pick-leads" />
        </Form>
        <ListScreen
          className="mt-3"
          search={{
            label: "Buscar lead",
            placeholder: "Buscar por nome",
            defaultValue: q,
            hidden: { c: String(draftId), step: "3" },
          }}
          toolbar={
            choosable > 0 ? (
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <label className="flex items-center gap-2 font-medium text-slate-800" hidden={!hydrated}>
                  <input
                    type="checkbox"
                    className="size-4"
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      document.querySelectorAll<HTMLInputElement>("input[form=pick-leads][name=lead]:not(:disabled)").forEach((box) => (box.checked = on));
                    }}
                  />
                  Selecionar todos
                </label>
                <Form method="post" action={`?${query}step=3`}>
                  <input type="hidden" name="q" value={q} />
                  <Button type="submit" name="intent" value="pick-all" variant="secondary" size="sm" pending={pending("pick-all")}>
                    Usar todos os {choosable} {q ? "encontrados" : "leads"}
                  </Button>
                </Form>
              </div>
            ) : null
          }
          rows={crmLeads}
          rowKey={(l) => l.leadId}
          caption="Leads do CRM com telefone"
          empty={{ title: "Nenhum lead com telefone encontrado." }}
          // 'Selecionar todos' sits in the toolbar, seen on a phone too
          selection={{
            formId: "pick-leads",
            name: "lead",
            value: (l) => String(l.leadId),
            label: (l) => `Selecionar ${l.name || l.phone}`,
              defaultChecked: (l) => selected.has(l.leadId) && !l.optedOut,
            disabled: (l) => l.optedOut,
          }}
          columns={[
            {
              key: "name",
              header: "Nome",
              primary: true,
              cell: (l) => l.name || "Sem nome",
            },
            { key: "phone", header: "Telefone", cell: (l) => l.phone },
            {
              key: "status",
              header: "WhatsApp",
              cell: (l) => <RecipientBadges r={{ invalid: false, optedOut: l.optedOut }} />,
            },
          ]}
        />
        <div className="mt-3 flex justify-end">
          <Button type="submit" form="pick-leads" pending={pending("pick-leads")}>
            Usar selecionados
          </Button>
        </div>
      </Card>
    </div>
  );
}
