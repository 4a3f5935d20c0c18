import type { ArchaeologyView } from '../../../games/archaeology/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { fillRound, text } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { GOLD, MUTED, PANEL, PANEL_HI, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { tileHead, tileName } from './treasure-chip.ts';
import { TREASURE_STYLES } from './treasure-styles.ts';
import { drawnNames, money, ordinalIn, treasureNameOf, w } from './words.ts';

const W = 1100;
const M = 20;
const ROW = 110;
/** 16 px: 9.3 px when the 1100-wide picture is shown 640 wide. */
const TILE_TEXT = 16;

/** Places, money and every set sold, largest sets first. */
export function renderArchaeologyResults(
  v: ArchaeologyView,
  names: readonly string[],
  language: string = DEFAULT_LANGUAGE,
): Buffer {
  const out = v.outcome;
  if (!out) throw new Error('results of an unfinished game');
  const drawn = drawnNames(names, language);
  const ranked = [...out.results].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return renderPng(W, 70 + ranked.length * (ROW + 10) + M, TABLE, (ctx) => {
    text(ctx, w(language, 'results.title'), M, 34, { size: 30, bold: true, color: GOLD, max: W - 2 * M });
    ranked.forEach((r, i) => {
      const y = 70 + i * (ROW + 10);
      const seat = v.seats[r.seat];
      fillRound(ctx, M, y, W - 2 * M, ROW, 12, r.rank === 1 ? PANEL_HI : PANEL);
      text(ctx, ordinalIn(r.rank, language), M + 20, y + 32, {
        size: 28,
        bold: true,
        color: r.rank === 1 ? GOLD : TEXT,
      });
      text(ctx, drawn[r.seat] ?? '', M + 90, y + 32, { size: 24, bold: true, color: TEXT, max: 260 });
      const score = money(r.score, language);
      text(ctx, score, M + 90, y + 70, { size: 28, bold: true, color: GOLD });
      ctx.font = font(28, true);
      // Room for "$12" as it always had; a longer sum ("120 $") pushes the count right.
      const sx = Math.max(M + 190, M + 90 + ctx.measureText(score).width + 14);
      text(ctx, w(language, 'cards-sold', { n: seat?.cardsSold ?? 0 }), sx, y + 72, {
        size: 17,
        color: MUTED,
        max: M + 372 - sx,
      });
      let x = M + 380;
      const sets = [...(seat?.sold ?? [])].sort((a, b) => b.value - a.value);
      for (const set of sets) {
        if (x > W - M - 100) {
          text(ctx, '…', x + 8, y + ROW / 2, { size: 24, bold: true, color: TEXT });
          break;
        }
        const st = TREASURE_STYLES[set.kind];
        fillRound(ctx, x, y + 12, 90, ROW - 24, 8, st.frame);
        tileHead(ctx, `${set.count}×`, money(set.value, language), x + 8, x + 82, y + 32, st.ink, TILE_TEXT);
        tileName(ctx, treasureNameOf(set.kind, set.count, language), x + 45, y + 66, 82, st.ink, TILE_TEXT);
        x += 98;
      }
    });
  });
}
