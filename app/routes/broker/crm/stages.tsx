import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { Alert, Badge, Button, Card, Field, Input, Modal, PageHeader, Select, buttonClass } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { assertCan } from "~/modules/auth/permissions.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS } from "~/modules/crm/labels";
import {
  StageError,
  createStage,
  deleteStage,
  ensureDefaultPipeline,
  listStages,
  moveStage,
  setEntryStage,
  stageSchema,
  updateStage,
} from "~/modules/crm/pipeline.server";
import { MSG_STAGE_HAS_DEALS } from "~/modules/crm/board";
import { entryStageId } from "~/modules/crm/stages.server";
import { createTemplate, deleteTemplate, listTemplates, setTemplateActive, templateSchema } from "~/modules/crm/stage-templates.server";
import type { Route } from "./+types/stages";

export const meta: Route.MetaFunction = () => [{ title: "Gerenciar Etapas | CRM" }];

const HERE = "/broker/crm/stages";
const ADMIN_ONLY = "Apenas administradores podem gerenciar etapas";
const idSchema = z.coerce.number().int().positive();

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  assertCan(user, "update", "stage", undefined, { message: ADMIN_ONLY });
  await ensureDefaultPipeline();
  const [stages, entry] = await Promise.all([listStages(), entryStageId()]);
  const url = new URL(request.url);
  const editId = idSchema.safeParse(url.searchParams.get("edit"));
  const editing = editId.success ? (stages.find((s) => s.id === editId.data) ?? null) : null;
  return { stages, entry, editing, templates: editing ? await listTemplates(editing.id) : [], creating: url.searchParams.get("new") === "1" };
}

type ActionResult = { intent: string; error?: string; fieldErrors?: Record<string, string[] | null | undefined> };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  assertCan(user, "update", "stage", undefined, { message: ADMIN_ONLY });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const stageId = idSchema.safeParse(form.get("stageId"));
  const fail = (body: ActionResult, status = 400) => data(body, { status });
  try {
    switch (intent) {
      case "create":
      case "update": {
        const submission = parseWithZod(form, { schema: stageSchema });
        if (submission.status !== "success") return fail({ intent, fieldErrors: submission.error ?? {} });
        if (intent === "create") {
          const id = await createStage(user, submission.value);
          return redirectWithToast(`${HERE}?edit=${id}`, { type: "success", message: "Etapa criada" });
        }
        if (!stageId.success) return fail({ intent, error: "Etapa não encontrada." }, 404);
        await updateStage(user, stageId.data, submission.value);
        return redirectWithToast(HERE, { type: "success", message: "Etapa salva" });
      }
      case "delete":
        if (!stageId.success) return fail({ intent, error: "Etapa não encontrada." }, 404);
        await deleteStage(user, stageId.data);
        return redirectWithToast(HERE, { type: "success", message: "Etapa excluída" });
      case "up":
      case "down":
        if (!stageId.success) return fail({ intent, error: "Etapa não encontrada." }, 404);
        await moveStage(user, stageId.data, intent);
        return redirectWithToast(HERE, { type: "success", message: "Ordem das etapas salva" });
      case "entry":
        if (!stageId.success) return fail({ intent, error: "Etapa não encontrada." }, 404);
        await setEntryStage(user, stageId.data);
        return redirectWithToast(HERE, { type: "success", message: "Etapa de entrada de leads salva" });
      case "template-create": {
        if (!stageId.success) return fail({ intent, error: "Etapa não encontrada." }, 404);
        const submission = parseWithZod(form, { schema: templateSchema });
        if (submission.status !== "success") return fail({ intent, fieldErrors: submission.error ?? {} });
        await createTemplate(user, stageId.data, submission.value);
        return redirectWithToast(`${HERE}?edit=${stageId.data}`, { type: "success", message: "Atividade automática criada" });
      }
      case "template-toggle":
      case "template-delete": {
        const templateId = idSchema.safeParse(form.get("templateId"));
        if (!templateId.success || !stageId.success) return fail({ intent, error: "Atividade não encontrada." }, 404);
        if (intent === "template-delete") await deleteTemplate(user, templateId.data);
        else await setTemplateActive(user, templateId.data, form.get("active") === "1");
        return redirectWithToast(`${HERE}?edit=${stageId.data}`, { type: "success", message: "Atividade automática salva" });
      }
      default:
        return fail({ intent, error: "Ação inválida." });
    }
  } catch (error) {
    if (error instanceof StageError) return fail({ intent, error: error.message }, error.status);
    throw error;
  }
}

function StageForm({ intent, stage, errors }: { intent: "create" | "update"; stage?: { id: number; name: string; probability: number | null }; errors?: ActionResult["fieldErrors"] }) {
  return (
    <Form method="post" action={stage ? `${HERE}?edit=${stage.id}` : `${HERE}?new=1`} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {stage ? <input type="hidden" name="stageId" value={stage.id} /> : null}
      <Field label="Nome da etapa" htmlFor={`${intent}-name`} error={errors?.name}>
        <Input id={`${intent}-name`} name="name" defaultValue={stage?.name ?? ""} maxLength={80} />
      </Field>
      <Field label="Probabilidade (%)" htmlFor={`${intent}-probability`} error={errors?.probability} hint="De 0 a 100; 90 ou mais conta como ganho.">
        <Input id={`${intent}-probability`} name="probability" type="number" min={0} max={100} step={1} defaultValue={stage?.probability ?? ""} />
      </Field>
      <div className="flex justify-end gap-2">
        <Link to={HERE} className={buttonClass("secondary")}>Cancelar</Link>
        <Button type="submit">{intent === "create" ? "Criar etapa" : "Salvar etapa"}</Button>
      </div>
    </Form>
  );
}

export default function Stages() {
  const { stages, entry, editing, templates, creating } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Gerenciar Etapas"
        subtitle="Etapas do funil, etapa de entrada dos leads e atividades automáticas."
        actions={
          <>
            <Link to="/broker/crm" className={buttonClass("secondary")}>Voltar ao CRM</Link>
            <Link to={`${HERE}?new=1`} className={buttonClass("primary")}>Nova etapa</Link>
          </>
        }
      />
      {result?.error ? (
        <Alert tone="danger" className="mb-4" title={result.error}>
          {result.error === MSG_STAGE_HAS_DEALS ? "A etapa tem negócios ou leads. Mova-os para outra etapa antes de excluir." : null}
        </Alert>
      ) : null}
      <Card>
        <ol className="divide-y divide-slate-200">
          {stages.map((stage, i) => (
            <li key={stage.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-stage={stage.name}>
              <span className="w-6 text-sm text-slate-500">{i + 1}.</span>
              <span className="min-w-40 flex-1 font-medium">
                {stage.name}
                {stage.probability != null ? <span className="ml-2 text-sm text-slate-500">{stage.probability}%</span> : null}
                {stage.id === entry ? <Badge tone="info" className="ml-2">Entrada de leads</Badge> : null}
              </span>
              <div className="flex flex-wrap gap-1">
                <Form method="post" action={HERE} className="flex flex-wrap gap-1">
                  <input type="hidden" name="stageId" value={stage.id} />
                  <Button type="submit" name="intent" value="up" variant="ghost" size="sm" disabled={i === 0} aria-label={`Mover ${stage.name} para cima`}>↑</Button>
                  <Button type="submit" name="intent" value="down" variant="ghost" size="sm" disabled={i === stages.length - 1} aria-label={`Mover ${stage.name} para baixo`}>↓</Button>
                  {stage.id !== entry ? <Button type="submit" name="intent" value="entry" variant="ghost" size="sm">Definir como entrada</Button> : null}
                </Form>
                <Link to={`${HERE}?edit=${stage.id}`} className={buttonClass("secondary", "sm")} aria-label={`Editar ${stage.name}`}>Editar</Link>
                <Form method="post" action={HERE}>
                  <input type="hidden" name="stageId" value={stage.id} />
                  <Button type="submit" name="intent" value="delete" variant="danger" size="sm" aria-label={`Excluir ${stage.name}`}>Excluir</Button>
                </Form>
              </div>
            </li>
          ))}
        </ol>
      </Card>

      {creating ? (
        <Modal title="Nova etapa">
          <StageForm intent="create" errors={result?.intent === "create" ? result.fieldErrors : undefined} />
        </Modal>
      ) : null}
      {editing ? (
        <Modal title={`Editar etapa: ${editing.name}`} wide>
          <StageForm intent="update" stage={editing} errors={result?.intent === "update" ? result.fieldErrors : undefined} />
          <h3 className="mt-6 text-base font-semibold">Atividades automáticas</h3>
          <p className="text-sm text-slate-600">Criadas quando um negócio entra nesta etapa, com vencimento após as horas indicadas.</p>
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {templates.length === 0 ? <li className="px-3 py-2 text-sm text-slate-600">Nenhuma atividade automática.</li> : null}
            {templates.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                <span className="flex-1">
                  <strong>{t.subject}</strong> · {ACTIVITY_TYPE_LABELS[t.type]} · +{t.offset_hours} h {t.active ? <Badge tone="success">Ativa</Badge> : <Badge>Inativa</Badge>}
                </span>
                <Form method="post" action={`${HERE}?edit=${editing.id}`} className="flex gap-1">
                  <input type="hidden" name="stageId" value={editing.id} />
                  <input type="hidden" name="templateId" value={t.id} />
                  <input type="hidden" name="active" value={t.active ? "0" : "1"} />
                  <Button type="submit" name="intent" value="template-toggle" variant="ghost" size="sm">{t.active ? "Desativar" : "Ativar"}</Button>
                  <Button type="submit" name="intent" value="template-delete" variant="ghost" size="sm">Remover</Button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" action={`${HERE}?edit=${editing.id}`} className="mt-4 grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="template-create" />
            <input type="hidden" name="stageId" value={editing.id} />
            <Field label="Assunto" htmlFor="tpl-subject" error={result?.intent === "template-create" ? result.fieldErrors?.subject : undefined}>
              <Input id="tpl-subject" name="subject" maxLength={160} />
            </Field>
            <Field label="Tipo" htmlFor="tpl-type">
              <Select id="tpl-type" name="type" defaultValue="followup">
                {ACTIVITY_TYPES.map((t) => <option key={t} value={t}>{ACTIVITY_TYPE_LABELS[t]}</option>)}
              </Select>
            </Field>
            <Field label="Vencimento após (horas)" htmlFor="tpl-offset" error={result?.intent === "template-create" ? result.fieldErrors?.offsetHours : undefined}>
              <Input id="tpl-offset" name="offsetHours" type="number" step={1} defaultValue={0} />
            </Field>
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input type="checkbox" name="active" defaultChecked className="size-4" /> Ativa
            </label>
            <Field label="Descrição" htmlFor="tpl-content" className="sm:col-span-2">
              <Input id="tpl-content" name="content" maxLength={2000} />
            </Field>
            <div className="flex justify-end sm:col-span-2">
              <Button type="submit" variant="secondary">Adicionar atividade automática</Button>
            </div>
          </Form>
        </Modal>
      ) : null}
    </div>
  );
}
