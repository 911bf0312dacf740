import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { Alert, Badge, Button, CancelLink, Card, ConfirmButton, PageHeader, buttonClass } from "~/components/ui";
import { formErrorOf, resultFor } from "~/components/ui/form";
import { EditStageModal, NewStageModal, STAGES_PATH } from "~/components/crm/stage-forms";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { assertCan } from "~/modules/auth/permissions.server";
import { redirectWithToast } from "~/modules/auth/toast.server";
import { MSG_STAGE_HAS_DEALS } from "~/modules/crm/board";
import { StageError, createStage, deleteStage, ensureDefaultPipeline, listStages, moveStage, setEntryStage, updateStage } from "~/modules/crm/pipeline.server";
import { STAGE_MESSAGES, stagesActionSchema, type StagesActionInput } from "~/modules/crm/stage-forms";
import { entryStageId } from "~/modules/crm/stages.server";
import { createTemplate, deleteTemplate, listTemplates, setTemplateActive } from "~/modules/crm/stage-templates.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import { parseRecordId } from "~/utils/query-schema";
import type { Route } from "./+types/stages";

export const meta: Route.MetaFunction = () => [{ title: "Gerenciar Etapas | CRM" }];

/** 'Gerenciar Etapas' (02 §2.6, §6: admins): the stages in order, the entry stage, and the create/edit modals as states of the URL. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  assertCan(user, "update", "stage", undefined, { message: STAGE_MESSAGES.adminOnly });
  await ensureDefaultPipeline();
  const [stages, entry] = await Promise.all([listStages(), entryStageId()]);
  const url = new URL(request.url);
  const find = (key: string) => stages.find((s) => s.id === parseRecordId(url.searchParams.get(key))) ?? null;
  const editing = find("edit");
  return { stages, entry, editing, confirming: find("excluir"), templates: editing ? await listTemplates(editing.id) : [], creating: url.searchParams.get("new") === "1" };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  assertCan(user, "update", "stage", undefined, { message: STAGE_MESSAGES.adminOnly });
  const submission = await parseSubmission(request, stagesActionSchema);
  if (submission.status !== "success") {
    const intent = String(submission.payload.intent ?? "");
    const first = Object.values(submission.error ?? {}).flat().find(Boolean);
    const fieldForm = ["create", "update", "template-create"].includes(intent) && !submission.error?.stageId;
    return replyWithErrors(submission, fieldForm ? {} : { formErrors: [first ?? STAGE_MESSAGES.notFound] }, submission.error?.stageId ? 404 : 400);
  }
  try {
    const { to, message } = await runStagesIntent(user, submission.value);
    return redirectWithToast(to, { type: "success", message });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof StageError)) throw error;
    return replyWithErrors(submission, error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }, error.status);
  }
}

async function runStagesIntent(user: SessionUser, input: StagesActionInput): Promise<{ to: string; message: string }> {
  switch (input.intent) {
    case "create": {
      const id = await createStage(user, input);
      return { to: `${STAGES_PATH}?edit=${id}`, message: "Etapa criada" };
    }
    case "update":
      await updateStage(user, input.stageId, input);
      return { to: STAGES_PATH, message: "Etapa salva" };
    case "delete":
      // Without JavaScript the question is a state of the page (?excluir={id}); with it, the button asks first.
      if (input.confirm !== "yes") throw redirect(`${STAGES_PATH}?excluir=${input.stageId}`, 303);
      await deleteStage(user, input.stageId);
      return { to: STAGES_PATH, message: "Etapa excluída" };
    case "up":
    case "down":
      await moveStage(user, input.stageId, input.intent);
      return { to: STAGES_PATH, message: "Ordem das etapas salva" };
    case "entry":
      await setEntryStage(user, input.stageId);
      return { to: STAGES_PATH, message: "Etapa de entrada de leads salva" };
    case "template-create":
      await createTemplate(user, input.stageId, input);
      return { to: `${STAGES_PATH}?edit=${input.stageId}`, message: "Atividade automática criada" };
    case "template-toggle":
      await setTemplateActive(user, input.templateId, input.active, input.stageId);
      return { to: `${STAGES_PATH}?edit=${input.stageId}`, message: input.active ? "Atividade automática ativada" : "Atividade automática desativada" };
    case "template-delete":
      await deleteTemplate(user, input.templateId, input.stageId);
      return { to: `${STAGES_PATH}?edit=${input.stageId}`, message: "Atividade automática removida" };
  }
}

export default function Stages() {
  const { stages, entry, editing, confirming, templates, creating } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const listIntent = ["delete", "up", "down", "entry"].find((i) => resultFor(actionData, i));
  const problem = listIntent ? formErrorOf(actionData) : undefined;
  return (
    <div className="max-w-4xl min-w-0">
      <PageHeader
        title="Gerenciar Etapas"
        subtitle="Etapas do funil, etapa de entrada dos leads e atividades automáticas."
        actions={
          <>
            <Link to="/broker/crm" className={buttonClass("secondary")}>
              Voltar ao CRM
            </Link>
            <Link to={`${STAGES_PATH}?new=1`} className={buttonClass("primary")}>
              Nova etapa
            </Link>
          </>
        }
      />
      {problem ? (
        <Alert tone="danger" className="mb-4" title={problem}>
          {problem === MSG_STAGE_HAS_DEALS ? "A etapa tem negócios ou leads. Mova-os para outra etapa antes de excluir." : null}
        </Alert>
      ) : null}
      {confirming && !problem ? (
        <Alert tone="warning" className="mb-4" title={STAGE_MESSAGES.deleteConfirm(confirming.name)}>
          <Form method="post" action={STAGES_PATH} className="mt-2 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="stageId" value={confirming.id} />
            <input type="hidden" name="confirm" value="yes" />
            <Button type="submit" variant="danger" size="sm">
              Excluir etapa
            </Button>
            <CancelLink to={STAGES_PATH} size="sm" />
          </Form>
        </Alert>
      ) : null}
      <Card>
        <ol className="divide-y divide-slate-200">
          {stages.map((stage, i) => (
            <li key={stage.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-stage={stage.name}>
              <span className="w-6 text-sm text-slate-500">{i + 1}.</span>
              <span className="min-w-40 flex-1 font-medium [overflow-wrap:anywhere]">
                {stage.name}
                {stage.probability != null ? <span className="ml-2 text-sm text-slate-500">{stage.probability}%</span> : null}
                {stage.id === entry ? (
                  <Badge tone="info" className="ml-2">
                    Entrada de leads
                  </Badge>
                ) : null}
              </span>
              <div className="flex flex-wrap gap-1">
                <Form method="post" action={STAGES_PATH} className="flex flex-wrap gap-1">
                  <input type="hidden" name="stageId" value={stage.id} />
                  <Button type="submit" name="intent" value="up" variant="ghost" size="sm" disabled={i === 0} aria-label={`Mover ${stage.name} para cima`}>
                    ↑
                  </Button>
                  <Button type="submit" name="intent" value="down" variant="ghost" size="sm" disabled={i === stages.length - 1} aria-label={`Mover ${stage.name} para baixo`}>
                    ↓
                  </Button>
                  {stage.id !== entry ? (
                    <Button type="submit" name="intent" value="entry" variant="ghost" size="sm">
                      Definir como entrada
                    </Button>
                  ) : null}
                </Form>
                <Link to={`${STAGES_PATH}?edit=${stage.id}`} className={buttonClass("secondary", "sm")} aria-label={`Editar ${stage.name}`}>
                  Editar
                </Link>
                <Form method="post" action={STAGES_PATH}>
                  <input type="hidden" name="stageId" value={stage.id} />
                  <ConfirmButton name="intent" value="delete" variant="danger" size="sm" aria-label={`Excluir ${stage.name}`} question={STAGE_MESSAGES.deleteConfirm(stage.name)}>
                    Excluir
                  </ConfirmButton>
                </Form>
              </div>
            </li>
          ))}
        </ol>
      </Card>
      {creating ? <NewStageModal actionData={actionData} /> : null}
      {editing ? <EditStageModal stage={editing} templates={templates} actionData={actionData} /> : null}
    </div>
  );
}
