import { t } from '../i18n/messages.ts';
import { formatCount, formatPercent, formatRating } from '../ratings/model.ts';
import { fillRound, text } from './canvas-shapes.ts';
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

export const LEADERBOARD_W = 960;
const M = 20;
const TITLE = 96;
const HEAD = 40;
const ROW = 52;
const GAP = 6;
const FOOTER = 44;

export const leaderboardHeight = (rows: number): number => TITLE + HEAD + rows * (ROW + GAP) + FOOTER;

/** Medal colours for the first three places; the place number is always printed too. */
const MEDALS: Record<number, string> = { 1: GOLD, 2: '#c9ced3', 3: '#d08a4a' };

/** A board page: place, name, rating, games, wins (and win rate). */
export function renderLeaderboard(board: LeaderboardPicture): Buffer {
  const H = leaderboardHeight(board.rows.length);
  const lang = board.language;
  const names = drawnNames(
    board.rows.map((r) => r.name),
    lang,
  );
  return renderPng(LEADERBOARD_W, H, TABLE, (ctx) => {
    text(ctx, t(lang, 'leaderboard.image.title', { game: board.game }), M, 34, {
      size: 30,
      bold: true,
      color: GOLD,
      max: LEADERBOARD_W - 2 * M,
    });
    const subtitle = t(lang, 'leaderboard.image.subtitle', {
      scope: board.scope,
      page: formatCount(board.page, lang),
      pages: formatCount(board.pages, lang),
      players: countOf(lang, 'rated-players', board.players),
    });
    text(ctx, subtitle, M, 72, { size: 20, color: TEXT, max: LEADERBOARD_W - 2 * M });

    const placeX = M + 44;
    const nameX = M + 100;
    const ratingX = LEADERBOARD_W - M - 330;
    const gamesX = LEADERBOARD_W - M - 190;
    const winsX = LEADERBOARD_W - M - 70;
    // Each heading keeps to its column: 120 px between the centres of the number columns.
    const head = (label: string, x: number, align: 'left' | 'center' = 'center', max = 116) =>
      text(ctx, label, x, TITLE + HEAD / 2, { size: 16, bold: true, color: MUTED, align, max });
    head('#', placeX);
    head(t(lang, 'leaderboard.image.player'), nameX, 'left', ratingX - nameX - 70);
    head(t(lang, 'leaderboard.image.rating'), ratingX);
    head(t(lang, 'leaderboard.image.games'), gamesX);
    head(t(lang, 'leaderboard.image.wins'), winsX);

    board.rows.forEach((r, i) => {
      const y = TITLE + HEAD + i * (ROW + GAP);
      const medal = MEDALS[r.place];
      fillRound(ctx, M, y, LEADERBOARD_W - 2 * M, ROW, 10, r.place === 1 ? PANEL_HI : PANEL);
      if (medal) {
        ctx.beginPath();
        ctx.arc(placeX, y + ROW / 2, 19, 0, Math.PI * 2);
        ctx.fillStyle = medal;
        ctx.fill();
      }
      text(ctx, formatCount(r.place, lang), placeX, y + ROW / 2, {
        size: r.place >= 100 ? 16 : 22,
        bold: true,
        color: medal ? TABLE : TEXT,
        align: 'center',
        max: 54,
      });
      text(ctx, names[i] ?? '', nameX, y + ROW / 2, {
        size: 24,
        bold: true,
        color: TEXT,
        max: ratingX - nameX - 70,
      });
      text(ctx, formatRating(r.rating, lang), ratingX, y + ROW / 2, {
        size: 26,
        bold: true,
        color: r.place === 1 ? GOLD : TEXT,
        align: 'center',
      });
      text(ctx, formatCount(r.games, lang), gamesX, y + ROW / 2, { size: 22, color: TEXT, align: 'center' });
      const rate = formatPercent(r.games ? (100 * r.wins) / r.games : 0, lang);
      text(ctx, formatCount(r.wins, lang), winsX - 12, y + ROW / 2, {
        size: 22,
        color: TEXT,
        align: 'right',
      });
      text(ctx, `(${rate})`, winsX - 6, y + ROW / 2 + 1, {
        size: 15,
        color: MUTED,
        align: 'left',
        max: LEADERBOARD_W - M - 4 - (winsX - 6),
      });
    });
    text(ctx, t(lang, 'leaderboard.image.footer'), M, H - FOOTER / 2, {
      size: 15,
      color: MUTED,
      max: LEADERBOARD_W - 2 * M,
    });
  });
}
