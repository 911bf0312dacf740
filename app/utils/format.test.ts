import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format";

describe("formatDateTime", () => {
  const reference = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false });
  const expected = (d: Date) => {
    const parts = reference.formatToParts(d);
    const get = (type: string) => parts.find((p) => p.type === type)!.value;
    return `${get("day")}/${get("month")}/${get("year")} ${get("hour")}:${get("minute")}`;
  };

  it("agrees with Intl in São Paulo time, across the daylight-saving changes of 2017–2019", () => {
    // Every 37 minutes (plus seconds) for three years: both sides of each change, at many minutes of the hour.
    const start = Date.UTC(2017, 0, 1);
    for (let ms = start; ms < Date.UTC(2020, 0, 1); ms += 37 * 60_000 + 11_000) {
      const d = new Date(ms);
      expect(formatDateTime(d.toISOString())).toBe(expected(d));
    }
  });

  it("formats today's offset (UTC−3) and rejects what is not a date", () => {
    expect(formatDateTime("2026-11-22T02:30:00.000Z")).toBe("21/11/2026 23:30");
    expect(formatDate("2026-11-22T02:30:00.000Z")).toBe("21/11/2026");
    expect(formatDateTime("não é data")).toBe("");
    expect(formatDateTime(null)).toBe("");
  });
});
