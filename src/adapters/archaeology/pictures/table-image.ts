import type { SKRSContext2D } from '@napi-rs/canvas';
import { TREASURES } from '../../../games/archaeology/catalog.ts';
import type { ArchaeologyView } from '../../../games/archaeology/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import type { Values } from '../../../i18n/messages.ts';
import { fillRound, text } from '../../../render/canvas-shapes.ts';
import { GOLD, MUTED, PANEL, PANEL_HI, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { CHIP_H, CHIP_W, MIN_TEXT, tileHead, tileName, treasureChip } from './treasure-chip.ts';
import { TREASURE_STYLES } from './treasure-styles.ts';
import { chamberName, drawnNames, money, treasureNameOf, w } from './words.ts';

export const TABLE_W = 1260;
const M = 20;
const HEADER = 56;
const MARKET_H = CHIP_H + 70;
const SEAT_H = 100;
/** A sold set's tile on a seat's row. */
const TILE_W = 118;

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
function market(ctx: SKRSContext2D, v: ArchaeologyView, y: number, language: string) {
  fillRound(ctx, M, y, TABLE_W - 2 * M, MARKET_H - 10, 14, PANEL);
  text(ctx, w(language, 'marketplace'), M + 16, y + 20, { size: 18, bold: true, color: GOLD });
  const kinds = TREASURES.filter((k) => (v.market[k] ?? 0) > 0);
  if (kinds.length === 0)
    text(ctx, w(language, 'empty'), TABLE_W / 2, y + MARKET_H / 2, {
      size: 22,
      color: MUTED,
      align: 'center',
    });
  kinds.forEach((k, i) => {
    treasureChip(ctx, k, v.numbers[k].trade, M + 16 + i * (CHIP_W + 26), y + 38, {
      count: v.market[k] as number,
      language,
    });
  });
}

/** The dig site, the thieves and sandstorms drawn, and the pyramid's three chambers as the rulebook lays them out. */
function digAndPyramid(ctx: SKRSContext2D, v: ArchaeologyView, y: number, language: string) {
  const t = (key: string, values: Values = {}) => w(language, key, values);
  fillRound(ctx, M, y, 420, 176, 14, PANEL);
  text(ctx, t('dig-site'), M + 16, y + 20, { size: 18, bold: true, color: GOLD });
  cardBack(ctx, M + 16, y + 38, 90, 126, String(v.digSite));
  // The panel ends at M + 420: each line keeps 14 px from its edge.
  const max = 420 - 122 - 14;
  text(ctx, t('cards-left', { n: v.digSite }), M + 122, y + 56, {
    size: 20,
    bold: true,
    color: TEXT,
    max,
  });
  text(ctx, t('thieves', { drawn: v.thieves.drawn, total: v.thieves.total }), M + 122, y + 92, {
    size: 18,
    color: TEXT,
    max,
  });
  text(ctx, t('sandstorms', { drawn: v.sandstorms.drawn, total: v.sandstorms.total }), M + 122, y + 122, {
    size: 18,
    color: TEXT,
    max,
  });
  if (v.digSite === 0) text(ctx, t('nobody-digs'), M + 122, y + 152, { size: MIN_TEXT, color: MUTED, max });
  const px = M + 440;
  const pw = TABLE_W - M - px;
  fillRound(ctx, px, y, pw, 176, 14, PANEL);
  text(ctx, t('pyramid'), px + 16, y + 20, { size: 18, bold: true, color: GOLD });
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
    text(ctx, chamberName(c.id, language), x, yy - 14, {
      size: MIN_TEXT,
      bold: true,
      color: c.explored ? MUTED : TEXT,
      align: 'center',
      max: w - 12,
    });
    text(ctx, c.explored ? t('explored') : t('chamber', { cards: c.cards, maps: c.maps }), x, yy + 14, {
      size: MIN_TEXT,
      color: c.explored ? MUTED : GOLD,
      align: 'center',
      max: w - 12,
    });
  }
}

function seats(ctx: SKRSContext2D, v: ArchaeologyView, names: string[], y: number, language: string) {
  const t = (key: string, values: Values = {}) => w(language, key, values);
  v.seats.forEach((s, i) => {
    const top = y + i * (SEAT_H + 10);
    const mover = !v.finished && v.turn.seat === s.seat;
    fillRound(ctx, M, top, TABLE_W - 2 * M, SEAT_H, 12, mover ? PANEL_HI : PANEL);
    if (mover) {
      ctx.lineWidth = 3;
      ctx.strokeStyle = GOLD;
      ctx.stroke();
    }
    const name = names[s.seat] ?? t('player', { n: s.seat + 1 });
    text(ctx, `${mover ? '▶ ' : ''}${name}`, M + 16, top + 24, {
      size: 22,
      bold: true,
      color: TEXT,
      max: 300,
    });
    text(ctx, t('money-sold', { money: money(s.money, language), sold: s.cardsSold }), M + 16, top + 56, {
      size: 20,
      bold: true,
      color: GOLD,
      max: 300,
    });
    text(
      ctx,
      t('in-hand', { n: s.handSize, owing: s.owes ? 'yes' : 'no', owes: s.owes ?? 0 }),
      M + 16,
      top + 82,
      {
        size: MIN_TEXT,
        color: MUTED,
        max: 300,
      },
    );
    // Each sold set, as the overlapping row on the table: a small chip, its size and its price.
    let x = M + 330;
    for (const set of s.sold) {
      if (x > TABLE_W - M - TILE_W - 14) {
        text(ctx, '…', x + 10, top + SEAT_H / 2, { size: 24, bold: true, color: TEXT });
        break;
      }
      const st = TREASURE_STYLES[set.kind];
      fillRound(ctx, x, top + 8, TILE_W, SEAT_H - 16, 8, st.frame);
      tileHead(ctx, `${set.count}×`, money(set.value, language), x + 9, x + TILE_W - 9, top + 24, st.ink);
      tileName(
        ctx,
        treasureNameOf(set.kind, set.count, language),
        x + TILE_W / 2,
        top + 62,
        TILE_W - 10,
        st.ink,
      );
      x += TILE_W + 8;
    }
    if (s.sold.length === 0)
      text(ctx, t('nothing-sold-yet'), M + 330, top + SEAT_H / 2, { size: MIN_TEXT, color: MUTED });
  });
}

export function renderArchaeologyTable(
  v: ArchaeologyView,
  names: readonly string[],
  language: string = DEFAULT_LANGUAGE,
): Buffer {
  const drawn = drawnNames(names, language);
  const h = tableHeight(v.players);
  return renderPng(TABLE_W, h, TABLE, (ctx) => {
    const mover = drawn[v.turn.seat] ?? '';
    const n = v.turn.number + 1;
    text(ctx, w(language, 'title'), M, 30, { size: 30, bold: true, color: GOLD });
    text(
      ctx,
      v.finished ? w(language, 'turn-over', { n }) : w(language, 'turn-to-play', { n, name: mover }),
      TABLE_W - M,
      30,
      { size: 22, color: TEXT, align: 'right', max: 700 },
    );
    market(ctx, v, HEADER, language);
    digAndPyramid(ctx, v, HEADER + MARKET_H, language);
    seats(ctx, v, drawn, HEADER + MARKET_H + 190, language);
  });
}
