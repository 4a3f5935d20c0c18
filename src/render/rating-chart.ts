import { t } from '../i18n/messages.ts';
import { formatCount, formatRating } from '../ratings/model.ts';
import { text } from './canvas-shapes.ts';
import { GOLD, MUTED, PANEL, TABLE, TEXT } from './palette.ts';
import { renderPng } from './png.ts';
import { drawnNames } from './rating-text.ts';

/** A player's rating after each rated game, with the starting point first. */
export interface RatingChartData {
  readonly name: string;
  /** The server's name, or "All servers". */
  readonly scope: string;
  /** The reader's language (a catalogue of assets/i18n): every word and number drawn follows it. */
  readonly language: string;
  /** Index 0 is the start (before the first rated game); index k is after the k-th. */
  readonly points: readonly RatingPoint[];
}

export interface RatingPoint {
  /** The display rating (μ − 3σ). */
  readonly rating: number;
  /** The mean μ: the rating climbs towards it as σ shrinks. */
  readonly mu: number;
}

/** A phone shows it 360 wide: 22 px capitals are then 8 px tall (`minFontPx`). */
export const CHART_W = 720;
export const CHART_H = 440;
const LEFT = 76;
const RIGHT = 20;
const TOP = 124;
const BOTTOM = 80;
const SMALL = 22;
const MU_COLOUR = '#56b4e9';

/** Round numbers for the axis: about `count` steps of 1, 2 or 5 × 10ⁿ. */
function ticks(lo: number, hi: number, count: number): number[] {
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

/** The rating (gold, solid) and μ (blue, dashed) over the rated games. */
export function renderRatingChart(data: RatingChartData): Buffer {
  if (data.points.length === 0) throw new Error('a rating chart needs at least the starting point');
  const lang = data.language;
  const [name = ''] = drawnNames([data.name], lang);
  return renderPng(CHART_W, CHART_H, TABLE, (ctx) => {
    text(ctx, t(lang, 'rating.chart.title', { name, scope: data.scope }), 16, 26, {
      size: 26,
      bold: true,
      color: TEXT,
      max: CHART_W - 32,
    });
    // The second key starts after the first, however long the language makes it.
    const rating = t(lang, 'rating.chart.legend-rating');
    // One key a line: the two would not share a line on a phone at this size.
    text(ctx, rating, 16, 64, { size: SMALL, bold: true, color: GOLD, max: CHART_W - 32 });
    text(ctx, t(lang, 'rating.chart.legend-mu'), 16, 94, {
      size: SMALL,
      bold: true,
      color: MU_COLOUR,
      max: CHART_W - 32,
    });

    const values = data.points.flatMap((p) => [p.rating, p.mu]);
    let lo = Math.min(...values);
    let hi = Math.max(...values);
    if (hi - lo < 4) {
      const mid = (hi + lo) / 2;
      lo = mid - 2;
      hi = mid + 2;
    }
    const pad = (hi - lo) * 0.08;
    lo -= pad;
    hi += pad;
    const w = CHART_W - LEFT - RIGHT;
    const h = CHART_H - TOP - BOTTOM;
    const n = data.points.length - 1;
    const x = (k: number) => LEFT + (n === 0 ? w / 2 : (k / n) * w);
    const y = (v: number) => TOP + h - ((v - lo) / (hi - lo)) * h;

    ctx.fillStyle = PANEL;
    ctx.fillRect(LEFT, TOP, w, h);
    ctx.lineWidth = 1;
    for (const tick of ticks(lo, hi, 5)) {
      ctx.strokeStyle = tick === 0 ? MUTED : '#3b4248';
      ctx.beginPath();
      ctx.moveTo(LEFT, y(tick));
      ctx.lineTo(LEFT + w, y(tick));
      ctx.stroke();
      // Whole numbers without their ".0" (a real minus sign as in the ratings).
      const label = Number.isInteger(tick)
        ? `${tick < 0 ? '−' : ''}${formatCount(Math.abs(tick), lang)}`
        : formatRating(tick, lang);
      text(ctx, label, LEFT - 8, y(tick), {
        size: SMALL,
        color: MUTED,
        align: 'right',
      });
    }
    const xs = ticks(0, Math.max(n, 1), Math.min(Math.max(n, 1), 8)).filter(
      (k) => Number.isInteger(k) && k <= n,
    );
    for (const k of xs)
      text(ctx, formatCount(k, lang), x(k), TOP + h + 20, { size: SMALL, color: MUTED, align: 'center' });
    text(ctx, t(lang, 'rating.chart.axis'), LEFT + w / 2, CHART_H - 20, {
      size: SMALL,
      color: MUTED,
      align: 'center',
      max: w,
    });

    const line = (pick: (p: RatingPoint) => number, colour: string, dash: number[]) => {
      ctx.save();
      ctx.strokeStyle = colour;
      ctx.lineWidth = 3;
      ctx.lineJoin = 'round';
      ctx.setLineDash(dash);
      ctx.beginPath();
      data.points.forEach((p, k) => {
        if (k === 0) ctx.moveTo(x(k), y(pick(p)));
        else ctx.lineTo(x(k), y(pick(p)));
      });
      ctx.stroke();
      ctx.restore();
    };
    line((p) => p.mu, MU_COLOUR, [8, 6]);
    line((p) => p.rating, GOLD, []);
    const last = data.points.at(-1) as RatingPoint;
    ctx.beginPath();
    ctx.arc(x(n), y(last.rating), 5, 0, Math.PI * 2);
    ctx.fillStyle = GOLD;
    ctx.fill();
  });
}
