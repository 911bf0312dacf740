import { startTileServer } from "../mocks/tile-server";

/**
 * Before the specs: the local map tile fake (tests/mocks/tile-server.ts) on
 * the port scripts/e2e.mjs chose and gave the server as MAP_TILE_URL, so the
 * map page draws offline. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_TILE_PORT ?? 0);
  if (!port) return async () => {};
  const tiles = await startTileServer(port);
  return () => tiles.close();
}
