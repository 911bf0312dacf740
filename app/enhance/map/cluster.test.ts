import { describe, expect, it } from "vitest";
import { clusterLabel, gridCluster } from "./cluster";

describe("gridCluster", () => {
  it("puts points of one grid cell together at their centroid, and others apart", () => {
    const clusters = gridCluster(
      [
        { x: 10, y: 10, item: "a" },
        { x: 50, y: 30, item: "b" },
        { x: 70, y: 10, item: "c" }, // next cell to the right
        { x: 10, y: 130, item: "d" }, // two cells down
      ],
      60,
    );
    expect(clusters).toEqual([
      { x: 30, y: 20, items: ["a", "b"] },
      { x: 70, y: 10, items: ["c"] },
      { x: 10, y: 130, items: ["d"] },
    ]);
  });

  it("splits on a cell's edge: 59.99 and 60 are in different cells", () => {
    expect(gridCluster([{ x: 59.99, y: 0, item: 1 }, { x: 60, y: 0, item: 2 }], 60)).toHaveLength(2);
    expect(gridCluster([{ x: 0, y: 0, item: 1 }, { x: 59.99, y: 59.99, item: 2 }], 60)).toHaveLength(1);
  });

  it("handles negative pixels, no points and bad input", () => {
    expect(gridCluster([{ x: -1, y: 0, item: 1 }, { x: 1, y: 0, item: 2 }], 60)).toHaveLength(2);
    expect(gridCluster([], 60)).toEqual([]);
    expect(gridCluster([{ x: Number.NaN, y: 0, item: 1 }], 60)).toEqual([]);
    expect(() => gridCluster([], 0)).toThrow(RangeError);
  });

  it("counts many points into one bubble label", () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ x: i % 10, y: Math.floor(i / 10), item: i }));
    const [only] = gridCluster(many, 60);
    expect(only.items).toHaveLength(150);
    expect(clusterLabel(only.items.length)).toBe("99+");
    expect(clusterLabel(7)).toBe("7");
  });
});
