import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { type Catalog, findCard } from '../../../games/valley/catalog.ts';
import type { CardDef } from '../../../games/valley/state.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { fillRound, fitText, ROMAN, roundRect, text } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { DARK, drawBadge, GOLD, PAPER, TABLE } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { styleOf } from './card-styles.ts';
import { kindOf, nameOf, setLabelIn, w } from './words.ts';

/** Landscape: there is no art to show, and wide cards keep the pyramid wide rather than tall. */
export const CARD_W = 232;
export const CARD_H = 156;

type Number = 'gold' | 'cost' | 'vp';

/**
 * A number is confirmed only when the catalog has it from the rulebook or a review and the game uses
 * that same value; anything else is Scarab's guess and carries a mark. The value is the definition's
 * (the game's own card pool); only where it comes from is looked up in the catalog.
 */
export function provisional(def: CardDef, which: Number, catalog: Catalog): boolean {
  const entry = findCard(catalog, def.id);
  const n = entry?.[which];
  if (!n) return which !== 'vp' || def.kind !== 'set';
  return n.source === 'provisional' || n.value !== def[which];
}

/** How wide `pill` draws a number with its caption. */
function pillWidth(ctx: SKRSContext2D, caption: string, value: number, mark: boolean): number {
  ctx.font = font(13);
  const capW = ctx.measureText(caption).width;
  ctx.font = font(25, true);
  const numW = ctx.measureText(String(value)).width;
  return capW + numW + (mark ? 9 : 0) + 18;
}

/** A number with its caption, e.g. [gold 2*]: the shape and the word both say which number it is. */
function pill(
  ctx: SKRSContext2D,
  cx: number,
  y: number,
  caption: string,
  value: number,
  mark: boolean,
  look: { fill: string; ink: string; stroke?: string },
) {
  const w = pillWidth(ctx, caption, value, mark);
  ctx.font = font(13);
  const capW = ctx.measureText(caption).width;
  ctx.font = font(25, true);
  const numW = ctx.measureText(String(value)).width;
  const x = cx - w / 2;
  fillRound(ctx, x, y, w, 36, 10, look.fill);
  if (look.stroke) {
    ctx.lineWidth = 2;
    ctx.strokeStyle = look.stroke;
    ctx.stroke();
  }
  text(ctx, caption, x + 7, y + 19, { size: 13, color: look.ink });
  text(ctx, String(value), x + 11 + capW, y + 19, { size: 25, bold: true, color: look.ink });
  if (mark) text(ctx, '*', x + 12 + capW + numW, y + 11, { size: 16, bold: true, color: look.ink });
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

  drawBadge(ctx, st, 22, 20, 15);
  const level = ROMAN[def.level];
  ctx.font = font(17, true);
  const levelW = ctx.measureText(level).width;
  // The level sits by a small pyramid, as on the printed cards.
  const px = W - 14 - levelW - 16;
  ctx.beginPath();
  ctx.moveTo(px, 27);
  ctx.lineTo(px + 7, 13);
  ctx.lineTo(px + 14, 27);
  ctx.closePath();
  ctx.fillStyle = st.ink;
  ctx.fill();
  text(ctx, level, W - 12, 21, { size: 17, bold: true, color: st.ink, align: 'right' });
  const label =
    def.kind === 'set' && def.set
      ? language === DEFAULT_LANGUAGE
        ? st.label
        : setLabelIn(def.set, catalog, language)
      : kindOf(def, catalog, language);
  text(ctx, label, 42, 21, { size: 17, bold: true, color: st.ink, max: px - 48 });

  // One line as large as possible; else two lines, a little smaller, squeezed up to 12% if need be.
  const title = nameOf(def, language);
  const single = fitText(ctx, title, W - 28, 1, [28, 26, 24]);
  const name = single.fits
    ? single
    : fitText(ctx, title, (W - 28) / 0.88, 2, [25, 24, 22, 20, 18], true, true);
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

  const y = H - 46;
  const gold = { caption: w(language, 'gold'), mark: provisional(def, 'gold', catalog) };
  const cost = { caption: w(language, 'cost'), mark: provisional(def, 'cost', catalog) };
  const vp = { caption: w(language, 'vp'), mark: provisional(def, 'vp', catalog) };
  // Gold and cost sit in the bottom corners and VP between them; when longer captions would make them
  // overlap, they spread from the paper's edges with equal gaps instead.
  let [goldX, vpX, costX] = [48, W / 2, W - 48];
  if (def.kind !== 'set') {
    const gw = pillWidth(ctx, gold.caption, def.gold, gold.mark);
    const vw = pillWidth(ctx, vp.caption, def.vp, vp.mark);
    const cw = pillWidth(ctx, cost.caption, def.cost, cost.mark);
    if (goldX + gw / 2 > vpX - vw / 2 || vpX + vw / 2 > costX - cw / 2) {
      const gap = Math.max(0, (W - 20 - gw - vw - cw) / 2);
      goldX = 10 + gw / 2;
      vpX = 10 + gw + gap + vw / 2;
      costX = W - 10 - cw / 2;
    }
  }
  pill(ctx, goldX, y, gold.caption, def.gold, gold.mark, {
    fill: GOLD,
    ink: DARK,
    stroke: '#8a6d1f',
  });
  pill(ctx, costX, y, cost.caption, def.cost, cost.mark, {
    fill: '#33302b',
    ink: '#ffffff',
  });
  if (def.kind !== 'set')
    pill(ctx, vpX, y, vp.caption, def.vp, vp.mark, {
      fill: PAPER,
      ink: DARK,
      stroke: st.frame,
    });
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
    ctx.drawImage(cardFace(def, catalog, language), pad, pad);
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
      ctx.drawImage(
        cardFace(d, catalog, language),
        12 + (i % cols) * (CARD_W + 12),
        12 + Math.floor(i / cols) * (CARD_H + 12),
      );
    });
  });
}
