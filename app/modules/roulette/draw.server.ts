import crypto from "node:crypto";
import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db, type Tx } from "~/modules/platform/db.server";
import { PRIZE_CYCLE, ROULETTE_MESSAGES, ROULETTE_WEBHOOK_EVENTS } from "./roulette-rules";
import { RouletteError, type DrawOutcome, type DrawResult } from "./roulette-types";
import { DAY_MS, currentParticipants } from "./presence.server";
import { notifyRouletteWebhook } from "./webhook.server";

/**
 * The draw (spec 03 §2.7, §4): the present, active brokers in a random
 * order; the results are saved and every presence cleared, in one
 * transaction.
 */
/** Results of the last 24 hours (spec 03 §9), newest draw first. */
export async function listResults(now: Date = new Date(), limit = 200) {
  return db()
    .selectFrom("roleta_results")
    .selectAll()
    .where("draw_date", ">", new Date(now.getTime() - DAY_MS).toISOString())
    .orderBy("draw_date", "desc")
    .orderBy("position")
    .limit(limit)
    .execute();
}

export async function deleteResult(user: SessionUser, id: number): Promise<boolean> {
  assertCan(user, "delete", "roulette");
  const r = await db().deleteFrom("roleta_results").where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Fisher–Yates with crypto randomness: every order equally likely. */
function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i -= 1) {
    const j = crypto.randomInt(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * Draws the present, active brokers in a random order; the results are
 * saved and the presences cleared in one transaction (so a failure loses
 * nothing). Manual draws name the position; automatic ones cycle the prizes.
 */
export async function runDraw(type: "manual" | "automatic", now: Date = new Date()): Promise<DrawResult[]> {
  return (await drawAndSave(type, now))!;
}

/**
 * runDraw, with `claim` run first in the saving transaction; it may call the
 * draw off (returns false → null): the automatic draw claims its run there,
 * so the claim and the draw are saved together or not at all (a process that
 * dies mid-draw claimed nothing; another process, or the next start, draws).
 */
export async function drawAndSave(type: "manual" | "automatic", now: Date, claim?: (trx: Tx) => Promise<boolean>): Promise<DrawResult[] | null> {
  const registered = await currentParticipants(now);
  const present = registered.filter((p) => p.is_active === 1);
  const unique = [...new Map(present.map((p) => [p.broker_id, p])).values()];
  if (!unique.length) throw new RouletteError(ROULETTE_MESSAGES.noParticipants);
  const drawDate = now.toISOString();
  const results: DrawResult[] = shuffle(unique).map((p, i) => ({ position: i + 1, broker_id: p.broker_id, broker_name: p.broker_name, prize: type === "manual" ? `${i + 1}º lugar` : PRIZE_CYCLE[i % PRIZE_CYCLE.length], draw_date: drawDate }));
  const saved = await db()
    .transaction()
    .execute(async (trx) => {
      if (claim && !(await claim(trx))) return false;
      await trx.insertInto("roleta_results").values(results.map((r) => ({ ...r, execution_type: type }))).execute();
      // every presence is cleared (spec 03 §4), an inactive broker's too
      await trx.deleteFrom("roleta_registrations").where("id", "in", registered.map((p) => p.id)).execute();
      return true;
    });
  return saved ? results : null;
}

export async function manualDraw(user: SessionUser, now: Date = new Date()): Promise<DrawOutcome> {
  assertCan(user, "create", "roulette");
  const results = await runDraw("manual", now);
  const webhook = await notifyRouletteWebhook(ROULETTE_WEBHOOK_EVENTS.draw, results, now, "manual");
  return { results, webhook };
}
