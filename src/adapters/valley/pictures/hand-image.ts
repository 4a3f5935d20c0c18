import type { Catalog } from '../../../games/valley/catalog.ts';
import type { ValleyView } from '../../../games/valley/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import type { Values } from '../../../i18n/messages.ts';
import { fillRound, fitText, text } from '../../../render/canvas-shapes.ts';
import { GOLD, MUTED, PANEL, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { drawLogged } from '../../../render/text-log.ts';
import { CARD_H, CARD_W, cardFace } from './card-face.ts';
import { defOf, seatName } from './card-groups.ts';
import { drawnNames, nameOf, promptText, w } from './words.ts';

export const HAND_W = 1260;
const M = 20;
const GAP = 14;
const TITLE = 60;
/** Room under each card for what it pays now, when that differs from the printed gold. */
const UNDER = 34;
const FOOTER = 92;

/**
 * Up to five cards share a row, at full size: the hand is shown 640 px wide, where a face's 20 px words
 * are 9 px tall, so a card shrunk to fit more would be unreadable. A big hand grows taller instead.
 */
export function handLayout(cards: number) {
  const rows = Math.max(1, Math.ceil(cards / 5));
  const perRow = Math.max(1, Math.ceil(cards / rows));
  const scale = Math.min(1, (HAND_W - 2 * M - (perRow - 1) * GAP) / (perRow * CARD_W));
  const w = Math.floor(CARD_W * scale);
  const h = Math.floor(CARD_H * scale);
  return { rows, perRow, w, h, height: TITLE + rows * (h + UNDER) + FOOTER };
}

/**
 * The viewer's own hand (an ephemeral reply): only `view.me`, which only its owner's view carries.
 * Cards are the view's `defs`; `catalog` gives set names and provisional marks.
 */
export function renderHand(
  view: ValleyView,
  given: readonly string[],
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): Buffer {
  const names = drawnNames(given, language);
  const t = (key: string, values: Values = {}) => w(language, key, values);
  const me = view.me;
  if (!me) throw new Error('renderHand needs a seat’s own view (view.me is null)');
  const p = view.players[me.seat];
  const L = handLayout(me.hand.length);
  const H = L.height;
  return renderPng(HAND_W, H, TABLE, (ctx) => {
    const gold = me.hand.reduce((sum, x) => sum + x.gold, 0);
    text(ctx, t('hand.title', { name: seatName(names, me.seat, language) }), M, TITLE / 2, {
      size: 30,
      bold: true,
      color: GOLD,
      max: HAND_W / 2,
    });
    const n = me.hand.length;
    text(ctx, t('hand.summary', { n, gold }), HAND_W - M, TITLE / 2, {
      size: 24,
      bold: true,
      color: TEXT,
      align: 'right',
      max: HAND_W / 2 - 2 * M,
    });

    if (n === 0) {
      fillRound(ctx, M, TITLE, HAND_W - 2 * M, L.h, 12, PANEL);
      text(ctx, t('hand.empty'), HAND_W / 2, TITLE + L.h / 2, { size: 26, color: MUTED, align: 'center' });
    }
    me.hand.forEach((card, i) => {
      const def = defOf(view, card);
      const x = M + (i % L.perRow) * (L.w + GAP);
      const y = TITLE + Math.floor(i / L.perRow) * (L.h + UNDER);
      drawLogged(ctx, cardFace(def, catalog, language), x, y, L.w, L.h);
      if (card.gold !== def.gold) {
        fillRound(ctx, x + 10, y + L.h + 4, L.w - 20, 26, 8, GOLD);
        text(ctx, t('hand.pays', { gold: card.gold }), x + L.w / 2, y + L.h + 17, {
          size: 18,
          bold: true,
          color: '#1b1b1b',
          align: 'center',
          max: L.w - 24,
        });
      }
    });

    const fy = H - FOOTER;
    if (p) {
      text(
        ctx,
        t('hand.footer', {
          deck: p.deckCount,
          discard: p.discardCount,
          hasTop: p.discardTop ? 'yes' : 'no',
          top: p.discardTop ? nameOf(defOf(view, p.discardTop), language) : '',
          tomb: p.score.tombCards,
          vp: p.score.total,
        }),
        M,
        fy + 16,
        { size: 19, color: MUTED, max: HAND_W - 2 * M - 220 },
      );
    }
    const prompt = promptText(view, { names, language }) || t(view.finished ? 'hand.over' : 'hand.idle');
    const lines = fitText(ctx, prompt, HAND_W - 2 * M, 2, [22, 20, 18], false);
    lines.lines.slice(0, 2).forEach((line, i) => {
      text(ctx, line, M, fy + 48 + i * (lines.size + 6), {
        size: lines.size,
        color: TEXT,
        max: HAND_W - 2 * M,
      });
    });
    text(ctx, t('provisional'), HAND_W - M, fy + 16, { size: 18, color: MUTED, align: 'right', max: 220 });
  });
}
