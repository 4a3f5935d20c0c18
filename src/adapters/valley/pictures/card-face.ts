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

/**
 * Landscape: there is no art to show, and wide cards keep the pyramid wide rather than tall. Three
 * faces side by side, 1:1, make the 772-wide board, which a phone shows at 360: a face's 24 px words
 * are then 8 px tall in capitals (see src/render/README.md).
 */
export const CARD_W = 240;
export const CARD_H = 180;

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

/** Every word on a face is at least this tall (the board's smallest size, `minFontPx` of its width). */
export const FACE_TEXT = 24;
const NUMBER = 28;
const HEAD = 40;
/** A number pill: its caption above its number, so three fit a face without cutting a caption short. */
const PILL_H = 58;

interface Pill {
  caption: string;
  value: number;
  mark: boolean;
  look: { fill: string; ink: string; stroke?: string };
}

function pillWidth(ctx: SKRSContext2D, p: Pill): number {
  ctx.font = font(FACE_TEXT);
  const cap = ctx.measureText(p.caption).width;
  ctx.font = font(NUMBER, true);
  const num = ctx.measureText(`${p.value}${p.mark ? '*' : ''}`).width;
  return Math.max(cap, num) + 14;
}

function pill(ctx: SKRSContext2D, x: number, y: number, w: number, p: Pill) {
  fillRound(ctx, x, y, w, PILL_H, 10, p.look.fill);
  if (p.look.stroke) {
    ctx.lineWidth = 2;
    ctx.strokeStyle = p.look.stroke;
    ctx.stroke();
  }
  text(ctx, p.caption, x + w / 2, y + 15, {
    size: FACE_TEXT,
    color: p.look.ink,
    align: 'center',
    max: w - 6,
  });
  text(ctx, `${p.value}${p.mark ? '*' : ''}`, x + w / 2, y + 40, {
    size: NUMBER,
    bold: true,
    color: p.look.ink,
    align: 'center',
  });
}

/**
 * The pills along the paper's bottom, gold first and cost last, spread from edge to edge. Between two
 * pills (a set card) the card's own emblem fills the gap: beside the name, never behind it.
 */
function pillRow(ctx: SKRSContext2D, def: CardDef, pills: Pill[], left: number, right: number, y: number) {
  const widths = pills.map((p) => pillWidth(ctx, p));
  const gap = pills.length > 1 ? (right - left - widths.reduce((a, b) => a + b, 0)) / (pills.length - 1) : 0;
  let x = left;
  pills.forEach((p, i) => {
    const w = widths[i] as number;
    pill(ctx, x, y, w, p);
    if (i === 0 && pills.length === 2 && gap > 40) {
      ctx.save();
      ctx.globalAlpha = 0.55;
      drawCardMark(ctx, def.id, x + w + gap / 2, y + PILL_H / 2, Math.min(24, gap / 2 - 6), DARK);
      ctx.restore();
    }
    x += w + gap;
  });
}

/**
 * The group's label as the card prints it ("Statues (7)"), or without its size when that does not fit
 * beside the glyph and the level: shortened by a rule, never squeezed into a stub.
 */
function headerLabel(ctx: SKRSContext2D, full: string, room: number): string {
  ctx.font = font(FACE_TEXT, true);
  if (ctx.measureText(full).width <= room) return full;
  return full.replace(/\s*\(\d+\)$/, '');
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
  fillRound(ctx, 6, HEAD, W - 12, H - HEAD - 6, 8, PAPER);

  drawBadge(ctx, st, 21, HEAD / 2, 15);
  const level = ROMAN[def.level];
  ctx.font = font(FACE_TEXT, true);
  const levelW = ctx.measureText(level).width;
  // The level sits by a small pyramid, as on the printed cards.
  const px = W - 10 - levelW - 16;
  ctx.beginPath();
  ctx.moveTo(px, 29);
  ctx.lineTo(px + 6.5, 12);
  ctx.lineTo(px + 13, 29);
  ctx.closePath();
  ctx.fillStyle = st.ink;
  ctx.fill();
  text(ctx, level, W - 9, HEAD / 2 + 1, { size: FACE_TEXT, bold: true, color: st.ink, align: 'right' });
  const full =
    def.kind === 'set' && def.set
      ? language === DEFAULT_LANGUAGE
        ? st.label
        : setLabelIn(def.set, catalog, language)
      : kindOf(def, catalog, language);
  const room = px - 6 - 40;
  text(ctx, headerLabel(ctx, full, room), 40, HEAD / 2 + 1, {
    size: FACE_TEXT,
    bold: true,
    color: st.ink,
    max: room,
  });

  // The name, as large as fits: one line, else two balanced lines; a word too long is squeezed, never smaller.
  const title = nameOf(def, language);
  const single = fitText(ctx, title, W - 24, 1, [30, 28, 26]);
  const name = single.fits ? single : fitText(ctx, title, W - 24, 2, [26, FACE_TEXT], true, true);
  const lh = name.size * 1.08;
  const mid = HEAD + (H - HEAD - PILL_H - 10) / 2 + 2;
  const top = mid - ((name.lines.length - 1) * lh) / 2;
  name.lines.forEach((line, i) => {
    text(ctx, line, W / 2, top + i * lh, {
      size: name.size,
      bold: true,
      color: DARK,
      align: 'center',
      max: W - 20,
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
  pillRow(ctx, def, def.kind === 'set' ? [gold, cost] : [gold, vp, cost], 12, W - 12, H - PILL_H - 12);
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

/** Several faces in a grid (three a row), e.g. the whole catalog for review. */
export function cardSheet(
  defs: readonly CardDef[],
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): Buffer {
  // Three a row: the sheet is then as wide as a board and as readable.
  const cols = Math.min(3, Math.max(1, defs.length));
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
