import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/**
 * A small PNG: a vertical gradient between two colours with a lighter square in the middle, so
 * demo products get distinct, recognisable images without shipping binary files.
 */
export function productPng(
  from: [number, number, number],
  to: [number, number, number],
  size = 96,
): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    const t = y / (size - 1);
    for (let x = 0; x < size; x++) {
      const inner = x > size / 4 && x < (3 * size) / 4 && y > size / 4 && y < (3 * size) / 4;
      for (let c = 0; c < 3; c++) {
        const base = Math.round(from[c]! + (to[c]! - from[c]!) * t);
        row[1 + x * 3 + c] = inner ? Math.min(255, base + 60) : base;
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
