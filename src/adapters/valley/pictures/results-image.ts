import { createCanvas } from '@napi-rs/canvas';
import type { Catalog } from '../../../games/valley/catalog.ts';
import type { PlayerView, ValleyView } from '../../../games/valley/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import type { Values } from '../../../i18n/messages.ts';
import { fillRound, flow, text, wrap } from '../../../render/canvas-shapes.ts';
import { font } from '../../../render/fonts.ts';
import { drawBadge, GOLD, MUTED, PANEL, PANEL_HI, type Style, TABLE, TEXT } from '../../../render/palette.ts';
import { renderPng } from '../../../render/png.ts';
import { seatName, tombGroups } from './card-groups.ts';
import { STARTER, setInfo, setStyle, UNIQUE } from './card-styles.ts';
import { TABLE_W } from './table-image.ts';
import { drawnNames, ordinalIn, setTitle, summaryText, w } from './words.ts';

/** As wide as the board: a phone shows it 360 wide, where 24 px capitals are 8 px. */
export const RESULTS_W = TABLE_W;
const M = 16;
const PAD = 14;
const LINE = 32;
const MIN_TEXT = 24;
const BADGE_R = 15;

const measuring = createCanvas(8, 8).getContext('2d');

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

interface Chip {
  style: Style;
  big: string;
  small: string;
  w: number;
}

/** Each group a player scored in: its glyph beside its points and how they came ("3 of 5 diff."). */
function chips(cols: readonly Column[], p: PlayerView, width: number): Chip[][] {
  const got: Chip[] = [];
  for (const col of cols) {
    if (!col.style) continue;
    const [big, small] = col.cell(p);
    if (big === '–') continue;
    measuring.font = font(28, true);
    let cw = 2 * BADGE_R + 8 + measuring.measureText(big).width;
    measuring.font = font(MIN_TEXT);
    if (small) cw += 8 + measuring.measureText(small).width;
    got.push({ style: col.style, big, small, w: Math.min(cw, width) });
  }
  return flow(got, width, 22);
}

/**
 * Final standings, for a phone first: a block per player by rank (place, name, total), the tie-break
 * (cards in the tomb) and each group's points beside its glyph; a legend names the glyphs once.
 */
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
  const inner = RESULTS_W - 2 * M;
  measuring.font = font(26, true);
  const summary = wrap(measuring, summaryText(view, { names, language }), inner).slice(0, 4);
  const cols = columns(view, catalog, language);
  measuring.font = font(MIN_TEXT);
  const legend = flow(
    cols.flatMap((c) =>
      c.style
        ? [{ style: c.style, title: c.title, w: 2 * BADGE_R + 8 + measuring.measureText(c.title).width }]
        : [],
    ),
    inner,
    22,
  );
  const order = [...outcome.results].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const blocks = order.map((r) => {
    const p = view.players[r.seat];
    const lines = p ? chips(cols, p, inner - 2 * PAD) : [];
    return { r, p, lines, h: 48 + LINE + Math.max(1, lines.length) * 40 + PAD };
  });
  measuring.font = font(MIN_TEXT);
  const rule = wrap(measuring, t('results.rule'), inner);
  const top = 56 + summary.length * 34 + 12;
  const legendH = legend.length * 40 + 12;
  const H = top + legendH + blocks.reduce((a, b) => a + b.h + 8, 0) + rule.length * LINE + 16;
  return renderPng(RESULTS_W, H, TABLE, (ctx) => {
    text(ctx, t('results.title'), M, 30, { size: 32, bold: true, color: GOLD, max: inner });
    summary.forEach((line, i) => {
      text(ctx, line, M, 70 + i * 34, { size: 26, bold: true, color: TEXT, max: inner });
    });
    let y = top;
    for (const line of legend) {
      let x = M;
      for (const it of line) {
        drawBadge(ctx, it.style, x + BADGE_R, y + 20, BADGE_R);
        text(ctx, it.title, x + 2 * BADGE_R + 8, y + 21, { size: MIN_TEXT, color: MUTED, max: inner });
        x += it.w + 22;
      }
      y += 40;
    }
    y += 12;
    for (const b of blocks) {
      const { r, p } = b;
      const win = r.rank === 1;
      fillRound(ctx, M, y, inner, b.h, 12, win ? PANEL_HI : PANEL);
      if (win) {
        ctx.lineWidth = 3;
        ctx.strokeStyle = GOLD;
        ctx.stroke();
      }
      const shared = outcome.results.filter((x) => x.rank === r.rank).length > 1;
      const place = `${win ? '★ ' : ''}${ordinalIn(r.rank, language)}${shared ? ` (${t('results.shared')})` : ''}`;
      measuring.font = font(28, true);
      const placeW = measuring.measureText(place).width;
      const total = t('points', { points: r.score });
      measuring.font = font(34, true);
      const totalW = measuring.measureText(total).width;
      text(ctx, place, M + PAD, y + 26, { size: 28, bold: true, color: win ? GOLD : TEXT });
      text(ctx, total, M + inner - PAD, y + 26, {
        size: 34,
        bold: true,
        color: win ? GOLD : TEXT,
        align: 'right',
      });
      text(ctx, seatName(names, r.seat, language), M + PAD + placeW + 14, y + 26, {
        size: 28,
        bold: true,
        color: TEXT,
        max: inner - 2 * PAD - placeW - totalW - 28,
      });
      if (p)
        text(ctx, `${t('results.tomb-cards')}: ${p.score.tombCards}`, M + PAD, y + 48 + LINE / 2, {
          size: MIN_TEXT,
          color: MUTED,
          max: inner - 2 * PAD,
        });
      let ly = y + 48 + LINE + 20;
      for (const line of b.lines) {
        let x = M + PAD;
        for (const c of line) {
          drawBadge(ctx, c.style, x + BADGE_R, ly, BADGE_R);
          measuring.font = font(28, true);
          const bw = measuring.measureText(c.big).width;
          text(ctx, c.big, x + 2 * BADGE_R + 8, ly + 1, { size: 28, bold: true, color: TEXT });
          if (c.small)
            text(ctx, c.small, x + 2 * BADGE_R + 16 + bw, ly + 1, {
              size: MIN_TEXT,
              color: MUTED,
              max: c.w - (2 * BADGE_R + 16 + bw),
            });
          x += c.w + 22;
        }
        ly += 40;
      }
      y += b.h + 8;
    }
    for (const line of rule) {
      text(ctx, line, M, y + LINE / 2, { size: MIN_TEXT, color: MUTED, max: inner });
      y += LINE;
    }
  });
}
