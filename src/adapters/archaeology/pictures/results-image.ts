import { createCanvas } from '@napi-rs/canvas';
import type { ArchaeologyView } from '../../../games/archaeology/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { fillRound, text } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { GOLD, MUTED, PANEL, PANEL_HI, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { SOLD_TILE, soldTile } from './table-image.ts';
import { ARCH_W, MIN_TEXT } from './treasure-chip.ts';
import { drawnNames, money, ordinalIn, w } from './words.ts';

const W = ARCH_W;
const M = 16;
const PAD = 16;

const measuring = createCanvas(8, 8).getContext('2d');

const blockHeight = (sets: number) =>
  44 + 34 + (sets ? Math.ceil(sets / SOLD_TILE.perRow) * (SOLD_TILE.h + 10) : 0) + 8;

/** Places, money and every set sold, largest sets first: a block per player, for a phone first. */
export function renderArchaeologyResults(
  v: ArchaeologyView,
  names: readonly string[],
  language: string = DEFAULT_LANGUAGE,
): Buffer {
  const out = v.outcome;
  if (!out) throw new Error('results of an unfinished game');
  const drawn = drawnNames(names, language);
  const ranked = [...out.results].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const heights = ranked.map((r) => blockHeight(v.seats[r.seat]?.sold.length ?? 0));
  const H = 60 + heights.reduce((a, b) => a + b + 10, 0) + 6;
  return renderPng(W, H, TABLE, (ctx) => {
    text(ctx, w(language, 'results.title'), M, 30, { size: 32, bold: true, color: GOLD, max: W - 2 * M });
    let y = 60;
    ranked.forEach((r, i) => {
      const h = heights[i] as number;
      const seat = v.seats[r.seat];
      const win = r.rank === 1;
      fillRound(ctx, M, y, W - 2 * M, h, 12, win ? PANEL_HI : PANEL);
      const place = ordinalIn(r.rank, language);
      measuring.font = font(28, true);
      const placeW = measuring.measureText(place).width;
      const score = money(r.score, language);
      measuring.font = font(32, true);
      const scoreW = measuring.measureText(score).width;
      text(ctx, place, M + PAD, y + 26, { size: 28, bold: true, color: win ? GOLD : TEXT });
      text(ctx, score, W - M - PAD, y + 26, { size: 32, bold: true, color: GOLD, align: 'right' });
      text(ctx, drawn[r.seat] ?? '', M + PAD + placeW + 14, y + 26, {
        size: 28,
        bold: true,
        color: TEXT,
        max: W - 2 * M - 2 * PAD - placeW - scoreW - 28,
      });
      text(ctx, w(language, 'cards-sold', { n: seat?.cardsSold ?? 0 }), M + PAD, y + 44 + 17, {
        size: MIN_TEXT,
        color: MUTED,
        max: W - 2 * M - 2 * PAD,
      });
      const sets = [...(seat?.sold ?? [])].sort((a, b) => b.value - a.value);
      sets.forEach((set, k) => {
        const x = M + PAD + (k % SOLD_TILE.perRow) * (SOLD_TILE.w + SOLD_TILE.gap);
        soldTile(ctx, set, x, y + 44 + 34 + Math.floor(k / SOLD_TILE.perRow) * (SOLD_TILE.h + 10), language);
      });
      y += h + 10;
    });
  });
}
