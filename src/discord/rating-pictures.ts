import { renderLeaderboard } from '../render/leaderboard-image.ts';
import { renderRatingChart } from '../render/rating-chart.ts';
import { describeLeaderboard, describeRatingChart } from '../render/rating-text.ts';
import { clip } from './messages/payload.ts';
import type { RatingPictures } from './messages/rating-pictures.ts';

/** The canvas renderer behind the `RatingPictures` port; each picture comes with its text equivalent. */
export const canvasRatingPictures: RatingPictures = {
  // Discord limits an attachment's description to 1024 characters.
  leaderboard: (board) => ({ png: renderLeaderboard(board), alt: clip(describeLeaderboard(board), 1024) }),
  ratingChart: (chart) => ({ png: renderRatingChart(chart), alt: clip(describeRatingChart(chart), 1024) }),
};
