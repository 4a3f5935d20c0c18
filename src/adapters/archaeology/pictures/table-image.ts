import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { TREASURES } from '../../../games/archaeology/catalog.ts';
import type { ArchaeologyView, SoldView } from '../../../games/archaeology/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import type { Values } from '../../../i18n/messages.ts';
import { fillRound, text, wrap } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { GOLD, MUTED, PANEL, PANEL_HI, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { ARCH_W, CHIP_H, CHIP_W, MIN_TEXT, tileHead, tileName, treasureChip } from './treasure-chip.ts';
import { TREASURE_STYLES } from './treasure-styles.ts';
import { chamberName, drawnNames, money, treasureNameOf, w } from './words.ts';

export const TABLE_W = ARCH_W;
const M = 16;
const PAD = 16;
const LINE = 30;
const INNER = TABLE_W - 2 * M;
/** Chips a row in the marketplace and tiles a row on a seat: four, at full size. */
const PER_ROW = 4;
const CHIP_GAP = (INNER - 2 * PAD - PER_ROW * CHIP_W) / (PER_ROW - 1);
/** A sold set's tile on a seat's row. */
const TILE_W = CHIP_W;
const TILE_H = 96;

const measuring = createCanvas(8, 8).getContext('2d');

function cardBack(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, label: string) {
  fillRound(ctx, x, y, w, h, 8, '#8a6d3b');
  fillRound(ctx, x + 5, y + 5, w - 10, h - 10, 6, '#6b5227');
  text(ctx, label, x + w / 2, y + h / 2, { size: 34, bold: true, color: GOLD, align: 'center', max: w - 12 });
}

const rowsOf = (n: number) => Math.max(1, Math.ceil(n / PER_ROW));
const marketHeight = (v: ArchaeologyView) =>
  46 + rowsOf(TREASURES.filter((k) => (v.market[k] ?? 0) > 0).length) * (CHIP_H + 16) + 4;

/** The marketplace: one chip per treasure there, with its count, four a row. */
function market(ctx: SKRSContext2D, v: ArchaeologyView, y: number, language: string) {
  const h = marketHeight(v);
  fillRound(ctx, M, y, INNER, h, 14, PANEL);
  text(ctx, w(language, 'marketplace'), M + PAD, y + 24, { size: MIN_TEXT, bold: true, color: GOLD });
  const kinds = TREASURES.filter((k) => (v.market[k] ?? 0) > 0);
  if (kinds.length === 0)
    text(ctx, w(language, 'empty'), TABLE_W / 2, y + 46 + CHIP_H / 2, {
      size: 24,
      color: MUTED,
      align: 'center',
    });
  kinds.forEach((k, i) => {
    treasureChip(
      ctx,
      k,
      v.numbers[k].trade,
      M + PAD + (i % PER_ROW) * (CHIP_W + CHIP_GAP),
      y + 46 + Math.floor(i / PER_ROW) * (CHIP_H + 16),
      { count: v.market[k] as number, language },
    );
  });
  return h;
}

const DIG_H = 172;

/** The dig site: its face-down pile with the count, and the thieves and sandstorms drawn. */
function digSite(ctx: SKRSContext2D, v: ArchaeologyView, y: number, language: string) {
  const t = (key: string, values: Values = {}) => w(language, key, values);
  fillRound(ctx, M, y, INNER, DIG_H, 14, PANEL);
  text(ctx, t('dig-site'), M + PAD, y + 24, { size: MIN_TEXT, bold: true, color: GOLD });
  cardBack(ctx, M + PAD, y + 44, 84, 116, String(v.digSite));
  const x = M + PAD + 84 + 18;
  const max = M + INNER - PAD - x;
  const lines = [
    t('cards-left', { n: v.digSite }),
    t('thieves', { drawn: v.thieves.drawn, total: v.thieves.total }),
    t('sandstorms', { drawn: v.sandstorms.drawn, total: v.sandstorms.total }),
    ...(v.digSite === 0 ? [t('nobody-digs')] : []),
  ];
  lines.forEach((line, i) => {
    text(ctx, line, x, y + 60 + i * 32, {
      size: i === 0 ? 26 : MIN_TEXT,
      bold: i === 0,
      color: i === 3 ? MUTED : TEXT,
      max,
    });
  });
  return DIG_H;
}

const STEP_H = 74;
const PYRAMID_H = 44 + 3 * STEP_H + 16;
/** Top to bottom, as a stepped pyramid: the small chamber at the top, the large one at its base. */
const TIERS = [
  { id: 'small', w: 330 },
  { id: 'medium', w: 500 },
  { id: 'large', w: INNER - 2 * PAD },
] as const;

/** The pyramid's three chambers as the tiers of one stepped pyramid, each saying what is left in it. */
function pyramid(ctx: SKRSContext2D, v: ArchaeologyView, y: number, language: string) {
  const t = (key: string, values: Values = {}) => w(language, key, values);
  fillRound(ctx, M, y, INNER, PYRAMID_H, 14, PANEL);
  text(ctx, t('pyramid'), M + PAD, y + 24, { size: MIN_TEXT, bold: true, color: GOLD });
  TIERS.forEach((tier, i) => {
    const c = v.chambers.find((x) => x.id === tier.id);
    if (!c) return;
    const ty = y + 44 + i * STEP_H;
    const tx = TABLE_W / 2 - tier.w / 2;
    fillRound(ctx, tx, ty, tier.w, STEP_H - 4, 6, c.explored ? '#3b4046' : '#c9a45c');
    const ink = c.explored ? MUTED : '#1b1b1b';
    text(ctx, chamberName(c.id, language), TABLE_W / 2, ty + 22, {
      size: MIN_TEXT,
      bold: true,
      color: ink,
      align: 'center',
      max: tier.w - 16,
    });
    text(
      ctx,
      c.explored ? t('explored') : t('chamber', { cards: c.cards, maps: c.maps }),
      TABLE_W / 2,
      ty + 50,
      {
        size: MIN_TEXT,
        color: ink,
        align: 'center',
        max: tier.w - 16,
      },
    );
  });
  return PYRAMID_H;
}

const seatHeight = (sold: number) => 44 + LINE + (sold ? rowsOf(sold) * (TILE_H + 10) : 0) + 8;

function seats(ctx: SKRSContext2D, v: ArchaeologyView, names: string[], y0: number, language: string) {
  const t = (key: string, values: Values = {}) => w(language, key, values);
  let top = y0;
  for (const s of v.seats) {
    const h = seatHeight(s.sold.length);
    const mover = !v.finished && v.turn.seat === s.seat;
    fillRound(ctx, M, top, INNER, h, 12, mover ? PANEL_HI : PANEL);
    if (mover) {
      ctx.lineWidth = 3;
      ctx.strokeStyle = GOLD;
      ctx.stroke();
    }
    const cash = money(s.money, language);
    measuring.font = font(28, true);
    const cashW = measuring.measureText(cash).width;
    text(ctx, cash, M + INNER - PAD, top + 26, { size: 28, bold: true, color: GOLD, align: 'right' });
    const name = names[s.seat] ?? t('player', { n: s.seat + 1 });
    text(ctx, `${mover ? '▶ ' : ''}${name}`, M + PAD, top + 26, {
      size: 28,
      bold: true,
      color: mover ? GOLD : TEXT,
      max: INNER - 2 * PAD - cashW - 16,
    });
    const status = [
      t('in-hand', { n: s.handSize, owing: s.owes ? 'yes' : 'no', owes: s.owes ?? 0 }),
      s.sold.length ? t('money-sold', { money: cash, sold: s.cardsSold }) : t('nothing-sold-yet'),
    ].join(' · ');
    text(ctx, status, M + PAD, top + 44 + LINE / 2, { size: MIN_TEXT, color: MUTED, max: INNER - 2 * PAD });
    // Each sold set as a tile: its colour and name, its size and its price.
    s.sold.forEach((set, i) => {
      const x = M + PAD + (i % PER_ROW) * (TILE_W + CHIP_GAP);
      const ty = top + 44 + LINE + 4 + Math.floor(i / PER_ROW) * (TILE_H + 10);
      soldTile(ctx, set, x, ty, language);
    });
    top += h + 10;
  }
}

/** A sold set: "3×" and its price on top, the treasure's name (in up to two lines) under them. */
export function soldTile(ctx: SKRSContext2D, set: SoldView, x: number, y: number, language: string) {
  const st = TREASURE_STYLES[set.kind];
  fillRound(ctx, x, y, TILE_W, TILE_H, 8, st.frame);
  tileHead(ctx, `${set.count}×`, money(set.value, language), x + 10, x + TILE_W - 10, y + 20, st.ink);
  tileName(ctx, treasureNameOf(set.kind, set.count, language), x + TILE_W / 2, y + 64, TILE_W - 10, st.ink);
}

export const SOLD_TILE = { w: TILE_W, h: TILE_H, gap: CHIP_GAP, perRow: PER_ROW };

function headerLines(v: ArchaeologyView, drawn: string[], language: string) {
  const n = v.turn.number + 1;
  const mover = drawn[v.turn.seat] ?? '';
  measuring.font = font(26);
  return wrap(
    measuring,
    v.finished ? w(language, 'turn-over', { n }) : w(language, 'turn-to-play', { n, name: mover }),
    INNER,
  ).slice(0, 2);
}

export function tableHeight(
  v: ArchaeologyView,
  names: readonly string[] = [],
  language = DEFAULT_LANGUAGE,
): number {
  const head = 56 + headerLines(v, drawnNames(names, language), language).length * 34;
  const seatsH = v.seats.reduce((a, s) => a + seatHeight(s.sold.length) + 10, 0);
  return head + marketHeight(v) + 10 + DIG_H + 10 + PYRAMID_H + 10 + seatsH + 6;
}

/**
 * The public board, for a phone first: one column of the marketplace, the dig site, the pyramid as a
 * stepped pyramid of its three chambers, and a panel per seat with the sets it sold.
 */
export function renderArchaeologyTable(
  v: ArchaeologyView,
  names: readonly string[],
  language: string = DEFAULT_LANGUAGE,
): Buffer {
  const drawn = drawnNames(names, language);
  const h = tableHeight(v, names, language);
  const head = headerLines(v, drawn, language);
  return renderPng(TABLE_W, h, TABLE, (ctx) => {
    text(ctx, w(language, 'title'), M, 28, { size: 32, bold: true, color: GOLD });
    head.forEach((line, i) => {
      text(ctx, line, M, 68 + i * 34, { size: 26, color: TEXT, max: INNER });
    });
    let y = 56 + head.length * 34;
    y += market(ctx, v, y, language) + 10;
    y += digSite(ctx, v, y, language) + 10;
    y += pyramid(ctx, v, y, language) + 10;
    seats(ctx, v, drawn, y, language);
  });
}
