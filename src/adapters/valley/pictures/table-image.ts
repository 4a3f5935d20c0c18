import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Catalog } from '../../../games/valley/catalog.ts';
import { withNames } from '../../../games/valley/describe.ts';
import type { PlayerView, ValleyView } from '../../../games/valley/view.ts';
import { fillRound, ordinal, roundRect, text } from '../../../render/canvas-shapes.ts';
import { drawableNames } from '../../../render/drawable-names.ts';
import { font } from '../../../render/fonts.ts';
import { drawBadge, GOLD, MUTED, PANEL, PANEL_HI, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { CARD_H, CARD_W, cardBack, cardFace } from './card-face.ts';
import { defOf, seatName, tombGroups } from './card-groups.ts';

export const TABLE_W = 1260;
export const TABLE_H = 630;

const M = 20;
const GAP = 14;
const HEADER = 64;
const PYR_W = 3 * CARD_W + 2 * GAP;
/** Slots per row, top row first (slots 0–2 are the base). */
const ROWS = [[5], [3, 4], [0, 1, 2]] as const;

function slotXY(row: number, i: number): [number, number] {
  return [M + ((2 - row) * (CARD_W + GAP)) / 2 + i * (CARD_W + GAP), HEADER + row * (CARD_H + GAP)];
}

function emptySlot(ctx: SKRSContext2D, x: number, y: number, w: number, h: number) {
  ctx.save();
  ctx.setLineDash([10, 8]);
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#6b747b';
  roundRect(ctx, x + 2, y + 2, w - 4, h - 4, 12);
  ctx.stroke();
  ctx.restore();
  text(ctx, 'empty', x + w / 2, y + h / 2, { size: 20, color: MUTED, align: 'center' });
}

function pyramid(ctx: SKRSContext2D, view: ValleyView, catalog: Catalog) {
  // The base row is the only place cards are bought from: a gold tray and a label under it say so.
  const [bx, by] = slotXY(2, 0);
  fillRound(ctx, bx - 8, by - 8, PYR_W + 16, CARD_H + 48, 14, '#4a3f1c');
  ctx.lineWidth = 3;
  ctx.strokeStyle = GOLD;
  ctx.stroke();
  text(ctx, '▲ BUY FROM THE BASE ROW ▲', bx + PYR_W / 2, by + CARD_H + 20, {
    size: 20,
    bold: true,
    color: GOLD,
    align: 'center',
  });
  ROWS.forEach((slots, row) => {
    slots.forEach((slot, i) => {
      const [x, y] = slotXY(row, i);
      const ref = view.pyramid[slot] ?? null;
      if (ref) ctx.drawImage(cardFace(defOf(view, ref), catalog), x, y);
      else emptySlot(ctx, x, y, CARD_W, CARD_H);
    });
  });
}

const SMALL = 0.8;

/** Stock and boneyard sit in the pyramid's empty top corners, smaller so they read as apart from it. */
function piles(ctx: SKRSContext2D, view: ValleyView, catalog: Catalog) {
  const w = CARD_W * SMALL;
  const h = CARD_H * SMALL;
  const y = HEADER + 30;
  text(ctx, 'Stock', M, HEADER + 12, { size: 20, bold: true, color: TEXT });
  if (view.stock.count > 0) {
    ctx.drawImage(cardBack(), M, y, w, h);
    text(ctx, String(view.stock.count), M + w / 2, y + h / 2 - 6, {
      size: 44,
      bold: true,
      color: '#ffffff',
      align: 'center',
    });
    text(ctx, view.stock.count === 1 ? 'card left' : 'cards left', M + w / 2, y + h / 2 + 30, {
      size: 17,
      color: '#f3e3bf',
      align: 'center',
    });
  } else emptySlot(ctx, M, y, w, h);

  const bx = M + PYR_W - w;
  text(ctx, `Boneyard (${view.boneyard.count})`, M + PYR_W, HEADER + 12, {
    size: 20,
    bold: true,
    color: TEXT,
    align: 'right',
  });
  if (view.boneyard.top) ctx.drawImage(cardFace(defOf(view, view.boneyard.top), catalog), bx, y, w, h);
  else emptySlot(ctx, bx, y, w, h);
}

/** One badge and count per group ("7/7" for a set); squeezed, never cut, when all seven groups show. */
function tombSummary(
  ctx: SKRSContext2D,
  view: ValleyView,
  catalog: Catalog,
  p: PlayerView,
  x: number,
  y: number,
  width: number,
  size = 19,
) {
  const groups = tombGroups(view, p.seat, catalog);
  if (!groups.length) {
    text(ctx, 'Tomb empty', x, y, { size: size - 1, color: MUTED });
    return;
  }
  const r = Math.round((size * 12) / 19);
  ctx.font = font(size, true);
  const items = groups.map((g) => {
    const count = g.size === null ? `${g.total}` : `${g.cards.length}/${g.size}`;
    return { g, count, w: 2 * r + 2 + ctx.measureText(count).width + 12 };
  });
  const total = items.reduce((sum, it) => sum + it.w, 0) - 12;
  ctx.save();
  ctx.translate(x, y);
  if (total > width) ctx.scale(width / total, 1);
  let cx = 0;
  for (const it of items) {
    drawBadge(ctx, it.g.style, cx + r - 1, 0, r);
    text(ctx, it.count, cx + 2 * r + 2, 1, { size, bold: true, color: TEXT });
    cx += it.w;
  }
  ctx.restore();
}

/**
 * Five or six seats leave each block about 80–95 px: the same three lines, smaller (a block of four
 * seats or fewer keeps the large layout, read at a glance on a phone).
 */
const LARGE = {
  name: 26,
  nameY: 26,
  score: 34,
  scoreY: 30,
  vp: 16,
  tag: 16,
  tagY: 14,
  tagH: 26,
  counts: 19,
  countsY: 62,
  tomb: 19,
};
const COMPACT = {
  name: 22,
  nameY: 20,
  score: 28,
  scoreY: 22,
  vp: 14,
  tag: 14,
  tagY: 8,
  tagH: 22,
  counts: 16,
  countsY: 44,
  tomb: 16,
};

function seatBlock(
  ctx: SKRSContext2D,
  view: ValleyView,
  catalog: Catalog,
  p: PlayerView,
  names: readonly string[],
  x: number,
  y: number,
  w: number,
  h: number,
) {
  const current = !view.finished && view.turn.seat === p.seat;
  const asked = view.waiting.seats.includes(p.seat) && !current;
  fillRound(ctx, x, y, w, h, 12, current ? PANEL_HI : PANEL);
  if (current) {
    ctx.lineWidth = 3;
    ctx.strokeStyle = GOLD;
    ctx.stroke();
  }
  const rank = view.outcome?.results.find((r) => r.seat === p.seat)?.rank;
  const tag = current ? '▶ TO PLAY' : asked ? '… DECIDING' : rank ? ordinal(rank) : '';
  const winner = rank === 1;
  const L = h < 110 ? COMPACT : LARGE;
  ctx.font = font(L.tag, true);
  const tagW = tag ? ctx.measureText(tag).width + 16 : 0;
  ctx.font = font(L.score, true);
  const score = String(p.score.total);
  const scoreW = ctx.measureText(score).width + 40;
  text(ctx, seatName(names, p.seat), x + 16, y + L.nameY, {
    size: L.name,
    bold: true,
    color: current ? GOLD : TEXT,
    max: w - 40 - scoreW - tagW,
  });
  text(ctx, score, x + w - 46, y + L.scoreY, { size: L.score, bold: true, color: TEXT, align: 'right' });
  text(ctx, 'VP', x + w - 14, y + L.scoreY + 4, { size: L.vp, bold: true, color: MUTED, align: 'right' });
  if (tag) {
    const tx = x + w - 16 - scoreW - tagW;
    const bright = current || winner;
    fillRound(ctx, tx, y + L.tagY, tagW, L.tagH, 8, bright ? GOLD : '#55606a');
    text(ctx, tag, tx + tagW / 2, y + L.tagY + L.tagH / 2 + 1, {
      size: L.tag,
      bold: true,
      color: bright ? '#1b1b1b' : TEXT,
      align: 'center',
    });
  }
  const counts = `Hand ${p.handCount}   Deck ${p.deckCount}   Discard ${p.discardCount}`;
  text(ctx, p.score.tombCards ? `${counts}   Tomb ${p.score.tombCards}` : counts, x + 16, y + L.countsY, {
    size: L.counts,
    color: MUTED,
    max: w - 32,
  });
  tombSummary(ctx, view, catalog, p, x + 16, L === LARGE ? y + 96 : y + h - 15, w - 32, L.tomb);
  // Public details, when the block has room for a fourth line (up to three players). Cards in play
  // are in the header.
  if (h < 150) return;
  const list = (refs: readonly { card: string }[]) =>
    refs.map((r) => view.defs[r.card]?.name ?? r.card).join(', ');
  const details = [
    p.discardTop ? `Discard top: ${defOf(view, p.discardTop).name}` : '',
    p.aside.length ? `Revealed: ${list(p.aside)}` : '',
  ].filter(Boolean);
  if (details.length)
    text(ctx, details.join('  ·  '), x + 16, y + 128, { size: 17, color: MUTED, max: w - 32 });
}

function header(ctx: SKRSContext2D, view: ValleyView, names: readonly string[]) {
  const msg = view.finished
    ? withNames(view.outcome?.summary ?? 'The game is over', names)
    : view.waiting.text === `@${view.turn.seat} to play`
      ? `${seatName(names, view.turn.seat)} to play`
      : `${seatName(names, view.turn.seat)}'s turn: ${withNames(view.waiting.text, names)}`;
  const turn = view.finished ? 'Game over' : `Turn ${view.turn.number + 1}`;
  ctx.font = font(30, true);
  const tw = ctx.measureText(turn).width;
  text(ctx, turn, M, HEADER / 2 - 4, { size: 30, bold: true, color: GOLD });
  const mx = M + tw + 20;
  text(ctx, msg, mx, HEADER / 2 - 4, { size: 26, bold: true, color: TEXT, max: TABLE_W - mx - M });
  // What the player to move has played this turn, when it fits beside the message.
  const played = view.players[view.turn.seat]?.play ?? [];
  if (view.finished || !played.length) return;
  const end = mx + ctx.measureText(msg).width + 24;
  const note = `played: ${played.map((r) => defOf(view, r).name).join(', ')}`;
  ctx.font = font(20);
  if (end + ctx.measureText(note).width <= TABLE_W - M)
    text(ctx, note, end, HEADER / 2 - 2, { size: 20, color: MUTED });
}

/**
 * The public board: the same for every viewer, so it never shows a hand. Cards are the view's `defs`;
 * `catalog` gives set names and provisional marks.
 */
export function renderTable(view: ValleyView, given: readonly string[], catalog: Catalog): Buffer {
  const names = drawableNames(given);
  return renderPng(TABLE_W, TABLE_H, TABLE, (ctx) => {
    header(ctx, view, names);
    pyramid(ctx, view, catalog);
    piles(ctx, view, catalog);

    const px = M + PYR_W + 26;
    const pw = TABLE_W - px - M;
    const n = view.players.length;
    const bottom = TABLE_H - M - 24;
    const bh = Math.min(152, (bottom - HEADER - (n - 1) * 10) / n);
    view.players.forEach((p, i) => {
      seatBlock(ctx, view, catalog, p, names, px, HEADER + i * (bh + 10), pw, bh);
    });
    text(ctx, '* provisional number', TABLE_W - M, TABLE_H - M - 4, {
      size: 16,
      color: MUTED,
      align: 'right',
    });
  });
}
