import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Seat } from '../../../games/kernel/types.ts';
import type { Catalog } from '../../../games/valley/catalog.ts';
import type { ValleyView } from '../../../games/valley/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { fillRound, text, wrap } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { DARK, drawBadge, GOLD, MUTED, PANEL, PAPER, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { provisional } from './card-face.ts';
import { seatName, type TombGroup, tombGroups } from './card-groups.ts';
import { TABLE_W } from './table-image.ts';
import { drawnNames, nameOf, w } from './words.ts';

/** As wide as the board, two columns: a phone shows it 360 wide, where 24 px capitals are 8 px. */
export const TOMB_W = TABLE_W;
const M = 16;
const GAP = 10;
const COLS = 2;
const MIN_TEXT = 24;
const LINE = 32;
const COL_W = (TOMB_W - 2 * M - (COLS - 1) * GAP) / COLS;
const TITLE = 84;
const HEAD = 86;
const CHIP = 42;
const measuring = createCanvas(8, 8).getContext('2d');

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
  fillRound(ctx, x, y, COL_W, HEAD - 40, 12, g.style.frame);
  drawBadge(ctx, g.style, x + 22, y + 23, 15);
  const points = w(language, 'points', { points: g.points });
  ctx.font = font(26, true);
  const pw = ctx.measureText(points).width;
  text(ctx, g.name, x + 44, y + 24, { size: MIN_TEXT, bold: true, color: g.style.ink, max: COL_W - 70 - pw });
  text(ctx, points, x + COL_W - 12, y + 24, { size: 26, bold: true, color: g.style.ink, align: 'right' });
  text(ctx, groupScore(g, language), x + 12, y + HEAD - 20, {
    size: MIN_TEXT,
    color: MUTED,
    max: COL_W - 24,
  });
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
    ctx.font = font(MIN_TEXT, true);
    const rw = right ? ctx.measureText(right).width + 16 : 0;
    text(ctx, nameOf(card.def, language), x + 16, cy + 18, {
      size: MIN_TEXT,
      bold: true,
      color: DARK,
      max: COL_W - 40 - rw,
    });
    if (right)
      text(ctx, right, x + COL_W - 16, cy + 18, { size: MIN_TEXT, bold: true, color: DARK, align: 'right' });
  });
}

export const tombHeight = (view: ValleyView, seat: Seat, catalog: Catalog): number =>
  layout(view, seat, tombGroups(view, seat, catalog)).height;

/** The sum and the scoring rule under the columns, wrapped to the picture's width. */
function footerLines(view: ValleyView, seat: Seat, groups: TombGroup[], language: string) {
  const p = view.players[seat];
  const total = w(language, 'points', { points: p?.score.total ?? 0 });
  const sum = groups.map((g) => `${g.name} ${g.points}`).join(' + ');
  measuring.font = font(26, true);
  const sumLines = wrap(
    measuring,
    groups.length ? `${sum} = ${total}` : w(language, 'points', { points: 0 }),
    TOMB_W - 2 * M,
  );
  const dup = groups.some((g) => g.size !== null && g.cards.some((x) => x.count > 1));
  measuring.font = font(MIN_TEXT);
  const rule = wrap(measuring, w(language, 'tomb.rule', { dup: dup ? 'yes' : 'no' }), TOMB_W - 2 * M);
  return { sumLines, rule, height: 12 + sumLines.length * 34 + rule.length * LINE + 12 };
}

function layout(view: ValleyView, seat: Seat, groups: TombGroup[], language: string = DEFAULT_LANGUAGE) {
  const rows: TombGroup[][] = [];
  for (let i = 0; i < groups.length; i += COLS) rows.push(groups.slice(i, i + COLS));
  const heights = rows.map((r) => Math.max(...r.map(columnHeight)));
  const body = heights.reduce((a, b) => a + b + GAP, 0) || 90;
  const footer = footerLines(view, seat, groups, language);
  return { rows, heights, footer, height: TITLE + body + footer.height };
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
  const { rows, heights, footer, height } = layout(view, seat, groups, language);
  return renderPng(TOMB_W, height, TABLE, (ctx) => {
    text(ctx, w(language, 'tomb.title', { name: seatName(names, seat, language) }), M, 24, {
      size: 30,
      bold: true,
      color: GOLD,
      max: TOMB_W - 2 * M,
    });
    const n = p.score.tombCards;
    text(ctx, w(language, 'tomb.summary', { n, vp: p.score.total }), M, 62, {
      size: 26,
      bold: true,
      color: TEXT,
      max: TOMB_W - 2 * M,
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
    let fy = height - footer.height + 12 + 17;
    for (const line of footer.sumLines) {
      text(ctx, line, M, fy, { size: 26, bold: true, color: TEXT, max: TOMB_W - 2 * M });
      fy += 34;
    }
    fy += LINE / 2 - 17;
    for (const line of footer.rule) {
      text(ctx, line, M, fy, { size: MIN_TEXT, color: MUTED, max: TOMB_W - 2 * M });
      fy += LINE;
    }
  });
}
