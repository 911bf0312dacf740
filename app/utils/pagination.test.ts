import { describe, expect, it } from "vitest";
import { pageButtons, pageCountOf, pagerItems } from "./pagination";

describe("window pager", () => {
  it("shows at most five buttons around the current page", () => {
    expect(pageButtons(1, 1)).toEqual([]);
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageButtons(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});

describe("ellipsis pager", () => {
  it("uses ellipses only beyond 7 pages", () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerItems(1, 8)).toEqual([1, 2, 3, 4, 5, "ellipsis", 8]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, "ellipsis", 20]);
    expect(pagerItems(5, 20)).toEqual([1, "ellipsis", 4, 5, 6, "ellipsis", 20]);
    expect(pagerItems(17, 20)).toEqual([1, "ellipsis", 16, 17, 18, 19, 20]);
    expect(pagerItems(20, 20)).toEqual([1, "ellipsis", 16, 17, 18, 19, 20]);
    for (let p = 1; p <= 30; p++) {
      const items = pagerItems(p, 30);
      expect(items).toHaveLength(7);
      expect(items).toContain(p);
    }
  });
});

describe("page count", () => {
  it("rounds up and is never zero", () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(21, 10)).toBe(3);
  });
});
