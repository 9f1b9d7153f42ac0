/**
 * A local map tile server for the fleet's map in tests, the bench and `npm run fakes` (nothing is
 * read from OpenStreetMap): `GET /tiles/{z}/{x}/{y}.png` answers a 256 × 256 PNG (a light tile
 * with a grid line and a tint by x and y, so panning shows), and `GET /style.json` a MapLibre style
 * over those tiles (the company's other kind of map URL). CORS open, as a tile server is.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buffer: Buffer) => {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256 × 256 RGB tile: light, tinted by its x and y, with its top and left edges drawn. */
export function tilePng(x: number, y: number): Buffer {
  const side = 256;
  const tint = [232 - ((x * 7) % 24), 236 - ((y * 5) % 20), 226];
  const rows: Buffer[] = [];
  for (let py = 0; py < side; py++) {
    const row = Buffer.alloc(side * 3 + 1);
    for (let px = 0; px < side; px++) {
      const edge = px === 0 || py === 0;
      row.set(edge ? [190, 190, 190] : tint, 1 + px * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface TilesFake {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** The raster URL to paste in the company's map settings. */
  rasterUrl: string;
  styleUrl: string;
  /** Tiles served so far. */
  readonly served: number;
  close(): Promise<void>;
}

export async function startTilesFake(opts: { port?: number } = {}): Promise<TilesFake> {
  const cache = new Map<string, Buffer>();
  let served = 0;
  let origin = '';
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    const path = (req.url ?? '/').split('?')[0];
    const tile = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(path);
    if (tile) {
      const key = `${tile[2]}/${tile[3]}`;
      let png = cache.get(key);
      if (!png) cache.set(key, (png = tilePng(Number(tile[2]), Number(tile[3]))));
      served++;
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length, 'cache-control': 'max-age=3600' });
      return res.end(png);
    }
    if (path === '/style.json') {
      const style = {
        version: 8,
        sources: { base: { type: 'raster', tiles: [`${origin}/tiles/{z}/{x}/{y}.png`], tileSize: 256, attribution: 'Blocos de teste' } },
        layers: [{ id: 'base', type: 'raster', source: 'base' }],
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(style));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    rasterUrl: `${origin}/tiles/{z}/{x}/{y}.png`,
    styleUrl: `${origin}/style.json`,
    get served() {
      return served;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
