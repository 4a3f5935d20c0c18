import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Treasure } from '../../../games/archaeology/catalog.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { fillRound, roundRect, text, wrap } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { drawGlyph, GOLD, MUTED, PAPER } from '../../../render/palette.ts';
import { TREASURE_STYLES } from './treasure-styles.ts';
import { treasureLabel } from './words.ts';

export const CHIP_W = 150;
export const CHIP_H = 176;
/** Archaeology's pictures are this wide: a phone shows them at half size, a desktop at 0.76. */
export const ARCH_W = 720;
/** The smallest text on them: 22 px capitals are 8 px tall on a phone (`minFontPx(ARCH_W)`). */
export const MIN_TEXT = 22;

/**
 * A treasure card, small: its colour and glyph, its name, its trading value in the top corners (as the
 * printed card has it) and, when `count` is given, how many lie there. The name is in `o.language`,
 * on up to two lines in the band under the paper, never over it.
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
  const band = Math.max(60, Math.round(h * 0.3));
  fillRound(ctx, x, y, w, h, 10, s.frame);
  fillRound(ctx, x + 6, y + 30, w - 12, h - 30 - band, 8, PAPER);
  const paperH = h - 30 - band;
  // Left of centre when the count stands beside it, so neither covers the other.
  const gx = o.count === undefined ? x + w / 2 : x + 6 + (w - 12) * 0.32;
  drawGlyph(ctx, s.glyph, gx, y + 30 + paperH / 2, Math.min(w, paperH) * 0.3, '#1b1b1b');
  text(ctx, String(trade), x + 12, y + 16, { size: MIN_TEXT, bold: true, color: s.ink });
  text(ctx, String(trade), x + w - 12, y + 16, { size: MIN_TEXT, bold: true, color: s.ink, align: 'right' });
  const label = treasureLabel(kind, o.language ?? DEFAULT_LANGUAGE);
  const size = MIN_TEXT;
  tileName(ctx, label, x + w / 2, y + h - band / 2, w - 10, s.ink, size);
  if (o.count !== undefined) {
    ctx.save();
    // Beside the glyph, not over it: the count is what the player reads first.
    roundRect(ctx, x + w - 66, y + 30 + paperH / 2 - 17, 56, 34, 17);
    ctx.fillStyle = '#1b1b1b';
    ctx.fill();
    ctx.restore();
    text(ctx, `×${o.count}`, x + w - 38, y + 30 + paperH / 2 + 1, {
      size: MIN_TEXT,
      bold: true,
      color: GOLD,
      align: 'center',
    });
  }
  if (o.footer) {
    ctx.font = font(MIN_TEXT);
    wrap(ctx, o.footer, w + 8)
      .slice(0, 2)
      .forEach((line, i) => {
        text(ctx, line, x + w / 2, y + h + 16 + i * 28, {
          size: MIN_TEXT,
          color: MUTED,
          align: 'center',
          max: w + 8,
        });
      });
  }
}

/**
 * A treasure's name centred on (`cx`, `cy`), at `size`: one line when it fits, else two balanced lines
 * ("Pot / Shards"), squeezed to `max` rather than made smaller.
 */
/** The narrowest a name is squeezed to (of its natural width) before it takes another line. */
const MIN_SQUEEZE = 0.75;

export function tileName(
  ctx: SKRSContext2D,
  name: string,
  cx: number,
  cy: number,
  max: number,
  ink: string,
  size: number = MIN_TEXT,
): void {
  ctx.font = font(size, true);
  let lines = [name];
  if (ctx.measureText(name).width > max) {
    const all = wrap(ctx, name, max, true);
    lines = all.length <= 2 ? all : [all[0] as string, all.slice(1).join(' ')];
    // Three lines rather than a second one squeezed past reading ("de pergamino" in 82 px): the tiles
    // have the height for them.
    const widest = Math.max(...lines.map((l) => ctx.measureText(l).width));
    if (all.length === 3 && widest * MIN_SQUEEZE > max) lines = all;
  }
  lines.forEach((line, i) => {
    const dy = (i - (lines.length - 1) / 2) * (size + 3);
    text(ctx, line, cx, cy + dy, { size, bold: true, color: ink, align: 'center', max });
  });
}

/**
 * A sold-set tile's top line: the set's size at `left` and its price ending at `right`, at `size`
 * (squeezed, never smaller, when a long price such as "25 $" leaves no gap).
 */
export function tileHead(
  ctx: SKRSContext2D,
  count: string,
  price: string,
  left: number,
  right: number,
  y: number,
  ink: string,
  size: number = MIN_TEXT,
): void {
  ctx.font = font(size, true);
  const cw = ctx.measureText(count).width;
  const room = right - left - cw - 6;
  text(ctx, count, left, y, { size, bold: true, color: ink });
  text(ctx, price, right, y, { size, bold: true, color: ink, align: 'right', max: room });
}
