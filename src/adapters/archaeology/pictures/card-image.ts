import type { TreasureDef } from '../../../games/archaeology/catalog.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { fillRound, text } from '../../../render/canvas-shapes.ts';
import { GOLD, MUTED, PANEL, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { treasureChip } from './treasure-chip.ts';
import { money, w } from './words.ts';

/**
 * A treasure card as `/card` shows it: the card large, and its museum prices (provisional ones marked
 * *), in `language`.
 */
export function renderTreasureCard(t: TreasureDef, language: string = DEFAULT_LANGUAGE): Buffer {
  const rows = t.prices.length;
  const provisional = [t.trade, ...t.prices].some((p) => p.source === 'provisional');
  return renderPng(560, Math.max(300, 120 + rows * 36), TABLE, (ctx) => {
    treasureChip(ctx, t.id, t.trade.value, 20, 20, { w: 190, h: 260, language });
    fillRound(ctx, 230, 20, 310, 50 + rows * 36, 12, PANEL);
    if (provisional)
      text(ctx, w(language, 'card.provisional'), 246, 94 + rows * 36, {
        size: 18,
        color: MUTED,
        max: 290,
      });
    text(ctx, w(language, 'card.prices'), 246, 42, { size: 20, bold: true, color: GOLD, max: 280 });
    t.prices.forEach((p, i) => {
      const y = 78 + i * 36;
      text(ctx, w(language, 'card.set-of', { n: i + 1 }), 246, y, { size: 20, color: TEXT, max: 170 });
      text(ctx, `${money(p.value, language)}${p.source === 'provisional' ? ' *' : ''}`, 520, y, {
        size: 22,
        bold: true,
        color: p.source === 'provisional' ? MUTED : GOLD,
        align: 'right',
      });
    });
  });
}
