import { afterEach, describe, expect, it, vi } from "vitest";
import {
  agencyDayBounds,
  agencyInstant,
  agencyTime,
  agencyToday,
  dailyWindow,
  dateTimeInputValue,
  formatDate,
  formatDateForFile,
  formatDateTime,
  formatLocalIso,
  nextDailyAt,
  nextInWeeklyWindow,
  parseHourMinute,
  parseLocalDate,
  parseLocalDateTime,
} from "./clock";

afterEach(() => vi.useRealTimers());

describe("formatDateTime", () => {
  const reference = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false });
  const expected = (d: Date) => {
    const parts = reference.formatToParts(d);
    const get = (type: string) => parts.find((p) => p.type === type)!.value;
    return `${get("day")}/${get("month")}/${get("year")} ${get("hour")}:${get("minute")}`;
  };

  it("agrees with Intl in São Paulo time, across the daylight-saving changes of 2017–2019", () => {
    // Every 2 h 37 min (plus seconds) for three years: both sides of each change, at many minutes of the hour.
    const start = Date.UTC(2017, 0, 1);
    for (let ms = start; ms < Date.UTC(2020, 0, 1); ms += 157 * 60_000 + 11_000) {
      const d = new Date(ms);
      expect(formatDateTime(d.toISOString())).toBe(expected(d));
    }
  });

  it("formats today's offset (UTC−3) and rejects what is not a date", () => {
    expect(formatDateTime("2026-11-22T02:30:00.000Z")).toBe("21/11/2026 23:30");
    expect(formatDate("2026-11-22T02:30:00.000Z")).toBe("21/11/2026");
    expect(formatDateTime("não é data")).toBe("");
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("")).toBe("");
  });

  it("writes feed dates and file names in the agency's day, not the server's", () => {
    expect(formatLocalIso("2026-01-01T02:59:59.000Z", " ")).toBe("2025-12-31 23:59:59");
    expect(formatLocalIso("2026-01-01T03:00:00.000Z", "T")).toBe("2026-01-01T00:00:00");
    expect(formatLocalIso("2018-12-01T02:30:00.000Z", " ")).toBe("2018-12-01 00:30:00"); // summer time: UTC−2
    expect(formatDateForFile(new Date("2026-03-01T02:00:00.000Z"))).toBe("28-02-2026");
  });
});

describe("agencyTime and the agency's day", () => {
  it("turns the day at local midnight: 23:59 is still yesterday, 00:00 is today", () => {
    expect(agencyTime(new Date("2026-03-01T02:59:00.000Z"))).toMatchObject({ date: "2026-02-28", hour: 23, minute: 59, minutes: 1439, weekday: 6 });
    expect(agencyTime(new Date("2026-03-01T03:00:00.000Z"))).toMatchObject({ date: "2026-03-01", hour: 0, minute: 0, minutes: 0, weekday: 0 });
    expect(agencyToday(new Date("2028-02-29T12:00:00.000Z"))).toBe("2028-02-29");
  });

  it("follows the fixed clock of the test (vi.setSystemTime)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-31T02:59:59.000Z"));
    expect(agencyToday()).toBe("2026-12-30");
    vi.setSystemTime(new Date("2026-12-31T03:00:00.000Z"));
    expect(agencyToday()).toBe("2026-12-31");
  });

  it("gives the day's bounds as instants, including the short and long days of summer time", () => {
    const normal = agencyDayBounds(new Date("2026-11-25T15:00:00.000Z"));
    expect(normal.start.toISOString()).toBe("2026-11-25T03:00:00.000Z");
    expect(normal.end.toISOString()).toBe("2026-11-26T03:00:00.000Z");
    // 4 Nov 2018: clocks jumped from 00:00 to 01:00 (a 23-hour day)
    const short = agencyDayBounds(new Date("2018-11-04T15:00:00.000Z"));
    expect(short.start.toISOString()).toBe("2018-11-04T03:00:00.000Z");
    expect(short.end.getTime() - short.start.getTime()).toBe(23 * 3_600_000);
    // 16 Feb 2019: midnight came twice (a 25-hour day)
    const long = agencyDayBounds(new Date("2019-02-16T15:00:00.000Z"));
    expect(long.end.getTime() - long.start.getTime()).toBe(25 * 3_600_000);
  });

  it("maps a wall time to its instant: a skipped time moves past the gap, a repeated time is the first", () => {
    expect(agencyInstant({ year: 2026, month: 11, day: 25 }, 9 * 60).toISOString()).toBe("2026-11-25T12:00:00.000Z");
    expect(agencyInstant({ year: 2018, month: 11, day: 4 }, 30).toISOString()).toBe("2018-11-04T03:30:00.000Z"); // shows as 01:30
    expect(formatDateTime(agencyInstant({ year: 2018, month: 11, day: 4 }, 30))).toBe("04/11/2018 01:30");
    expect(agencyInstant({ year: 2019, month: 2, day: 16 }, 23 * 60 + 30).toISOString()).toBe("2019-02-17T01:30:00.000Z");
    expect(agencyInstant({ year: 2019, month: 1, day: 10 }, 12 * 60).toISOString()).toBe("2019-01-10T14:00:00.000Z"); // UTC−2
  });
});

describe("parsing what people type", () => {
  it("accepts real dates in both forms and refuses impossible ones", () => {
    expect(parseLocalDate("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseLocalDate("29/02/2028")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseLocalDate("2026-02-29")).toBeNull();
    expect(parseLocalDate("30/02/2026")).toBeNull();
    expect(parseLocalDate("2026-13-45")).toBeNull();
    expect(parseLocalDate("2026-04-31")).toBeNull();
    expect(parseLocalDate("2026-04-30")).toEqual({ year: 2026, month: 4, day: 30 });
    expect(parseLocalDate("2026-12-31")).toEqual({ year: 2026, month: 12, day: 31 });
    expect(parseLocalDate("2026-1-5")).toBeNull();
    expect(parseLocalDate("amanhã")).toBeNull();
    expect(parseLocalDate(42)).toBeNull();
  });

  it("reads a local date-time in São Paulo, whatever the server's zone", () => {
    expect(parseLocalDateTime("2026-11-25T09:30")?.toISOString()).toBe("2026-11-25T12:30:00.000Z");
    expect(parseLocalDateTime("2026-11-25T23:59")?.toISOString()).toBe("2026-11-26T02:59:00.000Z");
    expect(parseLocalDateTime("2026-11-26T00:00:00")?.toISOString()).toBe("2026-11-26T03:00:00.000Z");
    expect(parseLocalDateTime("25/11/2026 09:30")?.toISOString()).toBe("2026-11-25T12:30:00.000Z");
    expect(parseLocalDateTime("2018-12-01T10:00")?.toISOString()).toBe("2018-12-01T12:00:00.000Z"); // summer time
    expect(parseLocalDateTime("2026-02-30T10:00")).toBeNull();
    expect(parseLocalDateTime("2026-11-25T24:00")).toBeNull();
    expect(parseLocalDateTime("2026-11-25")).toBeNull();
    expect(parseLocalDateTime("2026-11-25T09:30'; DROP TABLE leads;--")).toBeNull();
  });

  it("round-trips the datetime-local value it shows", () => {
    const at = parseLocalDateTime("2026-03-01T00:00")!;
    expect(dateTimeInputValue(at)).toBe("2026-03-01T00:00");
    expect(dateTimeInputValue("2026-03-01T02:59:00.000Z")).toBe("2026-02-28T23:59");
  });

  it("reads hours and minutes", () => {
    expect(parseHourMinute("00:00")).toBe(0);
    expect(parseHourMinute("23:59")).toBe(1439);
    expect(parseHourMinute("09:30:00")).toBe(570);
    expect(parseHourMinute("24:00")).toBeNull();
    expect(parseHourMinute("9:30")).toBeNull();
    expect(parseHourMinute("12:60")).toBeNull();
  });
});

describe("daily and weekly windows", () => {
  const at = (iso: string) => new Date(iso);

  it("is open from the first to the last minute of a daily window, inclusive", () => {
    // 05:00–09:30 local = 08:00–12:30 UTC
    expect(dailyWindow(at("2026-11-25T07:59:59.000Z"), 300, 570)).toEqual({ open: false, secondsLeft: 0, secondsToOpen: 1 });
    expect(dailyWindow(at("2026-11-25T08:00:00.000Z"), 300, 570).open).toBe(true);
    expect(dailyWindow(at("2026-11-25T12:30:59.000Z"), 300, 570)).toEqual({ open: true, secondsLeft: 1, secondsToOpen: 0 });
    expect(dailyWindow(at("2026-11-25T12:31:00.000Z"), 300, 570)).toEqual({ open: false, secondsLeft: 0, secondsToOpen: 24 * 3600 - (9 * 3600 + 31 * 60) + 300 * 60 });
  });

  it("finds the next instant inside a weekly window", () => {
    const window = { startMinutes: 9 * 60, endMinutes: 18 * 60, weekdays: [false, true, true, true, true, true, false] };
    // Wednesday 25/11/2026 08:59 local → 09:00 the same day
    expect(nextInWeeklyWindow(at("2026-11-25T11:59:00.000Z"), window, 14)?.toISOString()).toBe("2026-11-25T12:00:00.000Z");
    // inside: unchanged
    expect(nextInWeeklyWindow(at("2026-11-25T12:00:00.000Z"), window, 14)?.toISOString()).toBe("2026-11-25T12:00:00.000Z");
    expect(nextInWeeklyWindow(at("2026-11-25T20:59:59.000Z"), window, 14)?.toISOString()).toBe("2026-11-25T20:59:59.000Z");
    // 18:00 is closed: next day 09:00
    expect(nextInWeeklyWindow(at("2026-11-25T21:00:00.000Z"), window, 14)?.toISOString()).toBe("2026-11-26T12:00:00.000Z");
    // Friday 27/11 after hours → Monday 30/11
    expect(nextInWeeklyWindow(at("2026-11-27T22:00:00.000Z"), window, 14)?.toISOString()).toBe("2026-11-30T12:00:00.000Z");
    // Friday 23:30 local is Saturday in UTC: still Friday here → Monday
    expect(nextInWeeklyWindow(at("2026-11-28T02:30:00.000Z"), window, 14)?.toISOString()).toBe("2026-11-30T12:00:00.000Z");
    expect(nextInWeeklyWindow(at("2026-11-27T22:00:00.000Z"), window, 2)).toBeNull();
    expect(nextInWeeklyWindow(at("2026-11-25T12:00:00.000Z"), { ...window, weekdays: Array(7).fill(false) }, 14)).toBeNull();
  });

  it("finds the next time the clock reads a given minute", () => {
    expect(nextDailyAt(at("2026-11-25T12:29:00.000Z"), 570).toISOString()).toBe("2026-11-25T12:30:00.000Z");
    expect(nextDailyAt(at("2026-11-25T12:30:00.000Z"), 570).toISOString()).toBe("2026-11-26T12:30:00.000Z");
    expect(nextDailyAt(at("2026-12-31T14:00:00.000Z"), 570).toISOString()).toBe("2027-01-01T12:30:00.000Z");
  });
});
