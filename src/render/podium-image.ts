import { createCanvas } from '@napi-rs/canvas';
import { t } from '../i18n/messages.ts';
import { formatCount, formatRating } from '../ratings/model.ts';
import { fillRound, text, wrap } from './canvas-shapes.ts';
import { font } from './fonts.ts';
import { GOLD, MUTED, PANEL, PANEL_HI, TABLE, TEXT } from './palette.ts';
import { renderPng } from './png.ts';
import { countOf, drawnNames } from './rating-text.ts';

/** A season's podium, as the Discord layer hands it over: plain data, names as people chose them. */
export interface PodiumPicture {
  /** "Valley of the Kings". */
  readonly game: string;
  /** "November 2026 season", in the reader's language. */
  readonly season: string;
  /** The server's name. */
  readonly scope: string;
  readonly language: string;
  /** The first three of the season's board, best first (fewer when fewer were ranked). */
  readonly top: readonly {
    readonly name: string;
    readonly rating: number;
    readonly games: number;
    readonly wins: number;
    /** The place when places are shared (1, 1, 3: both winners on the top step); else its position. */
    readonly place?: number;
  }[];
}

/** A row's place: as given (shared), else its position; 1–3. */
const placeOf = (p: PodiumPicture, k: number): number => Math.min(3, Math.max(1, p.top[k]?.place ?? k + 1));

/** A phone shows it 360 wide: 22 px capitals are then 8 px tall (`minFontPx`). */
export const PODIUM_W = 720;
export const PODIUM_H = 470;
const M = 16;
/** Step heights: the winner's is the tallest, as on a real podium. */
const STEPS = [210, 170, 130];

const measuring = createCanvas(8, 8).getContext('2d');
const MEDALS = [GOLD, '#c9ced3', '#d08a4a'];
/** Left to right: second, first, third. */
const ORDER = [1, 0, 2];

/** Three steps, the winner in the middle, each with its place, name, rating, games and wins. */
export function renderPodium(p: PodiumPicture): Buffer {
  const lang = p.language;
  const names = drawnNames(
    p.top.map((r) => r.name),
    lang,
  );
  return renderPng(PODIUM_W, PODIUM_H, TABLE, (ctx) => {
    measuring.font = font(28, true);
    const title = wrap(
      measuring,
      t(lang, 'podium.image.title', { game: p.game, season: p.season }),
      PODIUM_W - 2 * M,
    );
    title.slice(0, 2).forEach((line, i) => {
      text(ctx, line, M, 30 + i * 36, { size: 28, bold: true, color: GOLD, max: PODIUM_W - 2 * M });
    });
    text(ctx, p.scope, M, 30 + 2 * 36, { size: 24, color: TEXT, max: PODIUM_W - 2 * M });
    const w = (PODIUM_W - 4 * M) / 3;
    ORDER.forEach((k, column) => {
      const r = p.top[k];
      // Shared places stand on the same step, with the same medal and number.
      const place = placeOf(p, k) - 1;
      const x = M + column * (w + M);
      const h = STEPS[place] as number;
      const y = PODIUM_H - M - h;
      fillRound(ctx, x, y, w, h, 12, place === 0 ? PANEL_HI : PANEL);
      ctx.beginPath();
      ctx.arc(x + w / 2, y, 26, 0, Math.PI * 2);
      ctx.fillStyle = MEDALS[place] as string;
      ctx.fill();
      text(ctx, formatCount(place + 1, lang), x + w / 2, y, {
        size: 26,
        bold: true,
        color: TABLE,
        align: 'center',
      });
      if (!r) {
        text(ctx, '—', x + w / 2, y + h / 2 + 10, { size: 24, color: MUTED, align: 'center' });
        return;
      }
      // The name above the step, the figures on it.
      measuring.font = font(24, true);
      const name = wrap(measuring, names[k] ?? '', w).slice(0, 2);
      name.forEach((line, i) => {
        text(ctx, line, x + w / 2, y - 44 - (name.length - 1 - i) * 30, {
          size: 24,
          bold: true,
          color: TEXT,
          align: 'center',
          max: w,
        });
      });
      text(ctx, formatRating(r.rating, lang), x + w / 2, y + 48, {
        size: 30,
        bold: true,
        color: place === 0 ? GOLD : TEXT,
        align: 'center',
      });
      [countOf(lang, 'games', r.games), countOf(lang, 'wins', r.wins)].forEach((line, i) => {
        text(ctx, line, x + w / 2, y + 82 + i * 30, { size: 22, color: MUTED, align: 'center', max: w - 16 });
      });
    });
  });
}

/** The podium in words: a picture's description and a screen reader's. */
export function describePodium(p: PodiumPicture): string {
  const lang = p.language;
  const head = t(lang, 'podium.alt', { game: p.game, season: p.season, scope: p.scope });
  const rows = p.top.map(
    (r, k) =>
      `${formatCount(placeOf(p, k), lang)}. ${r.name}: ${formatRating(r.rating, lang)}, ${countOf(lang, 'games', r.games)}, ${countOf(lang, 'wins', r.wins)}`,
  );
  return `${head} ${rows.join('; ')}.`;
}
