import { db, type DbOrTx } from "~/modules/platform/db.server";
import { ensureDefaultPipeline } from "./pipeline.server";
import { isLostStageName, isWonStageName } from "./labels";

/** Stages of the default pipeline, ordered by position then name (02 §7). */
export type Stage = { id: number; name: string; position: number; probability: number | null };

export async function listPipelineStages(conn: DbOrTx = db()): Promise<Stage[]> {
  const pipeline = await conn.selectFrom("crm_pipelines").select("id").where("is_default", "=", 1).executeTakeFirst();
  let q = conn.selectFrom("crm_stages").select(["id", "name", "position", "probability"]).orderBy("position").orderBy("name");
  if (pipeline) q = q.where("pipeline_id", "=", pipeline.id);
  return q.execute();
}

export async function getStage(stageId: number, conn: DbOrTx = db()): Promise<Stage | undefined> {
  if (!Number.isSafeInteger(stageId)) return undefined;
  return conn.selectFrom("crm_stages").select(["id", "name", "position", "probability"]).where("id", "=", stageId).executeTakeFirst();
}

/** 'Ganho' and 'Perdido' of the lead page: the first stage whose name matches (02 §4). */
export function findWonStage<S extends { name: string }>(stages: readonly S[]): S | undefined {
  return stages.find((s) => isWonStageName(s.name));
}
export function findLostStage<S extends { name: string }>(stages: readonly S[]): S | undefined {
  return stages.find((s) => isLostStageName(s.name));
}

export async function entryStageId(conn: DbOrTx = db()): Promise<number | null> {
  return (await ensureDefaultPipeline(conn)).entryStageId;
}
