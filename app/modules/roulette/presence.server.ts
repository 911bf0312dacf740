import { assertCan } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { db } from "~/modules/platform/db.server";
import { agencyTime } from "~/utils/clock";
import { ROULETTE_MESSAGES, presenceHours, presenceWindow } from "./roulette-rules";
import { RouletteError } from "./roulette-types";
import { rouletteSettings } from "./settings.server";

/** Presence in the roulette (spec 03 §2.7, §4, §5): once per 24 h, inside the window. */
export const DAY_MS = 24 * 3600_000;

/** Presences of the last 24 hours, oldest first. */
export async function currentParticipants(now: Date = new Date()) {
  return db()
    .selectFrom("roleta_registrations")
    .innerJoin("brokers", "brokers.id", "roleta_registrations.broker_id")
    .select(["roleta_registrations.id", "roleta_registrations.broker_id", "brokers.name as broker_name", "roleta_registrations.registered_at", "brokers.is_active"])
    .where("roleta_registrations.registered_at", ">", new Date(now.getTime() - DAY_MS).toISOString())
    .orderBy("roleta_registrations.registered_at")
    .execute();
}

/** 'Marcar Presença': inside the window, once per 24 h. */
export async function registerPresence(user: SessionUser, now: Date = new Date()): Promise<void> {
  assertCan(user, "create", "roulette");
  if (!user.broker) throw new RouletteError(ROULETTE_MESSAGES.noBroker);
  const hours = presenceHours(await rouletteSettings());
  if (!presenceWindow(now, hours.start, hours.end).open) throw new RouletteError(ROULETTE_MESSAGES.windowClosed(hours.start, hours.end));
  const brokerId = user.broker.id;
  await db()
    .transaction()
    .execute(async (trx) => {
      const last = await trx
        .selectFrom("roleta_registrations")
        .select("registered_at")
        .where("broker_id", "=", brokerId)
        .where("registered_at", ">", new Date(now.getTime() - DAY_MS).toISOString())
        .orderBy("registered_at", "desc")
        .executeTakeFirst();
      if (last) throw new RouletteError(agencyTime(new Date(last.registered_at)).date === agencyTime(now).date ? ROULETTE_MESSAGES.alreadyToday : ROULETTE_MESSAGES.already24h);
      await trx.insertInto("roleta_registrations").values({ broker_id: brokerId, broker_name: user.broker!.name, broker_email: user.email, registered_at: now.toISOString() }).execute();
    });
}

export async function hasPresence(brokerId: string, now: Date = new Date()): Promise<boolean> {
  return (await db().selectFrom("roleta_registrations").select("id").where("broker_id", "=", brokerId).where("registered_at", ">", new Date(now.getTime() - DAY_MS).toISOString()).executeTakeFirst()) !== undefined;
}

export async function removeParticipant(user: SessionUser, registrationId: number): Promise<boolean> {
  assertCan(user, "delete", "roulette");
  const r = await db().deleteFrom("roleta_registrations").where("id", "=", registrationId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
