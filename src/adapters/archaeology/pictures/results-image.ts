import type { ArchaeologyView } from '../../../games/archaeology/view.ts';
import { fillRound, ordinal, text } from '../../../render/canvas-shapes.ts';
import { drawableNames } from '../../../render/drawable-names.ts';
import { GOLD, MUTED, PANEL, PANEL_HI, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { treasureName } from '../summary.ts';
import { TREASURE_STYLES } from './treasure-styles.ts';

const W = 1100;
const M = 20;
const ROW = 110;

/** Places, money and every set sold, largest sets first. */
export function renderArchaeologyResults(v: ArchaeologyView, names: readonly string[]): Buffer {
  const out = v.outcome;
  if (!out) throw new Error('results of an unfinished game');
  const drawn = drawableNames(names);
  const ranked = [...out.results].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return renderPng(W, 70 + ranked.length * (ROW + 10) + M, TABLE, (ctx) => {
    text(ctx, 'Archaeology · final results', M, 34, { size: 30, bold: true, color: GOLD });
    ranked.forEach((r, i) => {
      const y = 70 + i * (ROW + 10);
      const seat = v.seats[r.seat];
      fillRound(ctx, M, y, W - 2 * M, ROW, 12, r.rank === 1 ? PANEL_HI : PANEL);
      text(ctx, ordinal(r.rank), M + 20, y + 32, { size: 28, bold: true, color: r.rank === 1 ? GOLD : TEXT });
      text(ctx, drawn[r.seat] ?? '', M + 90, y + 32, { size: 24, bold: true, color: TEXT, max: 260 });
      text(ctx, `$${r.score}`, M + 90, y + 70, { size: 28, bold: true, color: GOLD });
      text(ctx, `${seat?.cardsSold ?? 0} cards sold`, M + 190, y + 72, { size: 17, color: MUTED });
      let x = M + 380;
      const sets = [...(seat?.sold ?? [])].sort((a, b) => b.value - a.value);
      for (const set of sets) {
        if (x > W - M - 100) {
          text(ctx, '…', x + 8, y + ROW / 2, { size: 24, bold: true, color: TEXT });
          break;
        }
        const st = TREASURE_STYLES[set.kind];
        fillRound(ctx, x, y + 12, 90, ROW - 24, 8, st.frame);
        text(ctx, `${set.count}×`, x + 8, y + 32, { size: 18, bold: true, color: st.ink });
        text(ctx, `$${set.value}`, x + 82, y + 32, { size: 18, bold: true, color: st.ink, align: 'right' });
        text(ctx, treasureName(set.kind, set.count), x + 45, y + 64, {
          size: 13,
          bold: true,
          color: st.ink,
          align: 'center',
          max: 82,
        });
        x += 98;
      }
    });
  });
}
