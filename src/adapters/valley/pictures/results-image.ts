import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Catalog } from '../../../games/valley/catalog.ts';
import type { PlayerView, ValleyView } from '../../../games/valley/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import type { Values } from '../../../i18n/messages.ts';
import { fillRound, fitText, text } from '../../../render/canvas-shapes.ts';
import { drawBadge, GOLD, MUTED, PANEL, PANEL_HI, type Style, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { seatName, tombGroups } from './card-groups.ts';
import { STARTER, setInfo, setStyle, UNIQUE } from './card-styles.ts';
import { drawnNames, ordinalIn, setTitle, summaryText, w } from './words.ts';

export const RESULTS_W = 1260;
const M = 20;
const TITLE = 112;
/** Column titles slant up to the right, so a long one ("Mummification") reads at full size over a narrow column. */
const HEAD = 150;
const ROW = 84;
/** The smallest text: 9 px when the picture is shown 640 px wide. */
const MIN_TEXT = 18;
const SLANT = -Math.PI / 4;
const FOOTER = 56;

export const resultsHeight = (players: number): number => TITLE + HEAD + players * (ROW + 8) + FOOTER;

/**
 * The sets this game's cards (the view's `defs`) belong to, in the order the catalog lists them; a set
 * only this game's cards know comes last.
 */
export function setsOf(view: ValleyView, catalog: Catalog): string[] {
  const ids = new Set(Object.values(view.defs).flatMap((d) => (d.kind === 'set' && d.set ? [d.set] : [])));
  const order = (id: string) => {
    const k = catalog.sets.findIndex((s) => s.id === id);
    return k < 0 ? Number.MAX_SAFE_INTEGER : k;
  };
  return [...ids].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

interface Column {
  style: Style | null;
  title: string;
  /** Big number and small note for one player. */
  cell: (p: PlayerView) => [string, string];
}

function columns(view: ValleyView, catalog: Catalog, language: string): Column[] {
  const t = (key: string, values: Values = {}) => w(language, key, values);
  const printed = (p: PlayerView, key: string, points: number): [string, string] => {
    const n = tombGroups(view, p.seat, catalog).find((g) => g.style.key === key)?.total ?? 0;
    return n ? [String(points), t('results.cards', { n })] : ['–', ''];
  };
  return [
    { style: STARTER, title: t('group.starters'), cell: (p) => printed(p, 'starter', p.score.starters) },
    { style: UNIQUE, title: t('group.uniques'), cell: (p) => printed(p, 'unique', p.score.uniques) },
    ...setsOf(view, catalog).map(
      (id): Column => ({
        style: setStyle(id, catalog),
        title: setTitle(id, catalog, language),
        cell: (p) => {
          const s = p.score.sets.find((x) => x.set === id);
          const size = setInfo(id, catalog).size;
          return s
            ? [
                String(s.points),
                t('results.different', { distinct: s.distinct, sized: size ? 'yes' : 'no', size: size ?? 0 }),
              ]
            : ['–', ''];
        },
      }),
    ),
    { style: null, title: t('results.tomb-cards'), cell: (p) => [String(p.score.tombCards), ''] },
  ];
}

/** A column's badge just above the rows, and its title slanting up from it. */
function headerCell(ctx: SKRSContext2D, col: Column, x: number, w: number, y: number) {
  const bottom = y + HEAD - 6;
  if (col.style) drawBadge(ctx, col.style, x + w / 2, bottom - 17, 15);
  slanted(ctx, col.title, x + w / 2 - 4, col.style ? bottom - 40 : bottom - 10);
}

function slanted(ctx: SKRSContext2D, title: string, x: number, y: number) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(SLANT);
  text(ctx, title, 0, 0, { size: MIN_TEXT, bold: true, color: MUTED, max: (HEAD - 40) * Math.SQRT2 - 10 });
  ctx.restore();
}

/** Final standings: rank, name, total, and where each player's points came from. */
export function renderResults(
  view: ValleyView,
  given: readonly string[],
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): Buffer {
  const names = drawnNames(given, language);
  const t = (key: string, values: Values = {}) => w(language, key, values);
  const outcome = view.outcome;
  if (!outcome) throw new Error('renderResults needs a finished game (view.outcome is null)');
  const H = resultsHeight(view.players.length);
  return renderPng(RESULTS_W, H, TABLE, (ctx) => {
    text(ctx, t('results.title'), M, 32, { size: 32, bold: true, color: GOLD });
    const said = summaryText(view, { names, language });
    const summary = fitText(ctx, said, RESULTS_W - 2 * M, 2, [26, 22, 20]);
    summary.lines.slice(0, 2).forEach((line, i) => {
      text(ctx, line, M, 74 + i * (summary.size + 6), {
        size: summary.size,
        bold: true,
        color: TEXT,
        max: RESULTS_W - 2 * M,
      });
    });

    const cols = columns(view, catalog, language);
    const rankW = 112;
    const nameW = 260;
    const totalW = 120;
    const colW = (RESULTS_W - 2 * M - rankW - nameW - totalW) / cols.length;
    const x0 = M + rankW + nameW;
    cols.forEach((col, i) => {
      headerCell(ctx, col, x0 + i * colW, colW, TITLE);
    });
    slanted(ctx, t('results.total'), RESULTS_W - M - totalW / 2 - 20, TITLE + HEAD - 16);

    const order = [...outcome.results].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
    order.forEach((r, i) => {
      const p = view.players[r.seat];
      if (!p) return;
      const y = TITLE + HEAD + i * (ROW + 8);
      const win = r.rank === 1;
      fillRound(ctx, M, y, RESULTS_W - 2 * M, ROW, 12, win ? PANEL_HI : PANEL);
      if (win) {
        ctx.lineWidth = 3;
        ctx.strokeStyle = GOLD;
        ctx.stroke();
      }
      const shared = outcome.results.filter((x) => x.rank === r.rank).length > 1;
      text(
        ctx,
        `${win ? '★ ' : ''}${ordinalIn(r.rank, language)}`,
        M + 16,
        y + (shared ? ROW / 2 - 8 : ROW / 2),
        {
          size: 26,
          bold: true,
          color: win ? GOLD : TEXT,
        },
      );
      if (shared)
        text(ctx, t('results.shared'), M + 16, y + ROW / 2 + 22, {
          size: MIN_TEXT,
          color: MUTED,
          max: rankW - 20,
        });
      text(ctx, seatName(names, r.seat, language), M + rankW, y + ROW / 2, {
        size: 26,
        bold: true,
        color: TEXT,
        max: nameW - 12,
      });
      cols.forEach((col, k) => {
        const [big, small] = col.cell(p);
        const cx = x0 + k * colW + colW / 2;
        text(ctx, big, cx, y + (small ? 24 : ROW / 2), {
          size: 26,
          bold: true,
          color: TEXT,
          align: 'center',
        });
        // The note ("2 of 7 diff.") on up to two lines under the number, squeezed to the column if need be.
        if (small) {
          const note = fitText(ctx, small, colW - 6, 2, [MIN_TEXT], false);
          note.lines.forEach((line, j) => {
            const ny = y + (note.lines.length > 1 ? 50 + j * 19 : 56);
            text(ctx, line, cx, ny, { size: MIN_TEXT, color: MUTED, align: 'center', max: colW - 6 });
          });
        }
      });
      text(ctx, String(r.score), RESULTS_W - M - totalW / 2 - 10, y + ROW / 2, {
        size: 36,
        bold: true,
        color: win ? GOLD : TEXT,
        align: 'center',
      });
      text(ctx, t('vp'), RESULTS_W - M - 12, y + ROW / 2 + 6, {
        size: MIN_TEXT,
        bold: true,
        color: MUTED,
        align: 'right',
      });
    });
    text(ctx, t('results.rule'), M, H - FOOTER / 2, { size: 18, color: MUTED, max: RESULTS_W - 2 * M });
  });
}
