import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Treasure } from '../../../games/archaeology/catalog.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { fillRound, fitText, roundRect, text } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { drawGlyph, GOLD, MUTED, PAPER } from '../../../render/palette.ts';
import { TREASURE_STYLES } from './treasure-styles.ts';
import { treasureLabel } from './words.ts';

export const CHIP_W = 104;
export const CHIP_H = 140;

/**
 * A treasure card, small: its colour and glyph, its name, its trading value in the top corners (as the
 * printed card has it) and, when `count` is given, how many lie there. The name is in `o.language`.
 */
export function treasureChip(
  ctx: SKRSContext2D,
  kind: Treasure,
  trade: number,
  x: number,
  y: number,
  o: { count?: number; footer?: string; w?: number; h?: number; language?: string } = {},
): void {
  const w = o.w ?? CHIP_W;
  const h = o.h ?? CHIP_H;
  const s = TREASURE_STYLES[kind];
  fillRound(ctx, x, y, w, h, 10, s.frame);
  fillRound(ctx, x + 6, y + 26, w - 12, h - 58, 8, PAPER);
  drawGlyph(ctx, s.glyph, x + w / 2, y + 26 + (h - 58) / 2, Math.min(w, h - 58) * 0.3, '#1b1b1b');
  text(ctx, String(trade), x + 12, y + 14, { size: 18, bold: true, color: s.ink });
  text(ctx, String(trade), x + w - 12, y + 14, { size: 18, bold: true, color: s.ink, align: 'right' });
  const label = treasureLabel(kind, o.language ?? DEFAULT_LANGUAGE);
  const name = fitText(ctx, label, w - 10, 2, [15, 13, 11], true, true);
  name.lines.forEach((line, i) => {
    ctx.fillStyle = s.ink;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(line, x + w / 2, y + h - 24 + (i - (name.lines.length - 1) / 2) * (name.size + 1), w - 10);
  });
  if (o.count !== undefined) {
    ctx.save();
    roundRect(ctx, x + w - 44, y + 30, 38, 28, 14);
    ctx.fillStyle = '#1b1b1b';
    ctx.fill();
    ctx.restore();
    text(ctx, `×${o.count}`, x + w - 25, y + 44, { size: 17, bold: true, color: GOLD, align: 'center' });
  }
  if (o.footer)
    text(ctx, o.footer, x + w / 2, y + h + 14, { size: 15, color: MUTED, align: 'center', max: w + 8 });
}

/**
 * A treasure's name on a small sold-set tile, centred on (`cx`, `cy`): one line, squeezed to `max` when
 * need be; a name of three words or more that does not fit ("Fragmentos de vasija") goes on two
 * balanced lines instead, which stay readable where one line would be squeezed to half its width.
 */
export function tileName(
  ctx: SKRSContext2D,
  name: string,
  cx: number,
  cy: number,
  max: number,
  ink: string,
): void {
  ctx.font = font(13, true);
  if (ctx.measureText(name).width <= max || name.split(/\s+/).length < 3) {
    text(ctx, name, cx, cy, { size: 13, bold: true, color: ink, align: 'center', max });
    return;
  }
  const fit = fitText(ctx, name, max, 2, [13, 12, 11], true, true);
  fit.lines.forEach((line, i) => {
    const dy = (i - (fit.lines.length - 1) / 2) * (fit.size + 1);
    text(ctx, line, cx, cy + dy, { size: fit.size, bold: true, color: ink, align: 'center', max });
  });
}

/**
 * A sold-set tile's top line: the set's size at `left` and its price ending at `right`, as large as
 * keeps a gap between them ("5× $25"; a longer price such as "25 $" may need a smaller size).
 */
export function tileHead(
  ctx: SKRSContext2D,
  count: string,
  price: string,
  left: number,
  right: number,
  y: number,
  ink: string,
): void {
  let size = 18;
  for (; size > 14; size--) {
    ctx.font = font(size, true);
    if (ctx.measureText(count).width + ctx.measureText(price).width + 6 <= right - left) break;
  }
  text(ctx, count, left, y, { size, bold: true, color: ink });
  text(ctx, price, right, y, { size, bold: true, color: ink, align: 'right' });
}
