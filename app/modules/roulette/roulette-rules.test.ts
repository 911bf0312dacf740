import { describe, expect, it } from "vitest";
import { AUTOMATIC_DEFAULTS, DEFAULT_PRESENCE, drawTimeShown, presenceHours, presenceWindow } from "./roulette-rules";

// São Paulo is UTC−3: 11:00Z is 08:00 there.
const saoPaulo = (hhmmss: string) => new Date(`2026-11-23T${hhmmss}-03:00`);

describe("the roulette's presence window (spec 03 §9)", () => {
  it("is 08:00–09:30 until settings are saved, then the saved one", () => {
    expect(DEFAULT_PRESENCE).toEqual({ start: "08:00", end: "09:30" });
    expect(AUTOMATIC_DEFAULTS).toEqual({ time: "09:30", start: "05:00", end: "09:30" });
    expect(presenceHours({ id: null, presenceStart: "06:00", presenceEnd: "07:00" })).toEqual({ start: "08:00", end: "09:30" });
    expect(presenceHours({ id: 1, presenceStart: "06:00", presenceEnd: "07:00" })).toEqual({ start: "06:00", end: "07:00" });
  });

  it("opens at its start and closes after the last minute of its end", () => {
    expect(presenceWindow(saoPaulo("07:59:59"), "08:00", "09:30")).toEqual({ open: false, secondsLeft: 0, secondsToOpen: 1 });
    expect(presenceWindow(saoPaulo("08:00:00"), "08:00", "09:30")).toEqual({ open: true, secondsLeft: 90 * 60 + 60, secondsToOpen: 0 });
    expect(presenceWindow(saoPaulo("09:30:59"), "08:00", "09:30")).toEqual({ open: true, secondsLeft: 1, secondsToOpen: 0 });
    // past the end: opens tomorrow at 08:00
    expect(presenceWindow(saoPaulo("09:31:00"), "08:00", "09:30")).toEqual({ open: false, secondsLeft: 0, secondsToOpen: 24 * 3600 - (9 * 3600 + 31 * 60) + 8 * 3600 });
  });
});

describe("the draw time the broker page shows", () => {
  it("is the automatic time when the automatic roulette is on", () => {
    expect(drawTimeShown({ enabled: true, time: "10:15" }, { end: "09:30" })).toBe("10:15");
  });

  it("is a minute after the window closes otherwise, never past 23:59", () => {
    expect(drawTimeShown({ enabled: false, time: "10:15" }, { end: "09:30" })).toBe("09:31");
    expect(drawTimeShown({ enabled: false, time: "10:15" }, { end: "23:58" })).toBe("23:59");
    expect(drawTimeShown({ enabled: false, time: "10:15" }, { end: "23:59" })).toBe("23:59");
    expect(drawTimeShown({ enabled: false, time: "10:15" }, { end: "nonsense" })).toBe("00:01");
  });
});
