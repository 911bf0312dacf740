import { describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { checkListing, prepareListing, type FeedRow } from "~/modules/feeds/rules";
import { makeProperty } from "../../helpers/factories";
import { fetchFeed, validOverrides } from "../feeds/feed-helpers";

/**
 * VRSync (OLX, ZAP, VivaReal) takes titles of 10 to 100 characters
 * (reference §1.2): each boundary on both sides, by the rule and by the feed
 * a portal reads (a listing that breaks the rule is left out of it).
 */
const titleOf = (length: number) => `Apartamento ${"x".repeat(length - "Apartamento ".length)}`;
const TITLE_ERROR = (n: number) => `O título deve ter de 10 a 100 caracteres (tem ${n}).`;

async function listingWithTitle(title: string) {
  const p = await makeProperty(validOverrides({ title }));
  const row = (await db().selectFrom("properties").selectAll().where("id", "=", p.id).executeTakeFirstOrThrow()) as unknown as FeedRow;
  return { id: p.id, row };
}

const titleErrors = (row: FeedRow) => checkListing("olx", prepareListing(row)).errors.filter((e) => e.startsWith("O título"));

describe("the VRSync title length", () => {
  it("accepts 100 characters and refuses 101, by the rule and in the OLX feed", async () => {
    const hundred = await listingWithTitle(titleOf(100));
    const hundredOne = await listingWithTitle(titleOf(101));
    expect(titleOf(100)).toHaveLength(100);
    expect(titleErrors(hundred.row)).toEqual([]);
    expect(titleErrors(hundredOne.row)).toEqual([TITLE_ERROR(101)]);

    const { response, text } = await fetchFeed("olx");
    expect(response.status).toBe(200);
    expect(text).toContain(`<ListingID>${hundred.id}</ListingID>`);
    expect(text).not.toContain(`<ListingID>${hundredOne.id}</ListingID>`);
  });

  it("accepts 10 characters and refuses 9", async () => {
    const ten = await listingWithTitle("Casa ampla");
    const nine = await listingWithTitle("Casa boa!");
    expect(titleErrors(ten.row)).toEqual([]);
    expect(titleErrors(nine.row)).toEqual([TITLE_ERROR(9)]);
  });
});
