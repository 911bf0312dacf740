import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso, type DbOrTx } from "~/modules/platform/db.server";
import { MSG_STAGE_HAS_DEALS } from "./board";
import { foldText } from "~/utils/slug";
import { STAGE_MESSAGES, stageSchema, type StageInput } from "./stage-forms";

/** The CRM stages every agency starts with (02 §4 and the foundation issue). */
export const DEFAULT_STAGES: { name: string; probability: number }[] = [
  { name: "Entrada", probability: 10 },
  { name: "Qualificação", probability: 25 },
  { name: "Visita agendada", probability: 40 },
  { name: "Proposta", probability: 60 },
  { name: "Negociação", probability: 75 },
  { name: "Venda realizada", probability: 100 },
  { name: "Perdido", probability: 0 },
];

/** Creates the default pipeline and its stages once; returns the pipeline. */
export async function ensureDefaultPipeline(conn: DbOrTx = db()): Promise<{ pipelineId: number; entryStageId: number | null }> {
  const existing = await conn.selectFrom("crm_pipelines").select(["id", "lead_entry_stage_id"]).where("is_default", "=", 1).executeTakeFirst();
  if (existing) return { pipelineId: existing.id, entryStageId: existing.lead_entry_stage_id };
  const now = nowIso();
  const pipeline = await conn
    .insertInto("crm_pipelines")
    .values({ name: "Vendas", is_default: 1, lead_entry_stage_id: null, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  let entryStageId: number | null = null;
  for (const [position, stage] of DEFAULT_STAGES.entries()) {
    const row = await conn
      .insertInto("crm_stages")
      .values({ pipeline_id: pipeline.id, name: stage.name, probability: stage.probability, position, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (position === 0) entryStageId = row.id;
  }
  await conn.updateTable("crm_pipelines").set({ lead_entry_stage_id: entryStageId }).where("id", "=", pipeline.id).execute();
  return { pipelineId: pipeline.id, entryStageId };
}

export async function listStages(conn: DbOrTx = db()) {
  return conn.selectFrom("crm_stages").select(["id", "name", "position", "probability"]).orderBy("position").orderBy("name").execute();
}

// ── stage management (02 §5, §6: admins only) ─────────────────────────────

export const MSG_STAGE_NAME_REQUIRED = STAGE_MESSAGES.nameRequired;
export { MSG_STAGE_HAS_DEALS };
export const MSG_NO_PIPELINE = "Pipeline padrão não encontrado.";

export class StageError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    /** The form field the message belongs beside, when there is one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export { stageSchema, type StageInput };

function assertManage(user: SessionUser) {
  assertCan(user, "update", "stage", undefined, { message: STAGE_MESSAGES.adminOnly });
}

/** A new stage goes after the last one (highest position + 1). */
export async function createStage(user: SessionUser, input: StageInput): Promise<number> {
  assertManage(user);
  return db().transaction().execute(async (tx) => {
    const { pipelineId } = await ensureDefaultPipeline(tx);
    const last = await tx
      .selectFrom("crm_stages")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("pipeline_id", "=", pipelineId)
      .executeTakeFirst();
    await assertNameFree(tx, pipelineId, input.name);
    const position = last?.max == null ? 0 : Number(last.max) + 1;
    const row = await tx
      .insertInto("crm_stages")
      .values({ pipeline_id: pipelineId, name: input.name, probability: input.probability ?? null, position, created_at: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function updateStage(user: SessionUser, stageId: number, input: StageInput): Promise<void> {
  assertManage(user);
  await db().transaction().execute(async (tx) => {
    const stage = await tx.selectFrom("crm_stages").select(["id", "pipeline_id"]).where("id", "=", stageId).executeTakeFirst();
    if (!stage) throw new StageError(STAGE_MESSAGES.notFound, 404);
    await assertNameFree(tx, stage.pipeline_id, input.name, stageId);
    await tx.updateTable("crm_stages").set({ name: input.name, probability: input.probability ?? null }).where("id", "=", stageId).execute();
  });
}

/** Two stages of one pipeline never share a name (compared without case, accents or extra spaces): the board, the list and the CSV mapping tell stages apart by name. */
async function assertNameFree(conn: DbOrTx, pipelineId: number, name: string, exceptId?: number): Promise<void> {
  const wanted = foldText(name);
  const others = await conn.selectFrom("crm_stages").select(["id", "name"]).where("pipeline_id", "=", pipelineId).execute();
  if (others.some((s) => s.id !== exceptId && foldText(s.name) === wanted)) throw new StageError(STAGE_MESSAGES.nameTaken, 409, "name");
}

/** Refused while any deal or lead sits in the stage; its templates go with it. */
export async function deleteStage(user: SessionUser, stageId: number): Promise<void> {
  assertManage(user);
  await db().transaction().execute(async (tx) => {
    const deals = await tx.selectFrom("crm_deals").select("id").where("stage_id", "=", stageId).limit(1).executeTakeFirst();
    const leads = await tx.selectFrom("leads").select("id").where("stage_id", "=", stageId).limit(1).executeTakeFirst();
    if (deals || leads) throw new StageError(MSG_STAGE_HAS_DEALS, 409);
    await tx.updateTable("crm_pipelines").set({ lead_entry_stage_id: null }).where("lead_entry_stage_id", "=", stageId).execute();
    await tx.deleteFrom("crm_stage_activity_templates").where("stage_id", "=", stageId).execute();
    const result = await tx.deleteFrom("crm_stages").where("id", "=", stageId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new StageError(STAGE_MESSAGES.notFound, 404);
  });
}

/** Positions follow the given order; ids of other pipelines or unknown ids are refused. */
export async function reorderStages(user: SessionUser, orderedIds: number[]): Promise<void> {
  assertManage(user);
  await db().transaction().execute(async (tx) => {
    const current = await listStages(tx);
    const known = new Set(current.map((s) => s.id));
    const unique = [...new Set(orderedIds)];
    if (unique.length !== current.length || unique.some((id) => !known.has(id))) throw new StageError("Ordem de etapas inválida.");
    for (const [position, id] of unique.entries()) {
      await tx.updateTable("crm_stages").set({ position }).where("id", "=", id).execute();
    }
  });
}

/** Moves one stage one place up or down (the no-JS reorder control). */
export async function moveStage(user: SessionUser, stageId: number, direction: "up" | "down"): Promise<void> {
  const ids = (await listStages()).map((s) => s.id);
  const i = ids.indexOf(stageId);
  if (i === -1) throw new StageError(STAGE_MESSAGES.notFound, 404);
  const j = direction === "up" ? i - 1 : i + 1;
  if (j < 0 || j >= ids.length) return;
  [ids[i], ids[j]] = [ids[j], ids[i]];
  await reorderStages(user, ids);
}

export async function setEntryStage(user: SessionUser, stageId: number): Promise<void> {
  assertManage(user);
  await db().transaction().execute(async (tx) => {
    const stage = await tx.selectFrom("crm_stages").select("id").where("id", "=", stageId).executeTakeFirst();
    if (!stage) throw new StageError(STAGE_MESSAGES.notFound, 404);
    const { pipelineId } = await ensureDefaultPipeline(tx);
    await tx.updateTable("crm_pipelines").set({ lead_entry_stage_id: stageId }).where("id", "=", pipelineId).execute();
  });
}
