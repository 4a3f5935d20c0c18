import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { type Catalog, findCard } from '../../../games/valley/catalog.ts';
import type { CardDef } from '../../../games/valley/state.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { fillRound, fitText, ROMAN, roundRect, text } from '../../../render/canvas-shapes.ts';
import { drawCardMark } from '../../../render/card-glyph.ts';
import { font } from '../../../render/fonts.ts';
import { DARK, drawBadge, GOLD, PAPER, TABLE } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { drawLogged } from '../../../render/text-log.ts';
import { styleOf } from './card-styles.ts';
import { kindOf, nameOf, setLabelIn, w } from './words.ts';

/** Landscape: there is no art to show, and wide cards keep the pyramid wide rather than tall. */
export const CARD_W = 232;
export const CARD_H = 156;

type Which = 'gold' | 'cost' | 'vp';

/**
 * A number is confirmed only when the catalog has it from the rulebook or a review and the game uses
 * that same value; anything else is Scarab's guess and carries a mark. The value is the definition's
 * (the game's own card pool); only where it comes from is looked up in the catalog.
 */
export function provisional(def: CardDef, which: Which, catalog: Catalog): boolean {
  const entry = findCard(catalog, def.id);
  const n = entry?.[which];
  if (!n) return which !== 'vp' || def.kind !== 'set';
  return n.source === 'provisional' || n.value !== def[which];
}

/**
 * Every word on a face is at least this tall: a face is copied 1:1 into the 1260-wide board and hand
 * and at 0.9 for the boneyard's top, and those are shown 640 wide, where 20 px becomes 9.1 px.
 */
const FACE_TEXT = 20;
const NUMBER = 26;
const PILL_H = 36;

interface Pill {
  caption: string;
  value: number;
  mark: boolean;
  look: { fill: string; ink: string; stroke?: string };
}

/** How wide a pill's parts draw: its caption (which may be squeezed) and the rest. */
function pillParts(ctx: SKRSContext2D, p: Pill): { cap: number; rest: number } {
  ctx.font = font(FACE_TEXT);
  const cap = ctx.measureText(p.caption).width;
  ctx.font = font(NUMBER, true);
  const num = ctx.measureText(String(p.value)).width;
  return { cap, rest: num + (p.mark ? 11 : 0) + 18 };
}

/** A number with its caption, e.g. [gold 2*]: the shape and the word both say which number it is. */
function pill(ctx: SKRSContext2D, x: number, y: number, p: Pill, capW: number) {
  const { rest } = pillParts(ctx, p);
  ctx.font = font(NUMBER, true);
  const numW = ctx.measureText(String(p.value)).width;
  fillRound(ctx, x, y, capW + rest, PILL_H, 10, p.look.fill);
  if (p.look.stroke) {
    ctx.lineWidth = 2;
    ctx.strokeStyle = p.look.stroke;
    ctx.stroke();
  }
  text(ctx, p.caption, x + 7, y + PILL_H / 2 + 1, { size: FACE_TEXT, color: p.look.ink, max: capW });
  text(ctx, String(p.value), x + 11 + capW, y + PILL_H / 2 + 1, {
    size: NUMBER,
    bold: true,
    color: p.look.ink,
  });
  if (p.mark)
    text(ctx, '*', x + 12 + capW + numW, y + 11, { size: FACE_TEXT, bold: true, color: p.look.ink });
}

/**
 * The pills along the paper's bottom, gold first and cost last: at their natural width when they fit
 * with gaps between them, else with their captions squeezed alike (never smaller).
 */
function pillRow(ctx: SKRSContext2D, pills: Pill[], left: number, right: number, y: number) {
  const parts = pills.map((p) => pillParts(ctx, p));
  const room = right - left - 6 * (pills.length - 1);
  const caps = parts.reduce((sum, q) => sum + q.cap, 0);
  const rest = parts.reduce((sum, q) => sum + q.rest, 0);
  const squeeze = Math.min(1, (room - rest) / caps);
  const widths = parts.map((q) => q.cap * squeeze + q.rest);
  const gap = pills.length > 1 ? (right - left - widths.reduce((a, b) => a + b, 0)) / (pills.length - 1) : 0;
  let x = left;
  pills.forEach((p, i) => {
    pill(ctx, x, y, p, (parts[i] as { cap: number }).cap * squeeze);
    x += (widths[i] as number) + gap;
  });
}

function drawFace(ctx: SKRSContext2D, def: CardDef, catalog: Catalog, language: string) {
  const st = styleOf(def, catalog);
  const W = CARD_W;
  const H = CARD_H;
  fillRound(ctx, 0, 0, W, H, 12, st.frame);
  ctx.lineWidth = 2;
  ctx.strokeStyle = 'rgba(0,0,0,0.45)';
  roundRect(ctx, 1, 1, W - 2, H - 2, 11);
  ctx.stroke();
  fillRound(ctx, 7, 38, W - 14, H - 45, 8, PAPER);
  // The card's own emblem, faint behind its name: no two cards look alike, even in one set.
  ctx.save();
  ctx.globalAlpha = 0.2;
  drawCardMark(ctx, def.id, W / 2, 74, 34, DARK);
  ctx.restore();

  drawBadge(ctx, st, 22, 20, 15);
  const level = ROMAN[def.level];
  ctx.font = font(FACE_TEXT, true);
  const levelW = ctx.measureText(level).width;
  // The level sits by a small pyramid, as on the printed cards.
  const px = W - 12 - levelW - 15;
  ctx.beginPath();
  ctx.moveTo(px, 28);
  ctx.lineTo(px + 6.5, 13);
  ctx.lineTo(px + 13, 28);
  ctx.closePath();
  ctx.fillStyle = st.ink;
  ctx.fill();
  text(ctx, level, W - 10, 21, { size: FACE_TEXT, bold: true, color: st.ink, align: 'right' });
  const label =
    def.kind === 'set' && def.set
      ? language === DEFAULT_LANGUAGE
        ? st.label
        : setLabelIn(def.set, catalog, language)
      : kindOf(def, catalog, language);
  text(ctx, label, 41, 21, { size: FACE_TEXT, bold: true, color: st.ink, max: px - 46 });

  // One line as large as possible; else two lines, a little smaller, squeezed up to 12% if need be.
  const title = nameOf(def, language);
  const single = fitText(ctx, title, W - 28, 1, [28, 26, 24]);
  const name = single.fits
    ? single
    : fitText(ctx, title, (W - 28) / 0.88, 2, [25, 24, 22, FACE_TEXT], true, true);
  const lh = name.size * 1.08;
  const top = 74 - ((name.lines.length - 1) * lh) / 2;
  name.lines.forEach((line, i) => {
    text(ctx, line, W / 2, top + i * lh, {
      size: name.size,
      bold: true,
      color: DARK,
      align: 'center',
      max: W - 28,
    });
  });

  const gold: Pill = {
    caption: w(language, 'gold'),
    value: def.gold,
    mark: provisional(def, 'gold', catalog),
    look: { fill: GOLD, ink: DARK, stroke: '#8a6d1f' },
  };
  const cost: Pill = {
    caption: w(language, 'cost'),
    value: def.cost,
    mark: provisional(def, 'cost', catalog),
    look: { fill: '#33302b', ink: '#ffffff' },
  };
  const vp: Pill = {
    caption: w(language, 'vp'),
    value: def.vp,
    mark: provisional(def, 'vp', catalog),
    look: { fill: PAPER, ink: DARK, stroke: st.frame },
  };
  pillRow(ctx, def.kind === 'set' ? [gold, cost] : [gold, vp, cost], 10, W - 10, H - 46);
}

const faces = new WeakMap<Catalog, Map<string, Canvas>>();

/**
 * Faces never change during a game, so each is drawn once per language and then only copied. `catalog`
 * gives the set's printed name and size and which numbers are provisional; everything else is the
 * definition's. Words are in `language`.
 */
export function cardFace(def: CardDef, catalog: Catalog, language: string = DEFAULT_LANGUAGE): Canvas {
  let byDef = faces.get(catalog);
  if (!byDef) {
    byDef = new Map();
    faces.set(catalog, byDef);
  }
  const key = `${language}\u0000${JSON.stringify(def)}`;
  let c = byDef.get(key);
  if (!c) {
    c = createCanvas(CARD_W, CARD_H);
    const ctx = c.getContext('2d');
    ctx.lang = language;
    drawFace(ctx, def, catalog, language);
    byDef.set(key, c);
  }
  return c;
}

/** One card on its own, e.g. for a card's help page. */
export function renderCard(def: CardDef, catalog: Catalog, language: string = DEFAULT_LANGUAGE): Buffer {
  const pad = 12;
  return renderPng(CARD_W + 2 * pad, CARD_H + 2 * pad, TABLE, (ctx) => {
    drawLogged(ctx, cardFace(def, catalog, language), pad, pad);
  });
}

let back: Canvas | null = null;
/** The stock's face-down look: no face, only the pyramid that marks the game's cards. */
export function cardBack(): Canvas {
  if (back) return back;
  back = createCanvas(CARD_W, CARD_H);
  const ctx = back.getContext('2d');
  fillRound(ctx, 0, 0, CARD_W, CARD_H, 12, '#5a4325');
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#c9a55a';
  roundRect(ctx, 8, 8, CARD_W - 16, CARD_H - 16, 8);
  ctx.stroke();
  return back;
}

/** Several faces in a grid (six a row), e.g. the whole catalog for review. */
export function cardSheet(
  defs: readonly CardDef[],
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): Buffer {
  const cols = Math.min(6, Math.max(1, defs.length));
  const rows = Math.max(1, Math.ceil(defs.length / cols));
  return renderPng(cols * (CARD_W + 12) + 12, rows * (CARD_H + 12) + 12, TABLE, (ctx) => {
    defs.forEach((d, i) => {
      drawLogged(
        ctx,
        cardFace(d, catalog, language),
        12 + (i % cols) * (CARD_W + 12),
        12 + Math.floor(i / cols) * (CARD_H + 12),
      );
    });
  });
}
