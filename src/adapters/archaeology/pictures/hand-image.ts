import { TREASURES } from '../../../games/archaeology/catalog.ts';
import type { ArchaeologyView } from '../../../games/archaeology/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { text } from '../../../render/canvas-shapes.ts';
import { MUTED, TABLE } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { CHIP_H, CHIP_W, treasureChip } from './treasure-chip.ts';
import { money, w as say } from './words.ts';

const M = 16;
const GAP = 22;

/** The viewer's hand, one chip per treasure with its count and what selling it now would earn. */
export function renderArchaeologyHand(
  v: ArchaeologyView,
  language: string = DEFAULT_LANGUAGE,
): Buffer | null {
  const me = v.me;
  if (!me) return null;
  const kinds = TREASURES.filter((k) => (me.hand[k] ?? 0) > 0);
  const w = M * 2 + Math.max(1, kinds.length) * (CHIP_W + GAP) - GAP;
  return renderPng(Math.max(w, 300), CHIP_H + M * 2 + 30, TABLE, (ctx) => {
    if (kinds.length === 0)
      text(ctx, say(language, 'hand-empty'), 150, (CHIP_H + 62) / 2, {
        size: 20,
        color: MUTED,
        align: 'center',
        max: 280,
      });
    kinds.forEach((k, i) => {
      const sale = me.sales.find((s) => s.kind === k);
      treasureChip(ctx, k, v.numbers[k].trade, M + i * (CHIP_W + GAP), M, {
        count: me.hand[k] as number,
        footer: sale ? say(language, 'sell', { count: sale.count, money: money(sale.value, language) }) : '',
        language,
      });
    });
  });
}
