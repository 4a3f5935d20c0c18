import { createCanvas } from '@napi-rs/canvas';
import type { Catalog } from '../../../games/valley/catalog.ts';
import type { ValleyView } from '../../../games/valley/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import type { Values } from '../../../i18n/messages.ts';
import { fillRound, text, wrap } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { GOLD, MUTED, PANEL, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { drawLogged } from '../../../render/text-log.ts';
import { CARD_H, CARD_W, cardFace, FACE_TEXT } from './card-face.ts';
import { defOf, seatName } from './card-groups.ts';
import { TABLE_W } from './table-image.ts';
import { drawnNames, nameOf, promptText, w } from './words.ts';

/** As wide as the board, three faces 1:1 a row: on a phone a face's 24 px words show 8 px tall. */
export const HAND_W = TABLE_W;
const M = 16;
const GAP = 10;
const TITLE = 84;
/** Room under each card for what it pays now, when that differs from the printed gold. */
const UNDER = 42;
const LINE = 32;

const measuring = createCanvas(8, 8).getContext('2d');

/**
 * Three cards a row, at full size; a big hand grows taller, never smaller. A row keeps room under its
 * cards only when one of them pays other than its print (`pays[i]`).
 */
export function handLayout(pays: readonly boolean[]) {
  const perRow = Math.max(1, Math.min(3, pays.length));
  const rows = Math.max(1, Math.ceil(pays.length / perRow));
  const tops: number[] = [];
  let y = TITLE;
  for (let r = 0; r < rows; r++) {
    tops.push(y);
    y += CARD_H + (pays.slice(r * perRow, (r + 1) * perRow).some(Boolean) ? UNDER : GAP);
  }
  return { rows, perRow, tops, w: CARD_W, h: CARD_H, height: y };
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
  const L = handLayout(me.hand.map((card) => card.gold !== defOf(view, card).gold));
  const inner = HAND_W - 2 * M;
  measuring.font = font(FACE_TEXT);
  const footer = p
    ? wrap(
        measuring,
        t('hand.footer', {
          deck: p.deckCount,
          discard: p.discardCount,
          hasTop: p.discardTop ? 'yes' : 'no',
          top: p.discardTop ? nameOf(defOf(view, p.discardTop), language) : '',
          tomb: p.score.tombCards,
          vp: p.score.total,
        }),
        inner,
      )
    : [];
  const prompt = promptText(view, { names, language }) || t(view.finished ? 'hand.over' : 'hand.idle');
  measuring.font = font(26);
  const promptLines = wrap(measuring, prompt, inner).slice(0, 4);
  const fy = L.height + 8;
  const H = fy + footer.length * LINE + promptLines.length * 34 + LINE + 16;
  return renderPng(HAND_W, H, TABLE, (ctx) => {
    const gold = me.hand.reduce((sum, x) => sum + x.gold, 0);
    text(ctx, t('hand.title', { name: seatName(names, me.seat, language) }), M, 24, {
      size: 30,
      bold: true,
      color: GOLD,
      max: inner,
    });
    const n = me.hand.length;
    text(ctx, t('hand.summary', { n, gold }), M, 62, { size: 26, bold: true, color: TEXT, max: inner });

    if (n === 0) {
      fillRound(ctx, M, TITLE, inner, L.h, 12, PANEL);
      text(ctx, t('hand.empty'), HAND_W / 2, TITLE + L.h / 2, { size: 28, color: MUTED, align: 'center' });
    }
    me.hand.forEach((card, i) => {
      const def = defOf(view, card);
      const x = M + (i % L.perRow) * (L.w + GAP);
      const y = L.tops[Math.floor(i / L.perRow)] ?? TITLE;
      drawLogged(ctx, cardFace(def, catalog, language), x, y, L.w, L.h);
      if (card.gold !== def.gold) {
        fillRound(ctx, x + 6, y + L.h + 4, L.w - 12, 34, 8, GOLD);
        text(ctx, t('hand.pays', { gold: card.gold }), x + L.w / 2, y + L.h + 21, {
          size: FACE_TEXT,
          bold: true,
          color: '#1b1b1b',
          align: 'center',
          max: L.w - 20,
        });
      }
    });

    let y = fy + LINE / 2;
    for (const line of footer) {
      text(ctx, line, M, y, { size: FACE_TEXT, color: MUTED, max: inner });
      y += LINE;
    }
    y += 34 / 2 - LINE / 2 + 4;
    for (const line of promptLines) {
      text(ctx, line, M, y, { size: 26, color: TEXT, max: inner });
      y += 34;
    }
    text(ctx, t('provisional'), HAND_W - M, H - LINE / 2 - 4, {
      size: FACE_TEXT,
      color: MUTED,
      align: 'right',
      max: inner,
    });
  });
}
