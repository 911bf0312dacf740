import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { feedState } from "~/modules/feeds/feeds.server";
import { acceptsGzip, prepareFeed, prepareFeedsJob, resetPreparedFeeds } from "~/modules/feeds/prepared.server";
import { config } from "~/modules/platform/config.server";
import { db, nowIso } from "~/modules/platform/db.server";
import { makeProperty } from "../../helpers/factories";
import { fetchFeed, fetchFeedBytes as fetchBytes, validOverrides } from "./feed-helpers";

/**
 * Prepared feeds (prepared.server.ts): the whole feed written once per
 * catalogue version to a gzip file, sent from it while nothing changed, and
 * never sent once the catalogue moved on.
 */
const feedsDir = () => path.join(config().dataDir, "feeds");
const files = () => (fs.existsSync(feedsDir()) ? fs.readdirSync(feedsDir()).filter((f) => f.endsWith(".xml.gz")).sort() : []);

beforeEach(async () => {
  await db().deleteFrom("properties").execute();
  resetPreparedFeeds();
  fs.rmSync(feedsDir(), { recursive: true, force: true });
});
afterEach(() => {
  resetPreparedFeeds();
  vi.useRealTimers();
});

describe("prepared feeds", () => {
  it("are written for the portals in use once the catalogue is quiet, and sent from the file: gzip as stored, or inflated", async () => {
    await makeProperty(validOverrides({ title: "Apartamento preparado em Moema" }));
    await makeProperty(validOverrides({ title: "Casa preparada em Pinheiros", property_type: "Casa" }));

    // the first poll is written live, and marks the portal as in use
    const live = await fetchFeed("olx");
    expect(live.response.headers.get("Content-Encoding")).toBeNull();
    expect(live.text).toContain("Apartamento preparado em Moema");

    await prepareFeedsJob.run(new Date());
    expect(files()).toEqual([]); // a catalogue just seen may still be being edited
    await prepareFeedsJob.run(new Date());
    expect(files()).toHaveLength(1);
    expect(files()[0]).toMatch(/^olx-\d+-\d+-[0-9a-f]{8}\.xml\.gz$/); // Chaves na Mão was never polled

    const gzip = await fetchBytes("olx", { "Accept-Encoding": "gzip, deflate, br" });
    expect(gzip.response.status).toBe(200);
    expect(gzip.response.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzip.response.headers.get("Content-Length")).toBe(String(gzip.bytes.length));
    expect(gzip.response.headers.get("ETag")).toBe(live.response.headers.get("ETag"));
    expect(gzip.response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(gunzipSync(gzip.bytes).toString("utf8")).toBe(live.text);

    const plain = await fetchFeed("olx", "", { "Accept-Encoding": "identity" });
    expect(plain.response.headers.get("Content-Encoding")).toBeNull();
    expect(plain.response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(plain.text).toBe(live.text);
    // one property's feed is always written live
    expect((await fetchFeed("olx", `?id=1`, { "Accept-Encoding": "gzip" })).response.headers.get("Content-Encoding")).toBeNull();
  });

  it("are never sent once the catalogue changed, and are replaced after the next quiet minute", async () => {
    const p = await makeProperty(validOverrides({ title: "Apartamento com título antigo" }));
    await fetchFeed("olx");
    await prepareFeedsJob.run(new Date());
    await prepareFeedsJob.run(new Date());
    expect(files()).toHaveLength(1);
    const [oldFile] = files();

    await db().updateTable("properties").set({ title: "Apartamento com título novo", updated_at: nowIso() }).where("id", "=", p.id).execute();
    const changed = await fetchBytes("olx", { "Accept-Encoding": "gzip" });
    expect(changed.response.headers.get("Content-Encoding")).toBeNull(); // written live: the file is of the older version
    expect(changed.bytes.toString("utf8")).toContain("Apartamento com título novo");

    await prepareFeedsJob.run(new Date()); // the version moved: wait a quiet minute
    expect(files()).toEqual([oldFile]);
    await prepareFeedsJob.run(new Date());
    expect(files()).toHaveLength(1);
    expect(files()[0]).not.toBe(oldFile);
    const prepared = await fetchBytes("olx", { "Accept-Encoding": "gzip" });
    expect(prepared.response.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(prepared.bytes).toString("utf8")).toContain("Apartamento com título novo");
  });

  it("are prepared after a restart for a portal that polled in the last 30 days, and no longer for one that stopped", async () => {
    const p = await makeProperty(validOverrides({ title: "Apartamento dos portais em uso" }));
    await fetchFeed("olx");
    await fetchFeed("chavesnamao");
    expect(fs.readdirSync(feedsDir()).filter((f) => f.endsWith(".polled")).sort()).toEqual(["chavesnamao.polled", "olx.polled"]);

    // a restart: only the marker files remember the polls. On a fixed clock, OLX last polled 29 days ago
    // and Chaves na Mão 31 days ago: either side of the 30 days.
    resetPreparedFeeds();
    const now = new Date("2026-11-23T12:00:00.000Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    fs.utimesSync(path.join(feedsDir(), "olx.polled"), daysAgo(29), daysAgo(29));
    fs.utimesSync(path.join(feedsDir(), "chavesnamao.polled"), daysAgo(31), daysAgo(31));
    await db().updateTable("properties").set({ price: 520_000, updated_at: nowIso() }).where("id", "=", p.id).execute();
    await prepareFeedsJob.run(now);
    await prepareFeedsJob.run(now);
    expect(files()).toHaveLength(1);
    expect(files()[0]).toMatch(/^olx-/);
  });

  it("throw away a file written while the catalogue changed (its pages would mix two versions)", async () => {
    const p = await makeProperty(validOverrides({ title: "Apartamento que muda durante a escrita" }));
    const state = await feedState();
    await db().updateTable("properties").set({ price: 610_000, updated_at: nowIso() }).where("id", "=", p.id).execute();
    expect(await prepareFeed("olx", state)).toBe(false);
    expect(files()).toEqual([]);
    expect(await prepareFeed("olx", await feedState())).toBe(true);
    expect(files()).toHaveLength(1);
  });

  it("reads Accept-Encoding as RFC 9110 says", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*, gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});
