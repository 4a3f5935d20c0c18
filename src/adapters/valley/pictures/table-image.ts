import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Catalog } from '../../../games/valley/catalog.ts';
import type { PlayerView, ValleyView } from '../../../games/valley/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import type { Values } from '../../../i18n/messages.ts';
import { fillRound, roundRect, text, wrap } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { drawBadge, GOLD, MUTED, PANEL, PANEL_HI, type Style, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { drawLogged } from '../../../render/text-log.ts';
import { CARD_H, CARD_W, cardBack, cardFace, FACE_TEXT } from './card-face.ts';
import { defOf, seatName, tombGroups } from './card-groups.ts';
import { drawnNames, nameOf, ordinalIn, w as say, summaryText, waitingText } from './words.ts';

const M = 16;
const GAP = 10;
/** Three faces 1:1 and the margins: a phone shows this 360 wide, where 24 px capitals are 8 px. */
export const TABLE_W = 3 * CARD_W + 2 * GAP + 2 * M;
/** The smallest text on the board (and on the faces copied into it): `minFontPx(TABLE_W)`. */
const MIN_TEXT = FACE_TEXT;
const PYR_W = 3 * CARD_W + 2 * GAP;
/** Slots per row, top row first (slots 0–2 are the base). */
const ROWS = [[5], [3, 4], [0, 1, 2]] as const;
/** Above the top row: the stock's and the boneyard's labels. */
const PILE_LABEL = 34;
const TRAY_LABEL = 38;
const LINE = 32;

const measuring = createCanvas(8, 8).getContext('2d');

function slotXY(top: number, row: number, i: number): [number, number] {
  return [M + ((2 - row) * (CARD_W + GAP)) / 2 + i * (CARD_W + GAP), top + row * (CARD_H + GAP)];
}

function emptySlot(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, empty: string) {
  ctx.save();
  ctx.setLineDash([10, 8]);
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#6b747b';
  roundRect(ctx, x + 2, y + 2, w - 4, h - 4, 12);
  ctx.stroke();
  ctx.restore();
  text(ctx, empty, x + w / 2, y + h / 2, { size: MIN_TEXT, color: MUTED, align: 'center', max: w - 16 });
}

const pyramidHeight = PILE_LABEL + 3 * CARD_H + 2 * GAP + TRAY_LABEL + 8;

/**
 * The 1-2-3 pyramid, with the stock and the boneyard full size in the top row's corners: on a phone a
 * smaller pile could not be read, and the corners are otherwise empty.
 */
function pyramid(ctx: SKRSContext2D, view: ValleyView, catalog: Catalog, language: string, y0: number) {
  const top = y0 + PILE_LABEL;
  // The base row is the only place cards are bought from: a gold tray and a label under it say so.
  const [bx, by] = slotXY(top, 2, 0);
  fillRound(ctx, bx - 6, by - 6, PYR_W + 12, CARD_H + TRAY_LABEL + 6, 12, '#4a3f1c');
  ctx.lineWidth = 3;
  ctx.strokeStyle = GOLD;
  ctx.stroke();
  text(ctx, say(language, 'buy-row'), bx + PYR_W / 2, by + CARD_H + TRAY_LABEL / 2, {
    size: MIN_TEXT,
    bold: true,
    color: GOLD,
    align: 'center',
    max: PYR_W,
  });
  ROWS.forEach((slots, row) => {
    slots.forEach((slot, i) => {
      const [x, y] = slotXY(top, row, i);
      const ref = view.pyramid[slot] ?? null;
      if (ref) drawLogged(ctx, cardFace(defOf(view, ref), catalog, language), x, y);
      else emptySlot(ctx, x, y, CARD_W, CARD_H, say(language, 'empty'));
    });
  });

  text(ctx, say(language, 'stock'), M + CARD_W / 2, y0 + PILE_LABEL / 2, {
    size: MIN_TEXT,
    bold: true,
    color: TEXT,
    align: 'center',
    max: CARD_W,
  });
  if (view.stock.count > 0) {
    ctx.drawImage(cardBack(), M, top, CARD_W, CARD_H);
    text(ctx, String(view.stock.count), M + CARD_W / 2, top + CARD_H / 2 - 14, {
      size: 48,
      bold: true,
      color: '#ffffff',
      align: 'center',
    });
    text(ctx, say(language, 'cards-left', { n: view.stock.count }), M + CARD_W / 2, top + CARD_H / 2 + 30, {
      size: MIN_TEXT,
      color: '#f3e3bf',
      align: 'center',
      max: CARD_W - 24,
    });
  } else emptySlot(ctx, M, top, CARD_W, CARD_H, say(language, 'empty'));

  const bx2 = TABLE_W - M - CARD_W;
  text(ctx, say(language, 'boneyard', { n: view.boneyard.count }), bx2 + CARD_W / 2, y0 + PILE_LABEL / 2, {
    size: MIN_TEXT,
    bold: true,
    color: TEXT,
    align: 'center',
    max: CARD_W,
  });
  if (view.boneyard.top)
    drawLogged(ctx, cardFace(defOf(view, view.boneyard.top), catalog, language), bx2, top);
  else emptySlot(ctx, bx2, top, CARD_W, CARD_H, say(language, 'empty'));
}

interface TombItem {
  style: Style;
  count: string;
  w: number;
}

const BADGE_R = 15;

/** One badge and count per group ("7/7" for a set), the glyph beside its count, in as many lines as it takes. */
function tombLines(view: ValleyView, catalog: Catalog, p: PlayerView, width: number, language: string) {
  const groups = tombGroups(view, p.seat, catalog, language);
  measuring.font = font(MIN_TEXT, true);
  const items: TombItem[] = groups.map((g) => {
    const count = g.size === null ? `${g.total}` : `${g.cards.length}/${g.size}`;
    return { style: g.style, count, w: 2 * BADGE_R + 6 + measuring.measureText(count).width };
  });
  const lines: TombItem[][] = [];
  let used = Number.POSITIVE_INFINITY;
  for (const it of items) {
    if (used + 18 + it.w > width) {
      lines.push([]);
      used = -18;
    }
    lines.at(-1)?.push(it);
    used += 18 + it.w;
  }
  return lines;
}

function seatDetails(view: ValleyView, p: PlayerView, language: string): string[] {
  const t = (key: string, values: Values = {}) => say(language, key, values);
  const list = (refs: readonly { card: string }[]) =>
    refs
      .map((r) => {
        const d = view.defs[r.card];
        return d ? nameOf(d, language) : r.card;
      })
      .join(', ');
  return [
    p.discardTop ? t('discard-top', { name: nameOf(defOf(view, p.discardTop), language) }) : '',
    p.aside.length ? t('revealed', { cards: list(p.aside) }) : '',
  ].filter(Boolean);
}

const PANEL_W = TABLE_W - 2 * M;
const PAD = 14;

/** Every line of a seat's panel, measured before drawing so the picture's height can follow. */
function seatLayout(view: ValleyView, catalog: Catalog, p: PlayerView, language: string) {
  const counts = say(language, 'counts', {
    hand: p.handCount,
    deck: p.deckCount,
    discard: p.discardCount,
    entombed: p.score.tombCards ? 'yes' : 'no',
    tomb: p.score.tombCards,
  });
  measuring.font = font(MIN_TEXT);
  const countLines = wrap(measuring, counts.replace(/ {2,}/g, ' · '), PANEL_W - 2 * PAD);
  const tomb = tombLines(view, catalog, p, PANEL_W - 2 * PAD, language);
  const details = seatDetails(view, p, language).flatMap((d) => wrap(measuring, d, PANEL_W - 2 * PAD));
  const lines = countLines.length + Math.max(1, tomb.length) + details.length;
  return { countLines, tomb, details, height: 44 + lines * LINE + PAD };
}

function seatBlock(
  ctx: SKRSContext2D,
  view: ValleyView,
  catalog: Catalog,
  p: PlayerView,
  names: readonly string[],
  y: number,
  language: string,
) {
  const L = seatLayout(view, catalog, p, language);
  const x = M;
  const w = PANEL_W;
  const current = !view.finished && view.turn.seat === p.seat;
  const asked = view.waiting.seats.includes(p.seat) && !current;
  fillRound(ctx, x, y, w, L.height, 12, current ? PANEL_HI : PANEL);
  if (current) {
    ctx.lineWidth = 3;
    ctx.strokeStyle = GOLD;
    ctx.stroke();
  }
  const rank = view.outcome?.results.find((r) => r.seat === p.seat)?.rank;
  const tag = current
    ? say(language, 'tag.to-play')
    : asked
      ? say(language, 'tag.deciding')
      : rank
        ? ordinalIn(rank, language)
        : '';
  const winner = rank === 1;
  ctx.font = font(MIN_TEXT, true);
  const tagW = tag ? ctx.measureText(tag).width + 16 : 0;
  const score = say(language, 'points', { points: p.score.total });
  ctx.font = font(30, true);
  const scoreW = ctx.measureText(score).width;
  const nameY = y + 26;
  text(ctx, score, x + w - PAD, nameY, { size: 30, bold: true, color: TEXT, align: 'right' });
  if (tag) {
    const tx = x + w - PAD - scoreW - 12 - tagW;
    const bright = current || winner;
    fillRound(ctx, tx, nameY - 16, tagW, 32, 8, bright ? GOLD : '#55606a');
    text(ctx, tag, tx + tagW / 2, nameY + 1, {
      size: MIN_TEXT,
      bold: true,
      color: bright ? '#1b1b1b' : TEXT,
      align: 'center',
    });
  }
  text(ctx, seatName(names, p.seat, language), x + PAD, nameY, {
    size: 28,
    bold: true,
    color: current ? GOLD : TEXT,
    max: w - 2 * PAD - scoreW - (tag ? tagW + 24 : 12),
  });
  let ly = y + 44 + LINE / 2;
  for (const line of L.countLines) {
    text(ctx, line, x + PAD, ly, { size: MIN_TEXT, color: MUTED, max: w - 2 * PAD });
    ly += LINE;
  }
  if (!L.tomb.length) {
    text(ctx, say(language, 'tomb-empty'), x + PAD, ly, { size: MIN_TEXT, color: MUTED, max: w - 2 * PAD });
    ly += LINE;
  }
  for (const items of L.tomb) {
    let cx = x + PAD;
    for (const it of items) {
      drawBadge(ctx, it.style, cx + BADGE_R, ly, BADGE_R);
      text(ctx, it.count, cx + 2 * BADGE_R + 6, ly + 1, { size: MIN_TEXT, bold: true, color: TEXT });
      cx += it.w + 18;
    }
    ly += LINE;
  }
  for (const line of L.details) {
    text(ctx, line, x + PAD, ly, { size: MIN_TEXT, color: MUTED, max: w - 2 * PAD });
    ly += LINE;
  }
  return L.height;
}

/** The header's lines: the turn and who is to play or what the game waits for, then what was played. */
function headerLines(view: ValleyView, names: readonly string[], language: string) {
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
  measuring.font = font(26, true);
  const lines = wrap(measuring, msg, TABLE_W - 2 * M).slice(0, 3);
  const played = view.players[view.turn.seat]?.play ?? [];
  measuring.font = font(MIN_TEXT);
  const note =
    view.finished || !played.length
      ? []
      : wrap(
          measuring,
          say(language, 'played', { cards: played.map((r) => nameOf(defOf(view, r), language)).join(', ') }),
          TABLE_W - 2 * M,
        ).slice(0, 2);
  return { turn, lines, note, height: 12 + 40 + lines.length * 34 + note.length * LINE + 8 };
}

function header(ctx: SKRSContext2D, h: ReturnType<typeof headerLines>) {
  let y = 12 + 20;
  text(ctx, h.turn, M, y, { size: 32, bold: true, color: GOLD, max: TABLE_W - 2 * M });
  y += 20 + 17;
  for (const line of h.lines) {
    text(ctx, line, M, y, { size: 26, bold: true, color: TEXT, max: TABLE_W - 2 * M });
    y += 34;
  }
  y += LINE / 2 - 17;
  for (const line of h.note) {
    text(ctx, line, M, y, { size: MIN_TEXT, color: MUTED, max: TABLE_W - 2 * M });
    y += LINE;
  }
}

const SEAT_GAP = 8;
const FOOTER = 40;

/**
 * The public board: the same for every viewer, so it never shows a hand. Cards are the view's `defs`;
 * `catalog` gives set names and provisional marks. Drawn for a phone first: one column, the seats'
 * panels under the pyramid at full width, the picture as tall as they need.
 */
export function renderTable(
  view: ValleyView,
  given: readonly string[],
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): Buffer {
  const names = drawnNames(given, language);
  const head = headerLines(view, names, language);
  const seats = view.players.map((p) => seatLayout(view, catalog, p, language).height);
  const seatsH = seats.reduce((a, b) => a + b + SEAT_GAP, 0);
  const height = head.height + pyramidHeight + 12 + seatsH + FOOTER;
  return renderPng(TABLE_W, height, TABLE, (ctx) => {
    header(ctx, head);
    pyramid(ctx, view, catalog, language, head.height);
    let y = head.height + pyramidHeight + 12;
    for (const p of view.players) y += seatBlock(ctx, view, catalog, p, names, y, language) + SEAT_GAP;
    text(ctx, say(language, 'provisional'), TABLE_W - M, height - FOOTER / 2 - 2, {
      size: MIN_TEXT,
      color: MUTED,
      align: 'right',
    });
  });
}
