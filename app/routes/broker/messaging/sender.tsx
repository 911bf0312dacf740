import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { ComingSoon } from "~/components/messaging/coming-soon";
import { StatusBadge } from "~/components/messaging/status-badge";
import { Alert, Button, buttonClass, Card, cx, Field, Input, PageHeader, Textarea } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { CampaignCsvError, CSV_LOAD_ERROR, parseCampaignCsv } from "~/modules/messaging/campaign-csv.server";
import { CAMPAIGN_MESSAGES, MAX_CAMPAIGN_LEADS, personalise } from "~/modules/messaging/campaign-rules";
import { finaliseDraft, launchCampaign, leadsForCampaign, loadDraft, saveDraftDetails, setDraftLeads, setDraftTiming } from "~/modules/messaging/campaigns.server";
import { CampaignError } from "~/modules/messaging/campaign-types";
import { gatewaySummary } from "~/modules/messaging/gateway-settings.server";
import { DEFAULT_TIMING, MIN_INTERVAL_SECONDS, timingSchema, WEEKDAY_LABELS } from "~/modules/messaging/timing";
import { connectionStatusOf } from "~/modules/messaging/whatsapp-connections.server";
import type { Route } from "./+types/sender";

export const meta: Route.MetaFunction = () => [{ title: "Campanha de WhatsApp | Painel do corretor" }];

const STEPS = ["Conexão", "Campanha", "Leads", "Lançamento"] as const;

function stepOf(url: URL): number {
  const n = Number(url.searchParams.get("step"));
  return Number.isInteger(n) && n >= 1 && n <= 4 ? n : 1;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const gateway = await gatewaySummary();
  if (!gateway.configured) return { comingSoon: true as const };
  const id = Number(url.searchParams.get("c"));
  const draft = Number.isInteger(id) && id > 0 ? await loadDraft(user, id).catch(() => null) : null;
  if (draft && draft.status !== "draft") throw redirect(`/broker/whatsapp/campaign/${draft.id}`);
  // The step headers are links; a step whose predecessors are incomplete falls back (spec 03 §4 'Wizard').
  let step = stepOf(url);
  if (step >= 3 && !(draft?.name && draft.message)) step = 2;
  if (step === 4 && !draft?.leads.length) step = 3;
  const status = user.broker ? await connectionStatusOf(user.broker.id) : null;
  const crmLeads = step === 3 ? await leadsForCampaign(user, url.searchParams.get("q") ?? undefined) : [];
  return { comingSoon: false as const, step, draft, connection: status, crmLeads, q: url.searchParams.get("q") ?? "", csvLoaded: Number(url.searchParams.get("csv")) || null };
}

const detailsSchema = z.object({
  name: z.string().trim().max(120, "Nome muito longo").default(""),
  message: z.string().trim().max(4000, "Mensagem muito longa (máximo 4000 caracteres)").default(""),
});

function timingFrom(fd: FormData) {
  return timingSchema.safeParse({
    startTime: String(fd.get("startTime") ?? ""),
    endTime: String(fd.get("endTime") ?? ""),
    weekdays: WEEKDAY_LABELS.map((_, i) => fd.get(`weekday${i}`) === "on"),
    intervalSeconds: Number(fd.get("intervalSeconds")),
  });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const idParam = Number(url.searchParams.get("c"));
  const campaignId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const fd = await request.formData();
  const intent = String(fd.get("intent") ?? "");
  const back = (step: number, id: number | null = campaignId, extra = "") => `/broker/whatsapp/sender?${id ? `c=${id}&` : ""}step=${step}${extra}`;
  try {
    if (intent === "details") {
      const parsed = detailsSchema.safeParse({ name: fd.get("name") ?? "", message: fd.get("message") ?? "" });
      if (!parsed.success) return data({ error: parsed.error.issues[0].message, field: "message" }, { status: 400 });
      const id = await saveDraftDetails(user, parsed.data, campaignId);
      return redirect(back(3, id));
    }
    if (!campaignId) return data({ error: CAMPAIGN_MESSAGES.incomplete, field: null }, { status: 400 });
    if (intent === "pick-leads") {
      const chosen = new Set(fd.getAll("lead").map(Number).filter(Number.isInteger));
      const available = await leadsForCampaign(user);
      const leads = available.filter((l) => l.leadId != null && chosen.has(l.leadId));
      if (leads.length === 0) return data({ error: CAMPAIGN_MESSAGES.leads, field: "leads" }, { status: 400 });
      await setDraftLeads(user, campaignId, leads);
      return redirect(back(4));
    }
    if (intent === "csv") {
      const file = fd.get("file");
      if (!(file instanceof File) || file.size === 0) return data({ error: CSV_LOAD_ERROR, field: "file" }, { status: 400 });
      const leads = parseCampaignCsv(new Uint8Array(await file.arrayBuffer()));
      if (leads.length === 0) return data({ error: CAMPAIGN_MESSAGES.leads, field: "file" }, { status: 400 });
      await setDraftLeads(user, campaignId, leads);
      return redirectWithToast(back(3, campaignId, `&csv=${leads.length}`), { type: "success", message: `${leads.length} leads carregados do CSV` });
    }
    if (intent === "save" || intent === "launch") {
      const timing = timingFrom(fd);
      if (!timing.success) return data({ error: timing.error.issues[0].message, field: "timing" }, { status: 400 });
      await setDraftTiming(user, campaignId, timing.data);
      await finaliseDraft(user, campaignId);
      if (intent === "save") return redirectWithToast("/broker/campaigns", { type: "success", message: "Campanha salva como rascunho." });
      const result = await launchCampaign(user, campaignId);
      const toast =
        result.scheduled === 0
          ? { type: "error" as const, message: CAMPAIGN_MESSAGES.scheduleFailed }
          : result.failed + result.skipped > 0
            ? { type: "info" as const, message: CAMPAIGN_MESSAGES.partial(result.scheduled, result.failed + result.skipped) }
            : { type: "success" as const, message: `Campanha lançada: ${result.scheduled} mensagem(ns) agendada(s).` };
      return redirectWithToast(`/broker/whatsapp/campaign/${campaignId}`, toast);
    }
    return data({ error: "Pedido inválido", field: null }, { status: 400 });
  } catch (error) {
    if (error instanceof CampaignError || error instanceof CampaignCsvError) return data({ error: error.message, field: null }, { status: 400 });
    throw error;
  }
}

export default function Sender() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  if (loaderData.comingSoon) return <ComingSoon />;
  const { step, draft, connection, crmLeads, q, csvLoaded } = loaderData;
  const busy = navigation.state !== "idle";
  const c = draft ? `c=${draft.id}&` : "";
  const connected = connection === "connected";
  const timing = draft?.timing ?? DEFAULT_TIMING;
  const selected = new Set(draft?.leads.map((l) => l.leadId) ?? []);

  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Nova campanha"
        subtitle="Envie uma mensagem personalizada para vários leads, no horário e no ritmo que você escolher."
        actions={
          <Link to="/broker/whatsapp" className={buttonClass(connected ? "secondary" : "primary")}>
            {connected ? "Reconectar" : "Conectar WhatsApp"}
          </Link>
        }
      />
      <nav aria-label="Etapas da campanha" className="mb-6">
        <ol className="grid grid-cols-4 gap-2 text-sm">
          {STEPS.map((label, i) => {
            const n = i + 1;
            return (
              <li key={label}>
                <Link
                  to={`?${c}step=${n}`}
                  aria-current={n === step ? "step" : undefined}
                  className={cx("block rounded-lg border px-3 py-2 text-center font-medium", n === step ? "border-brand-600 bg-brand-50 text-brand-800" : n < step ? "border-success-600/40 text-success-700" : "border-slate-200 text-slate-600")}
                >
                  <span className="mr-1">{n}</span>
                  <span className="hidden sm:inline">{label}</span>
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
      {actionData?.error ? (
        <Alert tone="danger" className="mb-4">
          {actionData.error}
        </Alert>
      ) : null}

      {step <= 2 ? (
        <Card className="space-y-5 p-5">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium text-slate-700">WhatsApp:</span>
            {connection ? <StatusBadge status={connection} /> : <StatusBadge status="unknown" />}
            {!connected ? <span className="text-slate-600">Conecte antes de lançar; você pode preparar a campanha agora.</span> : null}
          </div>
          <Form method="post" action={`?${c}step=2`} className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="details" />
            <Field label="Nome da campanha" htmlFor="cmp-name">
              <Input id="cmp-name" name="name" defaultValue={draft?.name ?? ""} maxLength={120} required />
            </Field>
            <Field label="Mensagem" htmlFor="cmp-message" hint="Use {nome} para o primeiro nome do lead. Um link de imagem (.jpg, .png) é enviado como foto com legenda.">
              <Textarea id="cmp-message" name="message" rows={6} defaultValue={draft?.message ?? ""} maxLength={4000} required />
            </Field>
            <div className="flex justify-end">
              <Button type="submit" pending={busy}>
                Próximo: leads
              </Button>
            </div>
          </Form>
        </Card>
      ) : null}

      {step === 3 && draft ? (
        <div className="space-y-4">
          <Card className="p-5">
            <p className="text-sm text-slate-700" data-testid="lead-summary">
              {draft.leads.length > 0 ? `${draft.leads.length} lead(s) selecionado(s) para esta campanha.` : "Nenhum lead selecionado ainda."}
              {csvLoaded ? ` ${csvLoaded} leads carregados do CSV.` : ""}
            </p>
            {draft.leads.length > 0 ? (
              <Link to={`?${c}step=4`} className={buttonClass("primary", "sm", "mt-3")}>
                Próximo: lançamento
              </Link>
            ) : null}
          </Card>
          <Card className="p-5">
            <h2 className="text-base font-semibold">Importar CSV</h2>
            <p className="mt-1 text-sm text-slate-600">Colunas nome e telefone; a primeira linha é o cabeçalho. Até {MAX_CAMPAIGN_LEADS} linhas.</p>
            <Form method="post" encType="multipart/form-data" action={`?${c}step=3`} className="mt-3 flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="csv" />
              <Field label="Arquivo CSV" htmlFor="cmp-csv" className="min-w-0 flex-1">
                <Input id="cmp-csv" name="file" type="file" accept=".csv,text/csv" required />
              </Field>
              <Button type="submit" variant="secondary" pending={busy && navigation.formData?.get("intent") === "csv"}>
                Carregar CSV
              </Button>
              <a href="/broker/whatsapp/modelo.csv" className="text-sm font-medium text-brand-700 underline">
                Baixar modelo
              </a>
            </Form>
          </Card>
          <Card className="p-5">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 className="text-base font-semibold">Leads do CRM</h2>
              <Form method="get" className="flex gap-2">
                <input type="hidden" name="c" value={draft.id} />
                <input type="hidden" name="step" value="3" />
                <label htmlFor="cmp-q" className="sr-only">
                  Buscar lead
                </label>
                <Input id="cmp-q" name="q" defaultValue={q} placeholder="Buscar por nome" className="w-48" />
                <Button type="submit" variant="secondary">
                  Buscar
                </Button>
              </Form>
            </div>
            <Form method="post" action={`?${c}step=3`} className="mt-3">
              <input type="hidden" name="intent" value="pick-leads" />
              {crmLeads.length === 0 ? (
                <p className="py-6 text-center text-sm text-slate-600">Nenhum lead com telefone encontrado.</p>
              ) : (
                <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
                  {crmLeads.map((l) => (
                    <li key={l.leadId}>
                      <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                        <input type="checkbox" name="lead" value={l.leadId ?? ""} defaultChecked={selected.has(l.leadId)} className="size-4" />
                        <span className="flex-1 truncate font-medium text-slate-800">{l.name || "Sem nome"}</span>
                        <span className="text-slate-600">{l.phone}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-3 flex justify-end">
                <Button type="submit" pending={busy && navigation.formData?.get("intent") === "pick-leads"}>
                  Usar selecionados
                </Button>
              </div>
            </Form>
          </Card>
        </div>
      ) : null}

      {step === 4 && draft ? (
        <Form method="post" action={`?${c}step=4`} className="space-y-4" noValidate>
          <Card className="p-5">
            <h2 className="text-base font-semibold">Revisão</h2>
            <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="font-medium text-slate-700">Campanha</dt>
                <dd className="text-slate-900">{draft.name}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">Leads</dt>
                <dd className="text-slate-900">{draft.leads.length}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="font-medium text-slate-700">Prévia da mensagem</dt>
                <dd className="mt-1 whitespace-pre-wrap rounded-lg bg-success-50 p-3 text-slate-900">{personalise(draft.message, draft.leads[0]?.name ?? "")}</dd>
              </div>
            </dl>
          </Card>
          <Card className="space-y-4 p-5">
            <h2 className="text-base font-semibold">Quando enviar</h2>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Início" htmlFor="cmp-start">
                <Input id="cmp-start" name="startTime" type="time" defaultValue={timing.startTime} required />
              </Field>
              <Field label="Fim" htmlFor="cmp-end">
                <Input id="cmp-end" name="endTime" type="time" defaultValue={timing.endTime} required />
              </Field>
              <Field label="Intervalo entre envios (segundos)" htmlFor="cmp-interval" hint="Com variação aleatória de até 20%.">
                <Input id="cmp-interval" name="intervalSeconds" type="number" min={MIN_INTERVAL_SECONDS} step={1} defaultValue={timing.intervalSeconds} required />
              </Field>
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Dias da semana</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {WEEKDAY_LABELS.map((label, i) => (
                  <label key={label} className="flex items-center gap-1.5 rounded-lg border border-slate-200 px-3 py-1.5 text-sm">
                    <input type="checkbox" name={`weekday${i}`} defaultChecked={timing.weekdays[i]} className="size-4" />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            <p className="text-xs text-slate-600">Envios fora da janela passam para o início do próximo dia permitido (até 14 dias). Números novos começam com poucos envios por dia e aumentam aos poucos.</p>
          </Card>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="submit" name="intent" value="save" variant="secondary" pending={busy && navigation.formData?.get("intent") === "save"}>
              Salvar campanha
            </Button>
            <Button type="submit" name="intent" value="launch" pending={busy && navigation.formData?.get("intent") === "launch"}>
              Lançar agora
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
