import type { LeaderboardPicture } from '../../render/leaderboard-image.ts';
import type { RatingChartData } from '../../render/rating-chart.ts';
import type { Picture } from './context.ts';

/**
 * Pictures of ratings: a board page and a rating history. A port of its own beside `Pictures`, so the
 * game pictures' implementations need nothing new. Implemented with @napi-rs/canvas in src/render.
 */
export interface RatingPictures {
  leaderboard(board: LeaderboardPicture): Picture;
  ratingChart(chart: RatingChartData): Picture;
}
