import { z } from "zod";
import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, nowIso, type DbOrTx } from "~/modules/platform/db.server";
import { ACTIVITY_TYPES } from "./labels";

/**
 * Auto-activity templates of a stage (02 §3, §5): entering the stage creates
 * one activity per active template, due `offset_hours` after the move
 * (created by deals.server.ts `createTemplateActivities` inside the move).
 */

export const templateSchema = z.object({
  subject: z.string({ error: "Informe o assunto" }).trim().min(1, "Informe o assunto").max(160, "Assunto muito longo"),
  type: z.enum(ACTIVITY_TYPES, { error: "Tipo inválido" }).default("followup"),
  content: z.string().trim().max(2000, "Descrição muito longa").optional(),
  offsetHours: z.coerce
    .number({ error: "Horas devem ser 0 ou mais" })
    .int("Horas devem ser 0 ou mais")
    .min(0, "Horas devem ser 0 ou mais")
    .max(24 * 365, "No máximo 8760 horas")
    .default(0),
  // A checkbox (checked by default on the form): absent means unchecked.
  active: z
    .string()
    .max(10)
    .optional()
    .transform((v) => v !== undefined && v !== "0" && v !== "false"),
});
export type TemplateInput = z.infer<typeof templateSchema>;

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
  const stage = await db().selectFrom("crm_stages").select("id").where("id", "=", stageId).executeTakeFirst();
  if (!stage) throw new Error("stage not found");
  const row = await db()
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
}

export async function setTemplateActive(user: SessionUser, templateId: number, active: boolean): Promise<void> {
  assertCan(user, "update", "stage");
  await db().updateTable("crm_stage_activity_templates").set({ active: active ? 1 : 0 }).where("id", "=", templateId).execute();
}

export async function deleteTemplate(user: SessionUser, templateId: number): Promise<void> {
  assertCan(user, "update", "stage");
  await db().deleteFrom("crm_stage_activity_templates").where("id", "=", templateId).execute();
}
