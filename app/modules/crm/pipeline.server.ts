import { db, nowIso, type DbOrTx } from "~/modules/platform/db.server";

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
