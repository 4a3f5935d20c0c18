/** Text equivalents of the leaderboard and the rating chart: message bodies and screen-reader descriptions. */
import { formatRating } from '../ratings/model.ts';
import type { LeaderboardPicture } from './leaderboard-image.ts';
import type { RatingChartData } from './rating-chart.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function describeLeaderboard(board: LeaderboardPicture): string {
  const head = `${board.game} leaderboard, ${board.scope}, page ${board.page} of ${board.pages} (${plural(board.players, 'rated player')}).`;
  if (board.rows.length === 0) return `${head} Nobody is rated yet.`;
  const rows = board.rows.map(
    (r) =>
      `${r.place}. ${r.name}: ${formatRating(r.rating)}, ${plural(r.games, 'game')}, ${plural(r.wins, 'win')}`,
  );
  return `${head} ${rows.join('; ')}.`;
}

export function describeRatingChart(data: RatingChartData): string {
  const games = data.points.length - 1;
  const first = data.points[0];
  const last = data.points.at(-1);
  if (!first || !last) return `Rating of ${data.name}, ${data.scope}: no rated games.`;
  let best = 0;
  data.points.forEach((p, k) => {
    if (p.rating > (data.points[best]?.rating ?? Number.NEGATIVE_INFINITY)) best = k;
  });
  const peak = data.points[best] as (typeof data.points)[number];
  return (
    `Rating of ${data.name}, ${data.scope}, over ${plural(games, 'rated game')}: ` +
    `from ${formatRating(first.rating)} to ${formatRating(last.rating)} ` +
    `(skill estimate μ ${formatRating(last.mu)}); ` +
    `highest ${formatRating(peak.rating)}${best === 0 ? ' at the start' : ` after game ${best}`}.`
  );
}
