import type { SKRSContext2D } from '@napi-rs/canvas';
import { TREASURES } from '../../../games/archaeology/catalog.ts';
import type { ArchaeologyView } from '../../../games/archaeology/view.ts';
import { fillRound, text } from '../../../render/canvas-shapes.ts';
import { drawableNames } from '../../../render/drawable-names.ts';
import { GOLD, MUTED, PANEL, PANEL_HI, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { CHAMBER_TITLES, treasureName } from '../summary.ts';
import { CHIP_H, CHIP_W, treasureChip } from './treasure-chip.ts';
import { TREASURE_STYLES } from './treasure-styles.ts';

export const TABLE_W = 1260;
const M = 20;
const HEADER = 56;
const MARKET_H = CHIP_H + 70;
const SEAT_H = 96;

export const tableHeight = (players: number): number => HEADER + MARKET_H + 190 + players * (SEAT_H + 10) + M;

function cardBack(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, label: string) {
  fillRound(ctx, x, y, w, h, 8, '#8a6d3b');
  fillRound(ctx, x + 5, y + 5, w - 10, h - 10, 6, '#6b5227');
  text(ctx, label, x + w / 2, y + h / 2, {
    size: Math.min(26, w / 2.4),
    bold: true,
    color: GOLD,
    align: 'center',
  });
}

/** The marketplace: one chip per treasure there, with its count. */
function market(ctx: SKRSContext2D, v: ArchaeologyView, y: number) {
  fillRound(ctx, M, y, TABLE_W - 2 * M, MARKET_H - 10, 14, PANEL);
  text(ctx, 'MARKETPLACE', M + 16, y + 20, { size: 18, bold: true, color: GOLD });
  const kinds = TREASURES.filter((k) => (v.market[k] ?? 0) > 0);
  if (kinds.length === 0)
    text(ctx, 'empty', TABLE_W / 2, y + MARKET_H / 2, { size: 22, color: MUTED, align: 'center' });
  kinds.forEach((k, i) => {
    treasureChip(ctx, k, v.numbers[k].trade, M + 16 + i * (CHIP_W + 26), y + 38, {
      count: v.market[k] as number,
    });
  });
}

/** The dig site, the thieves and sandstorms drawn, and the pyramid's three chambers as the rulebook lays them out. */
function digAndPyramid(ctx: SKRSContext2D, v: ArchaeologyView, y: number) {
  fillRound(ctx, M, y, 420, 176, 14, PANEL);
  text(ctx, 'DIG SITE', M + 16, y + 20, { size: 18, bold: true, color: GOLD });
  cardBack(ctx, M + 16, y + 38, 90, 126, String(v.digSite));
  text(ctx, `${v.digSite} card${v.digSite === 1 ? '' : 's'} left`, M + 122, y + 56, {
    size: 20,
    bold: true,
    color: TEXT,
  });
  text(ctx, `Thieves drawn: ${v.thieves.drawn} of ${v.thieves.total}`, M + 122, y + 92, {
    size: 18,
    color: TEXT,
  });
  text(ctx, `Sandstorms drawn: ${v.sandstorms.drawn} of ${v.sandstorms.total}`, M + 122, y + 122, {
    size: 18,
    color: TEXT,
  });
  if (v.digSite === 0)
    text(ctx, 'Nobody digs: doing nothing is a pass', M + 122, y + 152, { size: 16, color: MUTED, max: 280 });
  const px = M + 440;
  const pw = TABLE_W - M - px;
  fillRound(ctx, px, y, pw, 176, 14, PANEL);
  text(ctx, 'PYRAMID', px + 16, y + 20, { size: 18, bold: true, color: GOLD });
  // Large to the left, medium above, small to the right of the pyramid card.
  const cx = px + pw / 2;
  ctx.beginPath();
  ctx.moveTo(cx, y + 34);
  ctx.lineTo(cx + 70, y + 164);
  ctx.lineTo(cx - 70, y + 164);
  ctx.closePath();
  ctx.fillStyle = '#c9a45c';
  ctx.fill();
  const spots = { large: [cx - 250, y + 100], medium: [cx, y + 60], small: [cx + 250, y + 100] } as const;
  for (const c of v.chambers) {
    const [x, yy] = spots[c.id];
    const w = 200;
    fillRound(ctx, x - w / 2, yy - 32, w, 64, 10, c.explored ? '#3b4046' : PANEL_HI);
    text(ctx, CHAMBER_TITLES[c.id], x, yy - 14, {
      size: 17,
      bold: true,
      color: c.explored ? MUTED : TEXT,
      align: 'center',
    });
    text(
      ctx,
      c.explored ? 'explored' : `${c.cards} cards · ${c.maps} map${c.maps > 1 ? 's' : ''}`,
      x,
      yy + 14,
      {
        size: 16,
        color: c.explored ? MUTED : GOLD,
        align: 'center',
      },
    );
  }
}

function seats(ctx: SKRSContext2D, v: ArchaeologyView, names: string[], y: number) {
  v.seats.forEach((s, i) => {
    const top = y + i * (SEAT_H + 10);
    const mover = !v.finished && v.turn.seat === s.seat;
    fillRound(ctx, M, top, TABLE_W - 2 * M, SEAT_H, 12, mover ? PANEL_HI : PANEL);
    if (mover) {
      ctx.lineWidth = 3;
      ctx.strokeStyle = GOLD;
      ctx.stroke();
    }
    text(ctx, `${mover ? '▶ ' : ''}${names[s.seat] ?? `Player ${s.seat + 1}`}`, M + 16, top + 24, {
      size: 22,
      bold: true,
      color: TEXT,
      max: 300,
    });
    text(ctx, `$${s.money} · ${s.cardsSold} sold`, M + 16, top + 56, { size: 20, bold: true, color: GOLD });
    text(
      ctx,
      `${s.handSize} in hand${s.owes ? ` · owes ${s.owes} to the sandstorm` : ''}`,
      M + 16,
      top + 82,
      {
        size: 16,
        color: MUTED,
        max: 300,
      },
    );
    // Each sold set, as the overlapping row on the table: a small chip, its size and its price.
    let x = M + 330;
    for (const set of s.sold) {
      if (x > TABLE_W - M - 110) {
        text(ctx, '…', x + 10, top + SEAT_H / 2, { size: 24, bold: true, color: TEXT });
        break;
      }
      const st = TREASURE_STYLES[set.kind];
      fillRound(ctx, x, top + 10, 96, SEAT_H - 20, 8, st.frame);
      text(ctx, `${set.count}×`, x + 10, top + 28, { size: 18, bold: true, color: st.ink });
      text(ctx, treasureName(set.kind, set.count), x + 48, top + 52, {
        size: 13,
        bold: true,
        color: st.ink,
        align: 'center',
        max: 88,
      });
      text(ctx, `$${set.value}`, x + 86, top + 28, { size: 18, bold: true, color: st.ink, align: 'right' });
      x += 104;
    }
    if (s.sold.length === 0)
      text(ctx, 'nothing sold yet', M + 330, top + SEAT_H / 2, { size: 17, color: MUTED });
  });
}

export function renderArchaeologyTable(v: ArchaeologyView, names: readonly string[]): Buffer {
  const drawn = drawableNames(names);
  const h = tableHeight(v.players);
  return renderPng(TABLE_W, h, TABLE, (ctx) => {
    const mover = drawn[v.turn.seat] ?? '';
    text(ctx, 'Archaeology', M, 30, { size: 30, bold: true, color: GOLD });
    text(
      ctx,
      v.finished ? `Turn ${v.turn.number + 1} · game over` : `Turn ${v.turn.number + 1} · ${mover} to play`,
      TABLE_W - M,
      30,
      { size: 22, color: TEXT, align: 'right', max: 700 },
    );
    market(ctx, v, HEADER);
    digAndPyramid(ctx, v, HEADER + MARKET_H);
    seats(ctx, v, drawn, HEADER + MARKET_H + 190);
  });
}
