import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Seat } from '../../../games/kernel/types.ts';
import type { Catalog } from '../../../games/valley/catalog.ts';
import type { ValleyView } from '../../../games/valley/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { fillRound, text } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { DARK, drawBadge, GOLD, MUTED, PANEL, PAPER, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { provisional } from './card-face.ts';
import { seatName, type TombGroup, tombGroups } from './card-groups.ts';
import { drawnNames, nameOf, w } from './words.ts';

export const TOMB_W = 1260;
const M = 20;
const GAP = 12;
const COLS = 4;
const COL_W = (TOMB_W - 2 * M - (COLS - 1) * GAP) / COLS;
const TITLE = 60;
const HEAD = 74;
const CHIP = 36;
const FOOTER = 80;

const columnHeight = (g: TombGroup) => HEAD + g.cards.length * CHIP + 10;

/** How a group scores, in words short enough for a column. */
export function groupScore(g: TombGroup, language: string = DEFAULT_LANGUAGE): string {
  if (g.size === null) return w(language, 'tomb.printed-score', { n: g.total });
  return w(language, 'tomb.set-score', { count: g.cards.length, size: g.size, points: g.points });
}

function column(
  ctx: SKRSContext2D,
  g: TombGroup,
  catalog: Catalog,
  x: number,
  y: number,
  h: number,
  language: string,
) {
  fillRound(ctx, x, y, COL_W, h, 12, PANEL);
  fillRound(ctx, x, y, COL_W, HEAD - 32, 12, g.style.frame);
  drawBadge(ctx, g.style, x + 22, y + 20, 15);
  const points = w(language, 'points', { points: g.points });
  ctx.font = font(22, true);
  const pw = ctx.measureText(points).width;
  text(ctx, g.name, x + 44, y + 20, { size: 20, bold: true, color: g.style.ink, max: COL_W - 70 - pw });
  text(ctx, points, x + COL_W - 12, y + 20, { size: 22, bold: true, color: g.style.ink, align: 'right' });
  text(ctx, groupScore(g, language), x + 12, y + HEAD - 17, { size: 18, color: MUTED, max: COL_W - 24 });
  g.cards.forEach((card, i) => {
    const cy = y + HEAD + i * CHIP;
    fillRound(ctx, x + 8, cy, COL_W - 16, CHIP - 6, 7, PAPER);
    const scored = g.size === null;
    const mark = scored && provisional(card.def, 'vp', catalog) ? '*' : '';
    const right = [
      card.count > 1 ? `×${card.count}` : '',
      scored ? w(language, 'points', { points: `${card.def.vp * card.count}${mark}` }) : '',
    ]
      .filter(Boolean)
      .join('  ');
    ctx.font = font(18, true);
    const rw = right ? ctx.measureText(right).width + 16 : 0;
    text(ctx, nameOf(card.def, language), x + 18, cy + 15, {
      size: 18,
      bold: true,
      color: DARK,
      max: COL_W - 44 - rw,
    });
    if (right)
      text(ctx, right, x + COL_W - 18, cy + 15, { size: 18, bold: true, color: DARK, align: 'right' });
  });
}

export const tombHeight = (view: ValleyView, seat: Seat, catalog: Catalog): number =>
  layout(tombGroups(view, seat, catalog)).height;

function layout(groups: TombGroup[]) {
  const rows: TombGroup[][] = [];
  for (let i = 0; i < groups.length; i += COLS) rows.push(groups.slice(i, i + COLS));
  const heights = rows.map((r) => Math.max(...r.map(columnHeight)));
  const body = heights.reduce((a, b) => a + b + GAP, 0) || 90;
  return { rows, heights, height: TITLE + body + FOOTER };
}

/**
 * One seat's tomb (public), grouped the way it scores, with the arithmetic spelled out. Cards are the
 * view's `defs`; `catalog` gives set names and sizes and provisional marks.
 */
export function renderTomb(
  view: ValleyView,
  seat: Seat,
  given: readonly string[],
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): Buffer {
  const names = drawnNames(given, language);
  const p = view.players[seat];
  if (!p) throw new Error(`no seat ${seat} in this game`);
  const groups = tombGroups(view, seat, catalog, language);
  const { rows, heights, height } = layout(groups);
  return renderPng(TOMB_W, height, TABLE, (ctx) => {
    text(ctx, w(language, 'tomb.title', { name: seatName(names, seat, language) }), M, TITLE / 2, {
      size: 30,
      bold: true,
      color: GOLD,
      max: 700,
    });
    const n = p.score.tombCards;
    text(ctx, w(language, 'tomb.summary', { n, vp: p.score.total }), TOMB_W - M, TITLE / 2, {
      size: 28,
      bold: true,
      color: TEXT,
      align: 'right',
    });
    let y = TITLE;
    if (!groups.length) {
      fillRound(ctx, M, y, TOMB_W - 2 * M, 80, 12, PANEL);
      text(ctx, w(language, 'tomb.empty'), TOMB_W / 2, y + 40, { size: 24, color: MUTED, align: 'center' });
    }
    rows.forEach((row, r) => {
      const h = heights[r] ?? 0;
      row.forEach((g, i) => {
        column(ctx, g, catalog, M + i * (COL_W + GAP), y, h, language);
      });
      y += h + GAP;
    });
    const fy = height - FOOTER;
    const sum = groups.map((g) => `${g.name} ${g.points}`).join(' + ');
    const total = w(language, 'points', { points: p.score.total });
    text(ctx, groups.length ? `${sum} = ${total}` : w(language, 'points', { points: 0 }), M, fy + 24, {
      size: 22,
      bold: true,
      color: TEXT,
      max: TOMB_W - 2 * M,
    });
    const dup = groups.some((g) => g.size !== null && g.cards.some((x) => x.count > 1));
    text(ctx, w(language, 'tomb.rule', { dup: dup ? 'yes' : 'no' }), M, fy + 58, {
      size: 18,
      color: MUTED,
      max: TOMB_W - 2 * M,
    });
  });
}
