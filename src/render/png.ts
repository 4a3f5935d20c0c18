import * as zlib from 'node:zlib';
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { measuringOnly, reportPicture, startLog } from './text-log.ts';

/**
 * A minimal PNG writer. The canvas's own encoder tries every row filter at zlib level 6, which took
 * most of a table image's time; our images are large flat areas, which deflate level 1 with no
 * filter packs as small, several times faster. The canvas must be opaque (every renderer paints its
 * background first): its stored pixels are premultiplied, which equals straight RGBA only at alpha 255.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  // node:zlib has crc32 from Node 20.15; the table covers older 20.x.
  const native = (zlib as { crc32?: (data: Buffer) => number }).crc32;
  if (native) return native(buf);
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let scratch = Buffer.alloc(0);

export function encodePng(canvas: Canvas): Buffer {
  const { width, height } = canvas;
  const pixels = canvas.data();
  const stride = width * 4;
  // Each row starts with its filter byte: 0, none. The buffer is reused: deflate reads it synchronously.
  const size = (stride + 1) * height;
  if (scratch.length < size) scratch = Buffer.alloc(size);
  const raw = scratch.subarray(0, size);
  for (let y = 0; y < height; y++) raw[y * (stride + 1)] = 0;
  for (let y = 0; y < height; y++) pixels.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Canvases to draw on, kept by size. A fresh canvas costs ~10 ms in memory set-up when first read,
 * far more than drawing a whole table; drawing is synchronous, so one canvas per size is never shared
 * by two images at once. Few sizes occur (heights follow the number of players, cards or groups).
 */
const surfaces = new Map<string, Canvas>();

export function renderPng(
  width: number,
  height: number,
  background: string,
  draw: (ctx: SKRSContext2D) => void,
): Buffer {
  const key = `${width}x${height}`;
  let c = surfaces.get(key);
  if (c) surfaces.delete(key);
  else c = createCanvas(width, height);
  surfaces.set(key, c);
  if (surfaces.size > 16) surfaces.delete(surfaces.keys().next().value as string);
  const ctx = c.getContext('2d');
  ctx.reset();
  startLog(c);
  // The host's language would otherwise choose among glyph variants: fix it, as for the fonts.
  ctx.lang = 'en';
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  draw(ctx);
  reportPicture(c);
  return measuringOnly() ? Buffer.alloc(0) : encodePng(c);
}
