import { TREASURES } from '../../../games/archaeology/catalog.ts';
import type { ArchaeologyView } from '../../../games/archaeology/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { text } from '../../../render/canvas-shapes.ts';
import { GOLD, MUTED, TABLE } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { ARCH_W, CHIP_H, CHIP_W, treasureChip } from './treasure-chip.ts';
import { money, w as say } from './words.ts';

const M = 16;
const PER_ROW = 4;
const GAP = (ARCH_W - 2 * M - PER_ROW * CHIP_W) / (PER_ROW - 1);
/** Under each chip: what selling it now would earn, on up to two lines. */
const UNDER = 70;
const TITLE = 48;

/**
 * The viewer's hand, one chip per treasure with its count and what selling it now would earn: as wide as
 * the board and four chips a row, so a phone shows every word 8 px tall; a big hand grows a row.
 */
export function renderArchaeologyHand(
  v: ArchaeologyView,
  language: string = DEFAULT_LANGUAGE,
): Buffer | null {
  const me = v.me;
  if (!me) return null;
  const kinds = TREASURES.filter((k) => (me.hand[k] ?? 0) > 0);
  const rows = Math.max(1, Math.ceil(kinds.length / PER_ROW));
  const cards = kinds.reduce((n, k) => n + (me.hand[k] ?? 0), 0);
  return renderPng(ARCH_W, TITLE + rows * (CHIP_H + UNDER) + 4, TABLE, (ctx) => {
    text(ctx, say(language, 'in-hand', { n: cards, owing: 'no', owes: 0 }), M, TITLE / 2, {
      size: 28,
      bold: true,
      color: GOLD,
      max: ARCH_W - 2 * M,
    });
    if (kinds.length === 0)
      text(ctx, say(language, 'hand-empty'), ARCH_W / 2, TITLE + CHIP_H / 2, {
        size: 26,
        color: MUTED,
        align: 'center',
        max: ARCH_W - 2 * M,
      });
    kinds.forEach((k, i) => {
      const sale = me.sales.find((s) => s.kind === k);
      treasureChip(
        ctx,
        k,
        v.numbers[k].trade,
        M + (i % PER_ROW) * (CHIP_W + GAP),
        TITLE + Math.floor(i / PER_ROW) * (CHIP_H + UNDER),
        {
          count: me.hand[k] as number,
          footer: sale
            ? say(language, 'sell', { count: sale.count, money: money(sale.value, language) })
            : '',
          language,
        },
      );
    });
  });
}
