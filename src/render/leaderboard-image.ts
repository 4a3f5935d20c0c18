import { createCanvas } from '@napi-rs/canvas';
import { t } from '../i18n/messages.ts';
import { formatCount, formatPercent, formatRating } from '../ratings/model.ts';
import { fillRound, text, wrap } from './canvas-shapes.ts';
import { font } from './fonts.ts';
import { GOLD, MUTED, PANEL, PANEL_HI, TABLE, TEXT } from './palette.ts';
import { renderPng } from './png.ts';
import { countOf, drawnNames } from './rating-text.ts';

/** One page of a board, as the Discord layer hands it over: plain data, names as people chose them. */
export interface LeaderboardPicture {
  /** "Valley of the Kings". */
  readonly game: string;
  /** "This server" / "All servers", or the server's name. */
  readonly scope: string;
  /** The reader's language (a catalogue of assets/i18n): every word and number drawn follows it. */
  readonly language: string;
  readonly page: number;
  readonly pages: number;
  readonly players: number;
  readonly rows: readonly LeaderboardLine[];
}

export interface LeaderboardLine {
  readonly place: number;
  readonly name: string;
  /** The display rating (μ − 3σ). */
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
}

/** A phone shows it 360 wide: 22 px capitals are then 8 px tall (`minFontPx`). */
export const LEADERBOARD_W = 720;
const M = 16;
const MIN_TEXT = 22;
const TITLE = 56;
const HEAD = 40;
const ROW = 80;
const GAP = 6;
const LINE = 30;

const measuring = createCanvas(8, 8).getContext('2d');

function headLines(board: LeaderboardPicture) {
  const lang = board.language;
  const subtitle = t(lang, 'leaderboard.image.subtitle', {
    scope: board.scope,
    page: formatCount(board.page, lang),
    pages: formatCount(board.pages, lang),
    players: countOf(lang, 'rated-players', board.players),
  });
  measuring.font = font(MIN_TEXT);
  const sub = wrap(measuring, subtitle, LEADERBOARD_W - 2 * M).slice(0, 2);
  const foot = wrap(measuring, t(lang, 'leaderboard.image.footer'), LEADERBOARD_W - 2 * M);
  return { sub, foot };
}

export function leaderboardHeight(rows: number, board?: LeaderboardPicture): number {
  const h = board ? headLines(board) : { sub: [''], foot: ['', ''] };
  return TITLE + h.sub.length * LINE + HEAD + rows * (ROW + GAP) + h.foot.length * LINE + 12;
}

/** Medal colours for the first three places; the place number is always printed too. */
const MEDALS: Record<number, string> = { 1: GOLD, 2: '#c9ced3', 3: '#d08a4a' };

/**
 * A board page, for a phone first: a row per player with place, name and rating on top, games and
 * wins (with the win rate) under the name.
 */
export function renderLeaderboard(board: LeaderboardPicture): Buffer {
  const lines = headLines(board);
  const H = leaderboardHeight(board.rows.length, board);
  const lang = board.language;
  const names = drawnNames(
    board.rows.map((r) => r.name),
    lang,
  );
  return renderPng(LEADERBOARD_W, H, TABLE, (ctx) => {
    text(ctx, t(lang, 'leaderboard.image.title', { game: board.game }), M, 30, {
      size: 32,
      bold: true,
      color: GOLD,
      max: LEADERBOARD_W - 2 * M,
    });
    lines.sub.forEach((line, i) => {
      text(ctx, line, M, TITLE + LINE / 2 + i * LINE, {
        size: MIN_TEXT,
        color: TEXT,
        max: LEADERBOARD_W - 2 * M,
      });
    });
    const top = TITLE + lines.sub.length * LINE;
    const placeX = M + 36;
    const nameX = M + 80;
    const ratingX = LEADERBOARD_W - M - 16;
    const head = (label: string, x: number, align: 'left' | 'center' | 'right') =>
      text(ctx, label, x, top + HEAD / 2, { size: MIN_TEXT, bold: true, color: MUTED, align, max: 300 });
    head('#', placeX, 'center');
    head(t(lang, 'leaderboard.image.player'), nameX, 'left');
    head(t(lang, 'leaderboard.image.rating'), ratingX, 'right');

    board.rows.forEach((r, i) => {
      const y = top + HEAD + i * (ROW + GAP);
      const medal = MEDALS[r.place];
      fillRound(ctx, M, y, LEADERBOARD_W - 2 * M, ROW, 10, r.place === 1 ? PANEL_HI : PANEL);
      if (medal) {
        ctx.beginPath();
        ctx.arc(placeX, y + ROW / 2, 24, 0, Math.PI * 2);
        ctx.fillStyle = medal;
        ctx.fill();
      }
      text(ctx, formatCount(r.place, lang), placeX, y + ROW / 2, {
        size: 26,
        bold: true,
        color: medal ? TABLE : TEXT,
        align: 'center',
        max: 60,
      });
      const rating = formatRating(r.rating, lang);
      measuring.font = font(32, true);
      const ratingW = measuring.measureText(rating).width;
      text(ctx, rating, ratingX, y + 26, {
        size: 32,
        bold: true,
        color: r.place === 1 ? GOLD : TEXT,
        align: 'right',
      });
      text(ctx, names[i] ?? '', nameX, y + 24, {
        size: 28,
        bold: true,
        color: TEXT,
        max: ratingX - ratingW - 20 - nameX,
      });
      const rate = formatPercent(r.games ? (100 * r.wins) / r.games : 0, lang);
      const record = `${t(lang, 'leaderboard.image.games')} ${formatCount(r.games, lang)} · ${t(lang, 'leaderboard.image.wins')} ${formatCount(r.wins, lang)} (${rate})`;
      text(ctx, record, nameX, y + 58, { size: MIN_TEXT, color: MUTED, max: LEADERBOARD_W - M - 16 - nameX });
    });
    lines.foot.forEach((line, i) => {
      text(ctx, line, M, H - 12 - (lines.foot.length - i - 0.5) * LINE, {
        size: MIN_TEXT,
        color: MUTED,
        max: LEADERBOARD_W - 2 * M,
      });
    });
  });
}
