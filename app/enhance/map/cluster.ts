/**
 * Marker clustering for the map of results, written here rather than added
 * as a dependency (docs/decisions.md, "The map of results"): points already
 * projected to the map's pixels at the current zoom are put in square grid
 * cells; each cell with points is one cluster at their centroid. Pure, so it
 * is tested without a browser (cluster.test.ts).
 */
export type ClusterPoint<T> = { x: number; y: number; item: T };
export type Cluster<T> = { x: number; y: number; items: T[] };

/** Clusters in the order their first point came; a cell size of at least 1 pixel. */
export function gridCluster<T>(points: readonly ClusterPoint<T>[], cellSize: number): Cluster<T>[] {
  if (!(cellSize >= 1)) throw new RangeError("cellSize must be at least 1 pixel");
  const cells = new Map<string, { sumX: number; sumY: number; items: T[] }>();
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    const key = `${Math.floor(p.x / cellSize)}:${Math.floor(p.y / cellSize)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.sumX += p.x;
      cell.sumY += p.y;
      cell.items.push(p.item);
    } else cells.set(key, { sumX: p.x, sumY: p.y, items: [p.item] });
  }
  return [...cells.values()].map((c) => ({ x: c.sumX / c.items.length, y: c.sumY / c.items.length, items: c.items }));
}

/** The label of a cluster's bubble: "7", "99+" for a crowd. */
export function clusterLabel(count: number): string {
  return count > 99 ? "99+" : String(count);
}
