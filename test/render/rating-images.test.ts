import { describe, expect, it } from 'vitest';
import {
  LEADERBOARD_W,
  type LeaderboardPicture,
  leaderboardHeight,
  renderLeaderboard,
} from '../../src/render/leaderboard-image.ts';
import { CHART_H, CHART_W, renderRatingChart } from '../../src/render/rating-chart.ts';
import { describeLeaderboard, describeRatingChart } from '../../src/render/rating-text.ts';
import { decode, pngSize } from './png-util.ts';

const board: LeaderboardPicture = {
  game: 'Valley of the Kings',
  scope: 'All servers',
  language: 'en',
  page: 2,
  pages: 3,
  players: 23,
  rows: [
    { place: 11, name: 'Amunet', rating: 4.25, games: 12, wins: 5 },
    { place: 11, name: 'Bek 🐍 the **Bold**', rating: 4.25, games: 9, wins: 0 },
    { place: 13, name: '', rating: -0.04, games: 1, wins: 1 },
  ],
};

describe('rating pictures', () => {
  it('draw a board page as tall as its rows, whatever the names hold', () => {
    const png = renderLeaderboard(board);
    expect(pngSize(png)).toEqual({ width: LEADERBOARD_W, height: leaderboardHeight(3) });
    expect(decode(png).data.length).toBe(LEADERBOARD_W * leaderboardHeight(3) * 4);
    expect(pngSize(renderLeaderboard({ ...board, rows: [] })).height).toBe(leaderboardHeight(0));
  });

  it('draw a rating chart, from a single starting point to a long history', () => {
    const start = { rating: 0, mu: 25 };
    expect(
      pngSize(renderRatingChart({ name: 'Amunet', scope: 'here', language: 'en', points: [start] })),
    ).toEqual({
      width: CHART_W,
      height: CHART_H,
    });
    const long = Array.from({ length: 400 }, (_, k) => ({ rating: k / 20, mu: 25 + Math.sin(k) }));
    expect(
      pngSize(renderRatingChart({ name: 'Amunet', scope: 'here', language: 'en', points: long })).width,
    ).toBe(CHART_W);
    expect(() => renderRatingChart({ name: 'x', scope: 'here', language: 'en', points: [] })).toThrow(
      /starting point/,
    );
  });

  it('say in words what the pictures show', () => {
    expect(describeLeaderboard(board)).toBe(
      'Valley of the Kings leaderboard, All servers, page 2 of 3 (23 rated players). ' +
        '11. Amunet: 4.3, 12 games, 5 wins; 11. Bek 🐍 the **Bold**: 4.3, 9 games, 0 wins; 13. : 0.0, 1 game, 1 win.',
    );
    expect(describeLeaderboard({ ...board, rows: [], players: 0, page: 1, pages: 1 })).toMatch(
      /\(0 rated players\)\. Nobody is rated yet\./,
    );
    expect(
      describeRatingChart({
        name: 'Amunet',
        scope: 'this server',
        language: 'en',
        points: [
          { rating: 0, mu: 25 },
          { rating: 3.2, mu: 27 },
          { rating: 2.1, mu: 26 },
        ],
      }),
    ).toBe(
      'Rating of Amunet, this server, over 2 rated games: from 0.0 to 2.1 (skill estimate μ 26.0); highest 3.2 after game 1.',
    );
  });
});
