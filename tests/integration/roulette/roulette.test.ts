import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/modules/platform/db.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { ROULETTE_MESSAGES, SPIN_MS, drawTimeShown, presenceHours, presenceWindow } from "~/modules/roulette/roulette-rules";
import { SpinThenReveal } from "~/components/roulette/spin";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { currentParticipants, registerPresence } from "~/modules/roulette/presence.server";
import { listResults, manualDraw } from "~/modules/roulette/draw.server";
import { nextAutomaticRun, runAutomaticIfDue } from "~/modules/roulette/automatic.server";
import { rouletteSettings, saveRouletteSettings } from "~/modules/roulette/settings.server";
import { registeredJobs } from "~/modules/platform/jobs.server";
import { routeLead, todaysAssignments } from "~/modules/roulette/routing.server";
import { makeLead, makeProperty } from "../../helpers/factories";
import { action as brokerAction, loader as brokerLoader } from "~/routes/broker/roulette";
import { loader as adminLoader } from "~/routes/admin/roulette";
import { formRequest, getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { reply, unwrap } from "../../helpers/responses";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/** The lead roulette (issue 10, spec 03 §2.7, §4, §5) on fixed clocks. São Paulo is UTC−3: 08:00 there is 11:00Z. */
const at = (iso: string) => new Date(iso);
let admin: SessionUser;

async function broker(options: { isActive?: boolean } = {}): Promise<SessionUser> {
  const b = await makeBroker(options);
  return { id: b.userId, email: b.email, name: "Corretor", role: "broker", broker: { id: b.brokerId, name: "Corretor", isActive: options.isActive !== false, profileImage: null, phone: "" } };
}

beforeEach(async () => {
  await db().deleteFrom("roleta_registrations").execute();
  await db().deleteFrom("roleta_results").execute();
  await db().deleteFrom("automatic_roulette_settings").execute();
  const a = await makeAdmin();
  admin = { id: a.id, email: a.email, name: "Admin", role: "admin", broker: null };
});

describe("presence window (default 08:00–09:30, inclusive)", () => {
  it("opens at 08:00, is still open at 09:30, closes at 09:31, and counts down to tomorrow after it", () => {
    expect(presenceWindow(at("2026-11-23T10:59:59Z"), "08:00", "09:30")).toMatchObject({ open: false, secondsToOpen: 1 });
    expect(presenceWindow(at("2026-11-23T11:00:00Z"), "08:00", "09:30")).toMatchObject({ open: true, secondsLeft: 91 * 60 }); // through 09:30:59
    expect(presenceWindow(at("2026-11-23T12:30:59Z"), "08:00", "09:30")).toMatchObject({ open: true, secondsLeft: 1 });
    expect(presenceWindow(at("2026-11-23T12:31:00Z"), "08:00", "09:30")).toMatchObject({ open: false, secondsToOpen: (22 * 60 + 29) * 60 }); // tomorrow 08:00
  });

  it("uses the defaults until an admin saves others, and refuses an inverted window", async () => {
    // the automatic tab's defaults are 05:00–09:30 at 09:30 (spec 03 §9); the broker page keeps 08:00–09:30 until a save
    const defaults = await rouletteSettings();
    expect(defaults).toMatchObject({ id: null, time: "09:30", presenceStart: "05:00", presenceEnd: "09:30", enabled: false });
    expect(presenceHours(defaults)).toEqual({ start: "08:00", end: "09:30" });
    expect(drawTimeShown(defaults, presenceHours(defaults))).toBe("09:31");
    await expect(saveRouletteSettings(admin, { enabled: true, time: "09:30", webhookEnabled: false, presenceStart: "10:00", presenceEnd: "09:00" })).rejects.toThrow(ROULETTE_MESSAGES.invalidTimes);
    await expect(saveRouletteSettings(admin, { enabled: true, time: "25:00", webhookEnabled: false, presenceStart: "05:00", presenceEnd: "09:30" })).rejects.toThrow(ROULETTE_MESSAGES.invalidTimes);
  });
});

describe("marking presence", () => {
  it("only inside the window, once per 24 hours, with the spec's messages", async () => {
    const b = await broker();
    await expect(registerPresence(b, at("2026-11-23T10:30:00Z"))).rejects.toThrow(ROULETTE_MESSAGES.windowClosed("08:00", "09:30"));
    await registerPresence(b, at("2026-11-23T12:20:00Z")); // 09:20
    await expect(registerPresence(b, at("2026-11-23T12:25:00Z"))).rejects.toThrow(ROULETTE_MESSAGES.alreadyToday);
    await expect(registerPresence(b, at("2026-11-24T11:30:00Z"))).rejects.toThrow(ROULETTE_MESSAGES.already24h); // 08:30 next day, 23 h later
    await registerPresence(b, at("2026-11-25T11:30:00Z"));
    expect(await currentParticipants(at("2026-11-25T11:31:00Z"))).toHaveLength(1);
  });

  describe("through the broker page, on a fixed clock", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("a closed window (07:59 São Paulo) answers 400 with the spec's message and records nothing", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(at("2026-11-23T10:59:59Z"));
      const b = await makeBroker();
      const cookie = await sessionCookie(b.userId); // a session started on the test's clock
      const r = await unwrap(() => brokerAction(routeArgs(formRequest("/broker/roleta", { intent: "register" }, { cookie }))));
      expect(r.status).toBe(400);
      expect(reply(r.data).formErrors).toEqual([ROULETTE_MESSAGES.windowClosed("08:00", "09:30")]);
      expect(await db().selectFrom("roleta_registrations").select("id").where("broker_id", "=", b.brokerId).execute()).toHaveLength(0);
    });

    it("an open window (08:00 São Paulo) records the presence and redirects with the confirmation", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(at("2026-11-23T11:00:00Z"));
      const b = await makeBroker();
      const cookie = await sessionCookie(b.userId); // a session started on the test's clock
      const r = await unwrap(() => brokerAction(routeArgs(formRequest("/broker/roleta", { intent: "register" }, { cookie }))));
      expect(r.status).toBe(302);
      expect(r.location).toBe("/broker/roleta");
      expect(await db().selectFrom("roleta_registrations").select("id").where("broker_id", "=", b.brokerId).execute()).toHaveLength(1);
      // and the page, at the same instant, shows the window open with 91 minutes left
      const page = await unwrap(() => brokerLoader(routeArgs(getRequest("/broker/roleta", { cookie }))));
      expect(page.data).toMatchObject({ window: { open: true, secondsLeft: 91 * 60 }, registered: true });
    });
  });
});

describe("draws", () => {
  it("a manual draw orders the present active brokers, saves the results and clears the presences", async () => {
    await expect(manualDraw(admin, at("2026-11-23T12:40:00Z"))).rejects.toThrow(ROULETTE_MESSAGES.noParticipants);
    const a = await broker();
    const b = await broker();
    const inactive = await broker();
    for (const u of [a, b, inactive]) await registerPresence(u, at("2026-11-23T11:10:00Z"));
    // deactivated after marking presence: left out of the draw
    await db().updateTable("brokers").set({ is_active: 0 }).where("id", "=", inactive.broker!.id).execute();
    const { results, webhook } = await manualDraw(admin, at("2026-11-23T12:40:00Z"));
    expect(webhook).toBeNull(); // no roulette webhook configured
    expect(results.map((r) => r.position)).toEqual([1, 2]);
    expect(new Set(results.map((r) => r.broker_id))).toEqual(new Set([a.broker!.id, b.broker!.id]));
    expect(results.map((r) => r.prize)).toEqual(["1º lugar", "2º lugar"]);
    expect(await db().selectFrom("roleta_results").select("broker_id").execute()).toHaveLength(2);
    expect(await currentParticipants(at("2026-11-23T12:41:00Z"))).toHaveLength(0);
  });

  it("the automatic draw runs once a day at its time, even when asked again after a restart", async () => {
    const a = await broker();
    await saveRouletteSettings(admin, { enabled: true, time: "09:30", webhookEnabled: false, presenceStart: "05:00", presenceEnd: "09:30" }, at("2026-11-23T11:00:00Z"));
    await registerPresence(a, at("2026-11-23T12:00:00Z"));
    expect(await runAutomaticIfDue(at("2026-11-23T12:29:00Z"))).toBeNull(); // 09:29
    expect(nextAutomaticRun(await rouletteSettings(), at("2026-11-23T12:29:00Z"))).toBe("2026-11-23T12:30:00.000Z");
    const first = await runAutomaticIfDue(at("2026-11-23T12:30:00Z"));
    expect(first).toHaveLength(1);
    expect(first![0]).toMatchObject({ broker_id: a.broker!.id, prize: "Lead Premium" });
    // a restart an hour later, or a second process: nothing more today
    await registerPresence(await broker(), at("2026-11-23T12:20:00Z"));
    expect(await runAutomaticIfDue(at("2026-11-23T13:30:00Z"))).toBeNull();
    expect(await Promise.all([runAutomaticIfDue(at("2026-11-23T14:00:00Z")), runAutomaticIfDue(at("2026-11-23T14:00:00Z"))])).toEqual([null, null]);
    expect(nextAutomaticRun(await rouletteSettings(), at("2026-11-23T13:30:00Z"))).toBe("2026-11-24T12:30:00.000Z");
    // the next day it runs again (the server was down at 09:30: it catches up)
    const next = await runAutomaticIfDue(at("2026-11-24T13:05:00Z"));
    expect(next).not.toBeNull();
    expect(registeredJobs().map((j) => j.name)).toContain("automatic-roulette");
  });

  it("a save never draws: saved at 11:19 with 09:30, the next run is tomorrow's 09:30, the one the page shows", async () => {
    const a = await broker();
    await registerPresence(a, at("2026-11-23T11:10:00Z")); // 08:10
    const savedAt = at("2026-11-23T14:19:00Z"); // 11:19
    await saveRouletteSettings(admin, { enabled: true, time: "09:30", webhookEnabled: false, presenceStart: "05:00", presenceEnd: "09:30" }, savedAt);
    const shown = nextAutomaticRun(await rouletteSettings(), savedAt);
    expect(shown).toBe("2026-11-24T12:30:00.000Z");
    for (const minute of ["14:20", "15:00", "23:59"]) expect(await runAutomaticIfDue(at(`2026-11-23T${minute}:00Z`))).toBeNull();
    expect(await currentParticipants(at("2026-11-23T14:21:00Z"))).toHaveLength(1); // presences kept
    expect(await db().selectFrom("roleta_results").select("id").execute()).toHaveLength(0);
    // a minute before the run shown: nothing; at it: the draw
    expect(await runAutomaticIfDue(at("2026-11-24T12:29:00Z"))).toBeNull();
    await registerPresence(a, at("2026-11-24T11:30:00Z"));
    expect(await runAutomaticIfDue(new Date(shown!))).toHaveLength(1);
    // saving again after today's run plans tomorrow's, never today's again
    await saveRouletteSettings(admin, { enabled: true, time: "10:00", webhookEnabled: false, presenceStart: "05:00", presenceEnd: "09:30" }, at("2026-11-24T12:40:00Z"));
    expect(nextAutomaticRun(await rouletteSettings(), at("2026-11-24T12:40:00Z"))).toBe("2026-11-25T13:00:00.000Z");
    // a time still ahead today is today's
    await db().updateTable("automatic_roulette_settings").set({ last_execution: null }).execute();
    await saveRouletteSettings(admin, { enabled: true, time: "10:00", webhookEnabled: false, presenceStart: "05:00", presenceEnd: "09:30" }, at("2026-11-24T12:40:00Z"));
    expect(nextAutomaticRun(await rouletteSettings(), at("2026-11-24T12:40:00Z"))).toBe("2026-11-24T13:00:00.000Z");
    // switched off: no run planned, none drawn
    await saveRouletteSettings(admin, { enabled: false, time: "10:00", webhookEnabled: false, presenceStart: "05:00", presenceEnd: "09:30" }, at("2026-11-24T12:41:00Z"));
    expect(nextAutomaticRun(await rouletteSettings(), at("2026-11-24T12:41:00Z"))).toBeNull();
    expect(await runAutomaticIfDue(at("2026-11-24T13:00:00Z"))).toBeNull();
  });

  it("lists the results of the last 24 hours only", async () => {
    const a = await broker();
    await registerPresence(a, at("2026-11-23T11:10:00Z"));
    await manualDraw(admin, at("2026-11-23T12:40:00Z"));
    expect(await listResults(at("2026-11-24T12:39:59Z"))).toHaveLength(1);
    expect(await listResults(at("2026-11-24T12:40:00Z"))).toHaveLength(0);
  });

  it("the admin page is for admins", async () => {
    const cookie = await sessionCookie((await makeBroker()).userId);
    const r = await unwrap(() => adminLoader(routeArgs(getRequest("/admin/roleta", { cookie }))));
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/login/);
  });
});

describe("routing new leads by the day's draw", () => {
  it("gives leads without a broker to the drawn brokers in turn, the listing's broker first, until 20:00, with the reason", async () => {
    await db().deleteFrom("lead_assignments").execute();
    const a = await broker();
    const b = await broker();
    for (const u of [a, b]) await registerPresence(u, at("2026-11-23T11:10:00Z"));
    const { results } = await manualDraw(admin, at("2026-11-23T12:35:00Z"));
    const order = results.map((r) => r.broker_id);

    const leads = [await makeLead(), await makeLead(), await makeLead()];
    const routed = [];
    for (const [i, lead] of leads.entries()) routed.push(await routeLead(lead.id, at(`2026-11-23T13:0${i}:00Z`)));
    expect(routed.map((r) => r!.brokerId)).toEqual([order[0], order[1], order[0]]);
    expect((await db().selectFrom("leads").select("broker_id").where("id", "=", leads[1].id).executeTakeFirstOrThrow()).broker_id).toBe(order[1]);

    // from a listing of the second drawn broker: that broker, out of turn
    const property = await makeProperty({ broker_id: order[1] });
    const fromListing = await makeLead({ propertyId: property.id });
    expect(await routeLead(fromListing.id, at("2026-11-23T14:00:00Z"))).toEqual({ brokerId: order[1], reason: "corretor-do-imovel" });
    // the turn continues where it was
    expect((await routeLead((await makeLead()).id, at("2026-11-23T14:01:00Z")))!.brokerId).toBe(order[1]);

    // a lead that already has a broker, or after 20:00, is left alone
    expect(await routeLead((await makeLead({ brokerId: a.broker!.id })).id, at("2026-11-23T14:02:00Z"))).toBeNull();
    expect(await routeLead((await makeLead()).id, at("2026-11-23T22:59:59Z"))).toEqual({ brokerId: order[0], reason: "roleta" }); // 19:59:59, the last turn
    expect(await routeLead((await makeLead()).id, at("2026-11-23T23:00:00Z"))).toBeNull(); // 20:00
    expect(await routeLead((await makeLead()).id, at("2026-11-23T23:01:00Z"))).toBeNull(); // 20:01
    // the next day without a draw: nobody is routed
    expect(await routeLead((await makeLead()).id, at("2026-11-24T13:00:00Z"))).toBeNull();

    const log = await todaysAssignments(at("2026-11-23T15:00:00Z"));
    expect(log).toHaveLength(6);
    expect(log.map((l) => l.reason)).toContain("corretor-do-imovel");
  });
});

describe("the wheel", () => {
  it("turns for 3 s before the draw's result shows, in CSS (JavaScript on or off)", () => {
    expect(SPIN_MS).toBe(3000);
    const html = renderToStaticMarkup(createElement(SpinThenReveal, null, createElement("p", null, "resultado")));
    expect(html).toContain("animation: roleta-turn 3000ms");
    expect(html).toContain("roleta-in 300ms ease-out 3000ms");
    expect(html).toContain("resultado");
  });
});
