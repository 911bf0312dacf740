import { describe, expect, it } from "vitest";
import { isInterrupted, INTERRUPTED, personalise } from "./campaign-rules";
import {
  DEFAULT_TIMING,
  LOOKAHEAD_DAYS,
  minimumGapMs,
  nextAllowedTime,
  parseTiming,
  scheduleSendTimes,
  timingSchema,
  TIMING_MESSAGES,
  weekdaysText,
  type Timing,
} from "./timing";

// Fixed instants. 2026-11-23 is a Monday; São Paulo is UTC−3 (no summer time since 2019).
const at = (iso: string) => new Date(iso);
const weekdaysOnly: Timing = { ...DEFAULT_TIMING, startTime: "09:00", endTime: "18:00", intervalSeconds: 100 };

describe("the stored timing of a campaign", () => {
  const valid = { startTime: "09:00", endTime: "18:00", weekdays: [false, true, true, true, true, true, false], intervalSeconds: 180 };
  const parse = (patch: Record<string, unknown>) => timingSchema.safeParse({ ...valid, ...patch });
  const firstMessage = (patch: Record<string, unknown>) => {
    const result = parse(patch);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("takes times from 00:00 to 23:59 written with two digits, and nothing else", () => {
    expect(parse({ startTime: "00:00", endTime: "23:59" }).success).toBe(true);
    for (const bad of ["24:00", "9:00", "09:60", "09:0", " 09:00", "09:00 ", "0900", "19:5x", "29:00"]) {
      expect(firstMessage({ startTime: bad }), bad).toBe(TIMING_MESSAGES.time);
    }
    expect(firstMessage({ startTime: 900 })).toBe(TIMING_MESSAGES.time);
  });

  it("wants the end after the start, by at least a minute", () => {
    expect(parse({ startTime: "09:00", endTime: "09:01" }).success).toBe(true);
    expect(firstMessage({ startTime: "09:00", endTime: "09:00" })).toBe(TIMING_MESSAGES.endAfterStart);
    expect(firstMessage({ startTime: "18:00", endTime: "09:00" })).toBe(TIMING_MESSAGES.endAfterStart);
    expect(parse({ startTime: "18:00", endTime: "09:00" }).error?.issues[0]?.path).toEqual(["endTime"]);
  });

  it("wants at least one of the seven weekdays", () => {
    expect(parse({ weekdays: [true, false, false, false, false, false, false] }).success).toBe(true);
    expect(firstMessage({ weekdays: Array(7).fill(false) })).toBe(TIMING_MESSAGES.weekdays);
    expect(parse({ weekdays: Array(7).fill(false) }).error?.issues[0]?.path).toEqual(["weekdays"]);
    expect(parse({ weekdays: Array(6).fill(true) }).success).toBe(false);
    expect(parse({ weekdays: Array(8).fill(true) }).success).toBe(false);
  });

  it("keeps the interval a whole number of seconds from 1 to 24 hours", () => {
    expect(parse({ intervalSeconds: 1 }).success).toBe(true);
    expect(parse({ intervalSeconds: 86_400 }).success).toBe(true);
    expect(parse({ intervalSeconds: 0 }).success).toBe(false);
    expect(parse({ intervalSeconds: 86_401 }).success).toBe(false);
    expect(parse({ intervalSeconds: 1.5 }).success).toBe(false);
  });

  it("reads what was saved, and falls back to the defaults for anything that does not parse", () => {
    const saved = { ...valid, startTime: "08:30", intervalSeconds: 60 };
    expect(parseTiming(JSON.stringify(saved))).toEqual(saved);
    expect(parseTiming(JSON.stringify({ ...saved, endTime: "08:00" }))).toEqual(DEFAULT_TIMING);
    expect(parseTiming("{not json")).toEqual(DEFAULT_TIMING);
    expect(parseTiming(null)).toEqual(DEFAULT_TIMING);
    expect(parseTiming(undefined)).toEqual(DEFAULT_TIMING);
    expect(DEFAULT_TIMING).toEqual({ startTime: "09:00", endTime: "18:00", weekdays: [false, true, true, true, true, true, false], intervalSeconds: 180 });
  });
});

describe("when a campaign may send", () => {
  it("sends at once inside the window, waits for its start before it, and moves to the next allowed day after it", () => {
    // Monday 08:59 → 09:00; 09:00 → now; 17:59 → now; 18:00 → Tuesday 09:00 (São Paulo)
    expect(nextAllowedTime(at("2026-11-23T11:59:00Z"), weekdaysOnly)?.toISOString()).toBe("2026-11-23T12:00:00.000Z");
    expect(nextAllowedTime(at("2026-11-23T12:00:00Z"), weekdaysOnly)?.toISOString()).toBe("2026-11-23T12:00:00.000Z");
    expect(nextAllowedTime(at("2026-11-23T20:59:59Z"), weekdaysOnly)?.toISOString()).toBe("2026-11-23T20:59:59.000Z");
    expect(nextAllowedTime(at("2026-11-23T21:00:00Z"), weekdaysOnly)?.toISOString()).toBe("2026-11-24T12:00:00.000Z");
    // Friday after the window → Monday; Saturday noon → Monday
    expect(nextAllowedTime(at("2026-11-27T22:00:00Z"), weekdaysOnly)?.toISOString()).toBe("2026-11-30T12:00:00.000Z");
    expect(nextAllowedTime(at("2026-11-28T15:00:00Z"), weekdaysOnly)?.toISOString()).toBe("2026-11-30T12:00:00.000Z");
  });

  it("looks ahead 14 days at most", () => {
    expect(LOOKAHEAD_DAYS).toBe(14);
    // only Mondays allowed, now Monday after the window: the next Monday is 7 days on
    const mondays: Timing = { ...weekdaysOnly, weekdays: [false, true, false, false, false, false, false] };
    expect(nextAllowedTime(at("2026-11-23T22:00:00Z"), mondays)?.toISOString()).toBe("2026-11-30T12:00:00.000Z");
    // only Sundays, now Saturday: tomorrow; the lookahead bound itself is clock.ts's (tested there)
    const sundays: Timing = { ...weekdaysOnly, weekdays: [true, false, false, false, false, false, false] };
    expect(nextAllowedTime(at("2026-11-28T22:00:00Z"), sundays)?.toISOString()).toBe("2026-11-29T12:00:00.000Z");
  });
});

describe("send times of a campaign", () => {
  const from = at("2026-11-23T12:00:00Z"); // Monday 09:00

  it("spaces the sends by the interval, with the jitter within ±20%", () => {
    const middle = scheduleSendTimes(from, 3, weekdaysOnly, () => 0.5).map((d) => d.getTime() - from.getTime());
    expect(middle).toEqual([0, 100_000, 200_000]);
    const shortest = scheduleSendTimes(from, 3, weekdaysOnly, () => 0).map((d) => d.getTime() - from.getTime());
    expect(shortest).toEqual([0, 80_000, 160_000]);
    const longest = scheduleSendTimes(from, 3, weekdaysOnly, () => 1).map((d) => d.getTime() - from.getTime());
    expect(longest).toEqual([0, 120_000, 240_000]);
    // the least gap the pace check allows is the interval with its largest jitter off
    expect(minimumGapMs(weekdaysOnly)).toBe(80_000);
    expect(minimumGapMs({ ...weekdaysOnly, intervalSeconds: 15 })).toBe(12_000);
  });

  it("pushes a send that would fall after the window to the next allowed day", () => {
    // Monday 17:58: the next send (100 s on) still fits at 17:59:40; the one after would be 18:01:20 → Tuesday 09:00
    const lateStart = at("2026-11-23T20:58:00Z");
    const times = scheduleSendTimes(lateStart, 3, weekdaysOnly, () => 0.5).map((d) => d.toISOString());
    expect(times).toEqual(["2026-11-23T20:58:00.000Z", "2026-11-23T20:59:40.000Z", "2026-11-24T12:00:00.000Z"]);
  });

  it("gives exactly the count asked for, and stops early when no day is allowed", () => {
    expect(scheduleSendTimes(from, 0, weekdaysOnly)).toEqual([]);
    expect(scheduleSendTimes(from, 5, weekdaysOnly)).toHaveLength(5);
    const never = { ...weekdaysOnly, weekdays: Array(7).fill(false) } as Timing;
    expect(scheduleSendTimes(from, 3, never)).toEqual([]);
  });

  it("names the chosen weekdays as people read them", () => {
    expect(weekdaysText(DEFAULT_TIMING)).toBe("Seg, Ter, Qua, Qui, Sex");
    expect(weekdaysText({ ...DEFAULT_TIMING, weekdays: [true, false, false, false, false, false, true] })).toBe("Dom, Sáb");
  });
});

describe("a campaign's message and its sends", () => {
  it("puts the lead's first name where {nome} is, in any case, everywhere", () => {
    expect(personalise("Olá {nome}, tudo bem? {NOME}!", "  Maria   da Silva ")).toBe("Olá Maria, tudo bem? Maria!");
    expect(personalise("Olá {nome}", "")).toBe("Olá cliente");
    expect(personalise("Olá {nome}", "   ")).toBe("Olá cliente");
    expect(personalise("Olá {nomes}", "Ana")).toBe("Olá {nomes}");
  });

  it("knows a send cut short by a crash by its error text only", () => {
    expect(isInterrupted(INTERRUPTED)).toBe(true);
    expect(isInterrupted("interrompido")).toBe(true);
    expect(isInterrupted("Falha: interrompido")).toBe(false);
    expect(isInterrupted("")).toBe(false);
    expect(isInterrupted(null)).toBe(false);
    expect(isInterrupted(undefined)).toBe(false);
  });
});
