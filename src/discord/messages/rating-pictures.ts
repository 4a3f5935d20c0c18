import { type LeaderboardPicture, renderLeaderboard } from '../../render/leaderboard-image.ts';
import { describePodium, type PodiumPicture, renderPodium } from '../../render/podium-image.ts';
import { type RatingChartData, renderRatingChart } from '../../render/rating-chart.ts';
import { describeLeaderboard, describeRatingChart } from '../../render/rating-text.ts';
import type { Picture } from '../../table-kit/context.ts';
import { clip } from '../../table-kit/payload.ts';

/**
 * Pictures of ratings: a board page and a rating history, the same for every game. A port, so tests
 * and benchmarks can draw nothing; `canvasRatingPictures` draws them with @napi-rs/canvas (src/render).
 */
export interface RatingPictures {
  leaderboard(board: LeaderboardPicture): Picture;
  ratingChart(chart: RatingChartData): Picture;
  podium(podium: PodiumPicture): Picture;
}

/** Each picture comes with its text equivalent; Discord limits an attachment's description to 1024 characters. */
export const canvasRatingPictures: RatingPictures = {
  leaderboard: (board) => ({ png: renderLeaderboard(board), alt: clip(describeLeaderboard(board), 1024) }),
  ratingChart: (chart) => ({ png: renderRatingChart(chart), alt: clip(describeRatingChart(chart), 1024) }),
  podium: (podium) => ({ png: renderPodium(podium), alt: clip(describePodium(podium), 1024) }),
};
