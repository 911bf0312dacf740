import http from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";

/**
 * A local stand-in for the map's tile server (MAP_TILE_URL), so the e2e
 * suite never reaches OpenStreetMap: GET /{z}/{x}/{y}.png answers a 256×256
 * PNG (a light ground with a street grid, so screenshots look like a map);
 * anything else is a 404. Started by tests/e2e/global-setup.ts.
 */
export type FakeTileServer = { url: string; template: string; requests: string[]; close: () => Promise<void> };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGB tile: ground colour, white streets every 64 px, a park block depending on the tile. */
export function tilePng(x = 0, y = 0): Buffer {
  const size = 256;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  const park = (x + y) % 3 === 0;
  for (let row = 0; row < size; row++) {
    const offset = row * (size * 3 + 1);
    raw[offset] = 0; // filter: none
    for (let col = 0; col < size; col++) {
      const street = row % 64 < 5 || col % 64 < 5;
      const green = park && row > 69 && row < 123 && col > 69 && col < 187;
      const [r, g, b] = street ? [255, 255, 255] : green ? [200, 230, 190] : [242, 239, 233];
      raw.set([r, g, b], offset + 1 + col * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

export async function startTileServer(port = 0): Promise<FakeTileServer> {
  const requests: string[] = [];
  const cache = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const m = /^\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/.exec(req.url ?? "");
    if (req.method !== "GET" || !m) {
      res.writeHead(404).end();
      return;
    }
    requests.push(req.url ?? "");
    const key = `${Number(m[2]) % 3}:${Number(m[3]) % 3}`;
    const png = cache.get(key) ?? tilePng(Number(m[2]), Number(m[3]));
    cache.set(key, png);
    res.writeHead(200, { "Content-Type": "image/png", "Content-Length": png.length, "Cache-Control": "max-age=3600", "Access-Control-Allow-Origin": "*" });
    res.end(png);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, template: `${url}/{z}/{x}/{y}.png`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
