#!/usr/bin/env node
// Draws the extension's icon (images/icon.png, 128x128): a dark tile, amber JSON braces around a green
// zombie "Z" — the game's own symbol for a zombie. Pure Node (zlib); run again after changing the drawing.
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { fileURLToPath } from 'url';

const N = 128;
const px = new Uint8Array(N * N * 4);
const set = (x, y, [r, g, b, a = 255]) => {
  if (x < 0 || y < 0 || x >= N || y >= N) return;
  const i = (y * N + x) * 4;
  px[i] = r; px[i + 1] = g; px[i + 2] = b; px[i + 3] = a;
};
// Rounded dark tile.
const radius = 22;
for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) {
  const cx = Math.min(Math.max(x, radius), N - 1 - radius), cy = Math.min(Math.max(y, radius), N - 1 - radius);
  if ((x - cx) ** 2 + (y - cy) ** 2 <= radius * radius) set(x, y, [24, 28, 24]);
}
// 5x7 bitmap glyphs, scaled.
const GLYPHS = {
  '{': ['00110', '01000', '01000', '10000', '01000', '01000', '00110'],
  '}': ['01100', '00010', '00010', '00001', '00010', '00010', '01100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
};
const glyph = (ch, x0, y0, scale, color) => {
  GLYPHS[ch].forEach((row, gy) => [...row].forEach((bit, gx) => {
    if (bit !== '1') return;
    for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) set(x0 + gx * scale + dx, y0 + gy * scale + dy, color);
  }));
};
glyph('{', 6, 29, 10, [240, 176, 48]);
glyph('}', 74, 29, 10, [240, 176, 48]);
glyph('Z', 44, 43, 6, [110, 220, 90]);

// PNG: signature, IHDR, IDAT (zlib of filtered rows), IEND.
const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
const crc = (buf) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
const chunk = (type, data) => {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
  return Buffer.concat([len, td, c]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(N, 0); ihdr.writeUInt32BE(N, 4); ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
const raw = Buffer.alloc(N * (N * 4 + 1));
for (let y = 0; y < N; y++) { raw[y * (N * 4 + 1)] = 0; Buffer.from(px.buffer, y * N * 4, N * 4).copy(raw, y * (N * 4 + 1) + 1); }
const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'images', 'icon.png');
fs.writeFileSync(out, png);
console.log(`${out}: ${png.length} bytes`);
