import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso, type DbOrTx } from "~/modules/platform/db.server";
import { STAGE_MESSAGES, templateSchema, type TemplateInput } from "./stage-forms";
import { StageError } from "./pipeline.server";

/**
 * Auto-activity templates of a stage (02 §3, §5): entering the stage creates
 * one activity per active template, due `offset_hours` after the move
 * (created by deals.server.ts `createTemplateActivities` inside the move).
 */

export { templateSchema, type TemplateInput };

export async function listTemplates(stageId: number, conn: DbOrTx = db()) {
  return conn
    .selectFrom("crm_stage_activity_templates")
    .select(["id", "subject", "type", "content", "offset_hours", "active"])
    .where("stage_id", "=", stageId)
    .orderBy("offset_hours")
    .orderBy("id")
    .execute();
}

export async function createTemplate(user: SessionUser, stageId: number, input: TemplateInput): Promise<number> {
  assertCan(user, "update", "stage");
  return db().transaction().execute(async (tx) => {
  // the stage may have been deleted since the form was opened
  const stage = await tx.selectFrom("crm_stages").select("id").where("id", "=", stageId).executeTakeFirst();
  if (!stage) throw new StageError(STAGE_MESSAGES.notFound, 404);
  const row = await tx
    .insertInto("crm_stage_activity_templates")
    .values({
      stage_id: stageId,
      subject: input.subject,
      type: input.type,
      content: input.content || null,
      offset_hours: input.offsetHours,
      active: input.active ? 1 : 0,
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
  });
}

export async function setTemplateActive(user: SessionUser, templateId: number, active: boolean, stageId?: number): Promise<void> {
  assertCan(user, "update", "stage");
  let q = db().updateTable("crm_stage_activity_templates").set({ active: active ? 1 : 0 }).where("id", "=", templateId);
  if (stageId !== undefined) q = q.where("stage_id", "=", stageId);
  const result = await q.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new StageError(STAGE_MESSAGES.templateNotFound, 404);
}

export async function deleteTemplate(user: SessionUser, templateId: number, stageId?: number): Promise<void> {
  assertCan(user, "update", "stage");
  let q = db().deleteFrom("crm_stage_activity_templates").where("id", "=", templateId);
  if (stageId !== undefined) q = q.where("stage_id", "=", stageId);
  const result = await q.executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new StageError(STAGE_MESSAGES.templateNotFound, 404);
}
