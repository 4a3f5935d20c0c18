import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Treasure } from '../../../games/archaeology/catalog.ts';
import { fillRound, fitText, roundRect, text } from '../../../render/canvas-shapes.ts';
import { drawGlyph, GOLD, MUTED, PAPER } from '../../../render/palette.ts';
import { TREASURE_STYLES } from './treasure-styles.ts';

export const CHIP_W = 104;
export const CHIP_H = 140;

/**
 * A treasure card, small: its colour and glyph, its name, its trading value in the top corners (as the
 * printed card has it) and, when `count` is given, how many lie there.
 */
export function treasureChip(
  ctx: SKRSContext2D,
  kind: Treasure,
  trade: number,
  x: number,
  y: number,
  o: { count?: number; footer?: string; w?: number; h?: number } = {},
): void {
  const w = o.w ?? CHIP_W;
  const h = o.h ?? CHIP_H;
  const s = TREASURE_STYLES[kind];
  fillRound(ctx, x, y, w, h, 10, s.frame);
  fillRound(ctx, x + 6, y + 26, w - 12, h - 58, 8, PAPER);
  drawGlyph(ctx, s.glyph, x + w / 2, y + 26 + (h - 58) / 2, Math.min(w, h - 58) * 0.3, '#1b1b1b');
  text(ctx, String(trade), x + 12, y + 14, { size: 18, bold: true, color: s.ink });
  text(ctx, String(trade), x + w - 12, y + 14, { size: 18, bold: true, color: s.ink, align: 'right' });
  const name = fitText(ctx, s.label, w - 10, 2, [15, 13, 11], true, true);
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
