import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Catalog } from '../../../games/valley/catalog.ts';
import type { PlayerView, ValleyView } from '../../../games/valley/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import type { Values } from '../../../i18n/messages.ts';
import { fillRound, roundRect, text } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { drawBadge, GOLD, MUTED, PANEL, PANEL_HI, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { drawLogged } from '../../../render/text-log.ts';
import { CARD_H, CARD_W, cardBack, cardFace } from './card-face.ts';
import { defOf, seatName, tombGroups } from './card-groups.ts';
import { drawnNames, nameOf, ordinalIn, w as say, summaryText, waitingText } from './words.ts';

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

function emptySlot(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, empty: string) {
  ctx.save();
  ctx.setLineDash([10, 8]);
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#6b747b';
  roundRect(ctx, x + 2, y + 2, w - 4, h - 4, 12);
  ctx.stroke();
  ctx.restore();
  text(ctx, empty, x + w / 2, y + h / 2, { size: 20, color: MUTED, align: 'center', max: w - 16 });
}

function pyramid(ctx: SKRSContext2D, view: ValleyView, catalog: Catalog, language: string) {
  // The base row is the only place cards are bought from: a gold tray and a label under it say so.
  const [bx, by] = slotXY(2, 0);
  fillRound(ctx, bx - 8, by - 8, PYR_W + 16, CARD_H + 48, 14, '#4a3f1c');
  ctx.lineWidth = 3;
  ctx.strokeStyle = GOLD;
  ctx.stroke();
  text(ctx, say(language, 'buy-row'), bx + PYR_W / 2, by + CARD_H + 20, {
    size: 20,
    bold: true,
    color: GOLD,
    align: 'center',
    max: PYR_W,
  });
  ROWS.forEach((slots, row) => {
    slots.forEach((slot, i) => {
      const [x, y] = slotXY(row, i);
      const ref = view.pyramid[slot] ?? null;
      if (ref) drawLogged(ctx, cardFace(defOf(view, ref), catalog, language), x, y);
      else emptySlot(ctx, x, y, CARD_W, CARD_H, say(language, 'empty'));
    });
  });
}

/** Card faces write 20 px at least: at 0.9 their words still show 9 px tall when the board is 640 wide. */
const SMALL = 0.9;
/** The smallest text on the board: 9 px when Discord shows the board 640 px wide. */
const MIN_TEXT = 18;

/** Stock and boneyard sit in the pyramid's empty top corners, smaller so they read as apart from it. */
function piles(ctx: SKRSContext2D, view: ValleyView, catalog: Catalog, language: string) {
  const pw = CARD_W * SMALL;
  const h = CARD_H * SMALL;
  const y = HEADER + 26;
  text(ctx, say(language, 'stock'), M, HEADER + 12, { size: 20, bold: true, color: TEXT, max: pw });
  if (view.stock.count > 0) {
    ctx.drawImage(cardBack(), M, y, pw, h);
    text(ctx, String(view.stock.count), M + pw / 2, y + h / 2 - 6, {
      size: 44,
      bold: true,
      color: '#ffffff',
      align: 'center',
    });
    text(ctx, say(language, 'cards-left', { n: view.stock.count }), M + pw / 2, y + h / 2 + 30, {
      size: MIN_TEXT,
      color: '#f3e3bf',
      align: 'center',
      max: pw - 16,
    });
  } else emptySlot(ctx, M, y, pw, h, say(language, 'empty'));

  const bx = M + PYR_W - pw;
  text(ctx, say(language, 'boneyard', { n: view.boneyard.count }), M + PYR_W, HEADER + 12, {
    size: 20,
    bold: true,
    color: TEXT,
    align: 'right',
    max: pw,
  });
  if (view.boneyard.top)
    drawLogged(ctx, cardFace(defOf(view, view.boneyard.top), catalog, language), bx, y, pw, h);
  else emptySlot(ctx, bx, y, pw, h, say(language, 'empty'));
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
  size: number,
  language: string,
) {
  const groups = tombGroups(view, p.seat, catalog, language);
  if (!groups.length) {
    text(ctx, say(language, 'tomb-empty'), x, y, { size, color: MUTED, max: width });
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
  vp: MIN_TEXT,
  tag: MIN_TEXT,
  tagY: 13,
  tagH: 27,
  counts: 19,
  countsY: 62,
  tomb: 19,
  tombY: 96,
};
const COMPACT = {
  name: 23,
  nameY: 19,
  score: 28,
  scoreY: 20,
  vp: MIN_TEXT,
  tag: MIN_TEXT,
  tagY: 6,
  tagH: 25,
  counts: MIN_TEXT,
  countsY: 44,
  tomb: MIN_TEXT,
  tombY: 67,
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
  language: string,
) {
  const current = !view.finished && view.turn.seat === p.seat;
  const asked = view.waiting.seats.includes(p.seat) && !current;
  fillRound(ctx, x, y, w, h, 12, current ? PANEL_HI : PANEL);
  if (current) {
    ctx.lineWidth = 3;
    ctx.strokeStyle = GOLD;
    ctx.stroke();
  }
  const t = (key: string, values: Values = {}) => say(language, key, values);
  const vp = t('vp');
  const rank = view.outcome?.results.find((r) => r.seat === p.seat)?.rank;
  const tag = current
    ? say(language, 'tag.to-play')
    : asked
      ? say(language, 'tag.deciding')
      : rank
        ? ordinalIn(rank, language)
        : '';
  const winner = rank === 1;
  const L = h < 110 ? COMPACT : LARGE;
  ctx.font = font(L.tag, true);
  const tagW = tag ? ctx.measureText(tag).width + 16 : 0;
  ctx.font = font(L.score, true);
  const score = String(p.score.total);
  const scoreW = ctx.measureText(score).width + 40;
  text(ctx, seatName(names, p.seat, language), x + 16, y + L.nameY, {
    size: L.name,
    bold: true,
    color: current ? GOLD : TEXT,
    max: w - 40 - scoreW - tagW,
  });
  text(ctx, score, x + w - 46, y + L.scoreY, { size: L.score, bold: true, color: TEXT, align: 'right' });
  text(ctx, vp, x + w - 14, y + L.scoreY + 4, { size: L.vp, bold: true, color: MUTED, align: 'right' });
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
  const counts = t('counts', {
    hand: p.handCount,
    deck: p.deckCount,
    discard: p.discardCount,
    entombed: p.score.tombCards ? 'yes' : 'no',
    tomb: p.score.tombCards,
  });
  text(ctx, counts, x + 16, y + L.countsY, { size: L.counts, color: MUTED, max: w - 32 });
  tombSummary(ctx, view, catalog, p, x + 16, y + L.tombY, w - 32, L.tomb, language);
  // Public details, when the block has room for a fourth line (up to three players). Cards in play
  // are in the header.
  if (h < 150) return;
  const list = (refs: readonly { card: string }[]) =>
    refs
      .map((r) => {
        const d = view.defs[r.card];
        return d ? nameOf(d, language) : r.card;
      })
      .join(', ');
  const details = [
    p.discardTop ? t('discard-top', { name: nameOf(defOf(view, p.discardTop), language) }) : '',
    p.aside.length ? t('revealed', { cards: list(p.aside) }) : '',
  ].filter(Boolean);
  if (details.length)
    text(ctx, details.join('  ·  '), x + 16, y + 128, { size: MIN_TEXT, color: MUTED, max: w - 32 });
}

function header(ctx: SKRSContext2D, view: ValleyView, names: readonly string[], language: string) {
  const reader = { names, language };
  const mover = seatName(names, view.turn.seat, language);
  const msg = view.finished
    ? summaryText(view, reader, say(language, 'game-is-over'))
    : view.decision === null
      ? say(language, 'to-play', { name: mover })
      : say(language, 'turn-of', { name: mover, what: waitingText(view, reader) });
  const turn = view.finished
    ? say(language, 'game-over')
    : say(language, 'turn', { n: view.turn.number + 1 });
  ctx.font = font(30, true);
  const tw = ctx.measureText(turn).width;
  text(ctx, turn, M, HEADER / 2 - 4, { size: 30, bold: true, color: GOLD });
  const mx = M + tw + 20;
  text(ctx, msg, mx, HEADER / 2 - 4, { size: 26, bold: true, color: TEXT, max: TABLE_W - mx - M });
  // What the player to move has played this turn, when it fits beside the message.
  const played = view.players[view.turn.seat]?.play ?? [];
  if (view.finished || !played.length) return;
  const end = mx + ctx.measureText(msg).width + 24;
  const note = say(language, 'played', {
    cards: played.map((r) => nameOf(defOf(view, r), language)).join(', '),
  });
  ctx.font = font(20);
  if (end + ctx.measureText(note).width <= TABLE_W - M)
    text(ctx, note, end, HEADER / 2 - 2, { size: 20, color: MUTED });
}

/**
 * The public board: the same for every viewer, so it never shows a hand. Cards are the view's `defs`;
 * `catalog` gives set names and provisional marks.
 */
export function renderTable(
  view: ValleyView,
  given: readonly string[],
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): Buffer {
  const names = drawnNames(given, language);
  return renderPng(TABLE_W, TABLE_H, TABLE, (ctx) => {
    header(ctx, view, names, language);
    pyramid(ctx, view, catalog, language);
    piles(ctx, view, catalog, language);

    const px = M + PYR_W + 26;
    const pw = TABLE_W - px - M;
    const n = view.players.length;
    const bottom = TABLE_H - M - 24;
    const gap = n > 4 ? 6 : 10;
    const bh = Math.min(152, (bottom - HEADER - (n - 1) * gap) / n);
    view.players.forEach((p, i) => {
      seatBlock(ctx, view, catalog, p, names, px, HEADER + i * (bh + gap), pw, bh, language);
    });
    text(ctx, say(language, 'provisional'), TABLE_W - M, TABLE_H - M - 4, {
      size: MIN_TEXT,
      color: MUTED,
      align: 'right',
    });
  });
}
