import { data } from "react-router";
import { z } from "zod";
import { db } from "~/modules/platform/db.server";
import { log, errorFields } from "~/modules/platform/logger.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { sendBrokerMail, describeMailError } from "~/modules/messaging/mail.server";
import { smtpOverrideFor } from "~/modules/messaging/smtp-settings.server";
import { CRM_MESSAGES } from "~/modules/crm/labels";
import { permittedLeadIds, requireLead } from "./lead-access.server";
import { moveLeadInTx } from "~/modules/crm/deals.server";
import { getStage } from "~/modules/crm/stages.server";
import { canAdministerCrm } from "~/modules/auth/permissions.server";
import { offerFoldersOf } from "~/modules/offers/offers.server";
import { removeOfferFolder } from "~/modules/offers/offer-photos.server";

/**
 * Bulk actions of the lead list (02 §2.4, §5): move to a stage, delete
 * (admin), e-mail. Ids the user may not touch are dropped before anything
 * happens; each action is all-or-nothing except e-mail, which goes one by
 * one and never stops on a failure.
 */
export class BulkError extends Error {}

export async function bulkMove(user: SessionUser, ids: number[], stageId: number | null | undefined): Promise<number> {
  if (!ids.length) throw new BulkError(CRM_MESSAGES.emptySelection);
  if (!stageId) throw new BulkError(CRM_MESSAGES.stageNotSelected);
  const stage = await getStage(stageId);
  if (!stage) throw new BulkError(CRM_MESSAGES.stageNotSelected);
  const allowed = await permittedLeadIds(user, ids);
  if (!allowed.length) throw new BulkError(CRM_MESSAGES.emptySelection);
  await db()
    .transaction()
    .execute(async (tx) => {
      for (const id of allowed) await moveLeadInTx(tx, user, id, stage.id);
    });
  return allowed.length;
}

export async function deleteLead(user: SessionUser, leadId: number): Promise<void> {
  if (!canAdministerCrm(user)) throw data({ message: CRM_MESSAGES.deleteAdminOnly }, { status: 403 });
  const lead = await requireLead(user, leadId, "delete");
  // crm_deals.external_source_id cascades: the lead's deal, its notes and activities go with it.
  const offerFolders = await offerFoldersOf([lead.id]);
  await db().deleteFrom("leads").where("id", "=", lead.id).execute();
  // an owner's offer (issue 28) cascades too; its private photos go after the commit
  for (const folder of offerFolders) await removeOfferFolder(folder);
}

export async function bulkDelete(user: SessionUser, ids: number[]): Promise<number> {
  if (!canAdministerCrm(user)) throw data({ message: CRM_MESSAGES.deleteAdminOnly }, { status: 403 });
  if (!ids.length) throw new BulkError(CRM_MESSAGES.emptySelection);
  const allowed = await permittedLeadIds(user, ids);
  const offerFolders = await offerFoldersOf(allowed);
  await db()
    .transaction()
    .execute(async (tx) => {
      for (let i = 0; i < allowed.length; i += 500) await tx.deleteFrom("leads").where("id", "in", allowed.slice(i, i + 500)).execute();
    });
  for (const folder of offerFolders) await removeOfferFolder(folder);
  return allowed.length;
}

const emailShape = z.email();

export type BulkEmailRecipient = { id: number; name: string; email: string };

/** Selected leads with a valid e-mail ('Sem emails válidos' when none). */
export async function bulkEmailRecipients(user: SessionUser, ids: number[]): Promise<BulkEmailRecipient[]> {
  const allowed = await permittedLeadIds(user, ids);
  const out: BulkEmailRecipient[] = [];
  for (let i = 0; i < allowed.length; i += 500) {
    const rows = await db().selectFrom("leads").select(["id", "name", "email"]).where("id", "in", allowed.slice(i, i + 500)).execute();
    out.push(...rows.filter((r) => emailShape.safeParse(r.email).success));
  }
  return out;
}

export type BulkEmailProgress = { done: number; total: number; sent: number; failed: number; last?: { id: number; ok: boolean; error?: string } };

/**
 * Sends one by one through the user's SMTP (or the site's, or the outbox).
 * A failure is counted and logged and the next message goes.
 */
export async function sendBulkEmail(
  user: SessionUser,
  recipients: BulkEmailRecipient[],
  input: { subject: string; message: string },
  onProgress?: (p: BulkEmailProgress) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<BulkEmailProgress> {
  if (!recipients.length) throw new BulkError(CRM_MESSAGES.noValidEmails);
  if (!input.subject.trim() && !input.message.trim()) throw new BulkError(CRM_MESSAGES.fillMessage);
  const override = await smtpOverrideFor(user.broker?.id);
  const progress: BulkEmailProgress = { done: 0, total: recipients.length, sent: 0, failed: 0 };
  for (const r of recipients) {
    if (signal?.aborted) break;
    try {
      await sendBrokerMail({ to: r.email, subject: input.subject.trim() || "(sem assunto)", text: input.message.replace(/\{nome\}/g, r.name) }, override);
      progress.sent += 1;
      progress.last = { id: r.id, ok: true };
    } catch (error) {
      progress.failed += 1;
      progress.last = { id: r.id, ok: false, error: describeMailError(error) };
      log.warn("bulk e-mail failed for one lead", { leadId: r.id, ...errorFields(error) });
    }
    progress.done += 1;
    await onProgress?.({ ...progress });
  }
  return progress;
}
