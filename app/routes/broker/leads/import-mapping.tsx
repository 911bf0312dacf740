import { useState } from "react";
import { Form, Link, useLoaderData } from "react-router";
import { Alert, Badge, Button, CancelLink, Card, Field, Options, PageHeader, Select, Table, buttonClass, tdClass, thClass, CardTitle } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { importScreen } from "~/modules/leads/csv-import.route.server";
import { CSV_MESSAGES, IMPORT_FIELDS, IMPORT_FIELD_LABELS } from "~/modules/leads/csv-import";
import { ndjsonMessages, urlEncodedFields } from "~/utils/ndjson";
import type { Route } from "./+types/import-mapping";

export const meta: Route.MetaFunction = () => [{ title: "Mapear colunas | Importar CSV" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  return importScreen(user, params.token ?? "", new URL(request.url).searchParams);
}

type Progress = { done: number; total: number } | null;

/** Steps 2–4: column mapping (02 §2.4), preview with duplicates, import with a progress bar. */
export default function ImportMapping() {
  const d = useLoaderData<typeof loader>();
  const [progress, setProgress] = useState<Progress>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const c = d.choices;
  const hidden = (
    <>
      <input type="hidden" name="submitted" value="1" />
      {IMPORT_FIELDS.map((f) => (c.mapping[f] != null ? <input key={f} type="hidden" name={`map_${f}`} value={c.mapping[f]} /> : null))}
      {d.stageChoice.map((v, i) => (
        <input key={i} type="hidden" name={`stage_${i}`} value={v.chosen ?? "none"} />
      ))}
      {c.forceStageId ? <input type="hidden" name="force" value={c.forceStageId} /> : null}
      <input type="hidden" name="dups" value={c.duplicates} />
      {c.broker ? <input type="hidden" name="broker" value={c.broker} /> : null}
    </>
  );

  async function runWithProgress(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setRunError(null);
    setProgress({ done: 0, total: d.preview?.valid ?? 0 });
    const res = await fetch(`/broker/leads/import/${d.token}/run`, { method: "POST", body: urlEncodedFields(new FormData(e.currentTarget)), headers: { Accept: "application/x-ndjson" } });
    const failed = `${CSV_MESSAGES.failed}: ${CSV_MESSAGES.failedHint}`;
    if (!res.body || !(res.headers.get("Content-Type") ?? "").includes("ndjson")) {
      setProgress(null);
      return setRunError(failed);
    }
    let ended = false;
    for await (const msg of ndjsonMessages<{ done?: number; total?: number; error?: string; redirect?: string }>(res.body, () => ({ error: failed }))) {
      if (msg.error) {
        ended = true;
        setProgress(null);
        setRunError(msg.error);
      } else if (msg.redirect) {
        ended = true;
        window.location.assign(msg.redirect);
      } else if (msg.total != null) setProgress({ done: msg.done ?? 0, total: msg.total });
    }
    // a connection that closed without an answer
    if (!ended) {
      setProgress(null);
      setRunError(failed);
    }
  }

  const pct = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader title="Importar leads (CSV)" subtitle={`${d.fileName} · ${d.rowCount} linha(s) · ${d.encoding.toUpperCase()} · separador "${d.delimiter === "\t" ? "tab" : d.delimiter}"`} />
      <Card className="p-5">
        <CardTitle>Mapeamento de colunas</CardTitle>
        <Form method="get" className="mt-4 space-y-5">
          <input type="hidden" name="submitted" value="1" />
          <input type="hidden" name="preview" value="1" />
          <div className="grid gap-3 sm:grid-cols-2">
            {IMPORT_FIELDS.map((f) => (
              <Field key={f} label={IMPORT_FIELD_LABELS[f]} htmlFor={`map_${f}`}>
                <Select id={`map_${f}`} name={`map_${f}`} defaultValue={c.mapping[f] ?? ""}>
                  <option value="">Não usar</option>
                  {d.headers.map((h, i) => (
                    <option key={i} value={i}>
                      {h || `Coluna ${i + 1}`}
                    </option>
                  ))}
                </Select>
              </Field>
            ))}
          </div>
          {d.stageChoice.length ? (
            <div>
              <h3 className="text-sm font-semibold">Valores de estágio no CSV</h3>
              <p className="text-xs text-slate-600">
                Sem correspondência: <strong data-unmatched>{c.unmatched}</strong> linha(s)
              </p>
              <Table className="mt-2">
                <thead className="bg-slate-50">
                  <tr>
                    <th className={thClass}>Valor no CSV</th>
                    <th className={thClass}>Linhas</th>
                    <th className={thClass}>Etapa do CRM</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {d.stageChoice.map((v, i) => (
                    <tr key={i}>
                      <td className={tdClass}>{v.value}</td>
                      <td className={tdClass}>{v.count}</td>
                      <td className={tdClass}>
                        <Select name={`stage_${i}`} aria-label={`Etapa para ${v.value}`} defaultValue={v.chosen ?? "none"} className="min-w-40">
                          <option value="none">Não usar</option>
                          <Options options={d.stages.map((s) => ({ value: s.id, label: s.name }))} />
                        </Select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Forçar estágio (todos)" htmlFor="force">
              <Select id="force" name="force" defaultValue={c.forceStageId ?? ""}>
                <option value="">Não forçar</option>
                <Options options={d.stages.map((s) => ({ value: s.id, label: s.name }))} />
              </Select>
            </Field>
            <Field label="Duplicados (mesmo email ou telefone)" htmlFor="dups">
              <Select id="dups" name="dups" defaultValue={c.duplicates}>
                <option value="skip">Pular</option>
                <option value="merge">Mesclar com o lead existente</option>
              </Select>
            </Field>
            {d.isAdmin ? (
              <Field label="Corretor" htmlFor="broker">
                <Select id="broker" name="broker" defaultValue={c.broker ?? ""}>
                  <option value="">Selecione um corretor</option>
                  <Options options={d.brokers.map((b) => ({ value: b.id, label: b.name }))} />
                </Select>
              </Field>
            ) : null}
          </div>
          <div className="flex gap-2">
            <Button type="submit" variant="secondary">
              Pré-visualizar
            </Button>
            <Link to="/broker/leads" className={buttonClass("ghost")}>
              Cancelar
            </Link>
          </div>
        </Form>
      </Card>

      {d.error ? <Alert tone="danger">{d.error}</Alert> : null}
      {d.preview ? (
        <Card className="p-5" as="section">
          <CardTitle>Pré-visualização</CardTitle>
          <p className="mt-1 text-sm text-slate-700" data-preview-summary>
            {d.preview.valid} lead(s) para importar · {d.preview.skippedCount} linha(s) sem e-mail e sem telefone serão ignoradas · {d.preview.duplicates.length} possível(is) duplicado(s)
          </p>
          {d.preview.skippedCount ? (
            <details className="mt-2 text-sm text-slate-700" open={d.preview.skippedCount <= 10} data-skipped>
              <summary className="cursor-pointer font-medium">Linhas ignoradas</summary>
              <ul className="mt-1 list-disc pl-5">
                {d.preview.skipped.map((r) => (
                  <li key={r.line}>
                    Linha {r.line}: {r.reason}
                  </li>
                ))}
                {d.preview.skippedCount > d.preview.skipped.length ? <li>… e mais {d.preview.skippedCount - d.preview.skipped.length}</li> : null}
              </ul>
            </details>
          ) : null}
          <Table className="mt-3">
            <thead className="bg-slate-50">
              <tr>
                <th className={thClass}>Linha</th>
                <th className={thClass}>Nome</th>
                <th className={thClass}>Email</th>
                <th className={thClass}>Telefone</th>
                <th className={thClass}>Tags</th>
                <th className={thClass}>Etapa</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.preview.sample.map((r) => (
                <tr key={r.line}>
                  <td className={tdClass}>{r.line}</td>
                  <td className={tdClass}>{r.name}</td>
                  <td className={tdClass}>{r.email}</td>
                  <td className={tdClass}>{r.phone}</td>
                  <td className={tdClass}>{r.tags.map((t) => <Badge key={t} className="mr-1">{t}</Badge>)}</td>
                  <td className={tdClass}>{r.stage ?? "Entrada padrão"}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {d.preview.duplicates.length ? (
            <Alert tone="warning" className="mt-3" title={`Possíveis duplicados (${c.duplicates === "merge" ? "serão mesclados" : "serão pulados"})`}>
              <ul className="mt-1 list-disc pl-5" data-duplicates>
                {d.preview.duplicates.map((r) => (
                  <li key={`${r.line}-${r.name}`}>
                    {r.line ? `Linha ${r.line}: ` : ""}
                    {r.name} {r.email} {r.phone}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <Form method="post" action={`/broker/leads/import/${d.token}/run`} className="mt-4 space-y-3" onSubmit={runWithProgress}>
            {hidden}
            {runError ? <Alert tone="danger" title={CSV_MESSAGES.failed}>{runError}</Alert> : null}
            {progress ? (
              <div>
                <div className="h-2 w-full overflow-hidden rounded bg-slate-200" role="progressbar" aria-label="Progresso da importação" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
                  <div className="h-full bg-brand-700 transition-all" style={{ width: `${pct}%` }} />
                </div>
                <p className="mt-1 text-sm" aria-live="polite">
                  {progress.done}/{progress.total}
                </p>
              </div>
            ) : null}
            <div className="flex gap-2">
              <Button type="submit" disabled={!!progress && !runError}>
                Importar
              </Button>
              <CancelLink to="/broker/leads" />
            </div>
          </Form>
        </Card>
      ) : null}
    </div>
  );
}
