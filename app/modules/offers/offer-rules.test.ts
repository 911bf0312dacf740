import { describe, expect, it } from "vitest";
import { OFFER_PHOTO_LIMITS, OFFER_PHOTO_MESSAGES, offerPhotoProblems } from "./offer-rules";

/** The browser's check of the chosen photos, on both sides of each limit. */
describe("offerPhotoProblems", () => {
  const file = (name: string, size = 1000) => ({ name, size });
  it("takes up to 6 photos of up to 10 MB", () => {
    expect(offerPhotoProblems([])).toEqual([]);
    expect(offerPhotoProblems(Array.from({ length: 6 }, (_, i) => file(`f${i}.jpg`, OFFER_PHOTO_LIMITS.maxFileBytes)))).toEqual([]);
  });
  it("refuses a 7th photo and a photo one byte over 10 MB, naming it", () => {
    expect(offerPhotoProblems(Array.from({ length: 7 }, (_, i) => file(`f${i}.jpg`)))).toEqual([OFFER_PHOTO_MESSAGES.photoTooMany]);
    expect(offerPhotoProblems([file("ok.jpg"), file("grande.jpg", OFFER_PHOTO_LIMITS.maxFileBytes + 1)])).toEqual(["grande.jpg: a foto passa de 10 MB."]);
  });
});
