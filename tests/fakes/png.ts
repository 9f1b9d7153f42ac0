/**
 * A real, small PNG that looks like a QR code (finder squares + pseudo-random modules from a seed),
 * so `<img src="data:image/png;base64,...">` renders in the app. It does not decode: nobody scans it.
 */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

const MODULES = 25;
const SCALE = 4;
const BORDER = 4;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function isDark(seedBits: Buffer, x: number, y: number): boolean {
  for (const [fx, fy] of [
    [0, 0],
    [MODULES - 7, 0],
    [0, MODULES - 7],
  ]) {
    const [dx, dy] = [x - fx, y - fy];
    if (dx >= 0 && dx < 7 && dy >= 0 && dy < 7) {
      const ring = Math.min(dx, dy, 6 - dx, 6 - dy);
      return ring !== 1;
    }
    if (dx >= -1 && dx <= 7 && dy >= -1 && dy <= 7) return false; // separator
  }
  const bit = y * MODULES + x;
  return ((seedBits[(bit >> 3) % seedBits.length] >> (bit & 7)) & 1) === 1;
}

/** Base64 of the PNG (no `data:` prefix). */
export function qrLikePngBase64(seed: string): string {
  const bits = Buffer.concat([0, 1, 2].map((i) => createHash('sha256').update(`${seed}:${i}`).digest()));
  const side = (MODULES + 2 * BORDER) * SCALE;
  const rows: Buffer[] = [];
  for (let py = 0; py < side; py++) {
    const row = Buffer.alloc(side + 1, 255);
    row[0] = 0; // filter: none
    const y = Math.floor(py / SCALE) - BORDER;
    for (let px = 0; px < side; px++) {
      const x = Math.floor(px / SCALE) - BORDER;
      if (x >= 0 && y >= 0 && x < MODULES && y < MODULES && isDark(bits, x, y)) row[px + 1] = 0;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit grayscale, no interlace
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return png.toString('base64');
}
