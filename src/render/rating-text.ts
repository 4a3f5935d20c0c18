/** Text equivalents of the leaderboard and the rating chart: message bodies and screen-reader descriptions. */
import { t } from '../i18n/messages.ts';
import { formatCount, formatRating } from '../ratings/model.ts';
import { drawableNames } from './drawable-names.ts';
import type { LeaderboardPicture } from './leaderboard-image.ts';
import type { RatingChartData } from './rating-chart.ts';

/** "3 games", "1 victoria": a count with its noun, in `language` (`key` is `rating.count.*`). */
export function countOf(language: string, key: string, n: number): string {
  return t(language, `rating.count.${key}`, { n, count: formatCount(n, language) });
}

/** Names the font can draw; one with nothing drawable left is "Player N" in `language`. */
export function drawnNames(given: readonly string[], language: string): string[] {
  return drawableNames(given).map((name, k) =>
    name === `Player ${k + 1}` && given[k] !== name
      ? t(language, 'rating.picture.unnamed', { n: k + 1 })
      : name,
  );
}

export function describeLeaderboard(board: LeaderboardPicture): string {
  const lang = board.language;
  const head = t(lang, 'leaderboard.alt', {
    game: board.game,
    scope: board.scope,
    page: formatCount(board.page, lang),
    pages: formatCount(board.pages, lang),
    players: countOf(lang, 'rated-players', board.players),
  });
  if (board.rows.length === 0) return `${head} ${t(lang, 'leaderboard.alt-empty')}`;
  const rows = board.rows.map(
    (r) =>
      `${formatCount(r.place, lang)}. ${r.name}: ${formatRating(r.rating, lang)}, ${countOf(lang, 'games', r.games)}, ${countOf(lang, 'wins', r.wins)}`,
  );
  return `${head} ${rows.join('; ')}.`;
}

export function describeRatingChart(data: RatingChartData): string {
  const lang = data.language;
  const games = data.points.length - 1;
  const first = data.points[0];
  const last = data.points.at(-1);
  if (!first || !last) return t(lang, 'rating.chart.alt-none', { name: data.name, scope: data.scope });
  let best = 0;
  data.points.forEach((p, k) => {
    if (p.rating > (data.points[best]?.rating ?? Number.NEGATIVE_INFINITY)) best = k;
  });
  const peak = data.points[best] as (typeof data.points)[number];
  return t(lang, 'rating.chart.alt', {
    name: data.name,
    scope: data.scope,
    games: countOf(lang, 'rated-games', games),
    first: formatRating(first.rating, lang),
    last: formatRating(last.rating, lang),
    mu: formatRating(last.mu, lang),
    peak: formatRating(peak.rating, lang),
    best,
    bestText: formatCount(best, lang),
  });
}
