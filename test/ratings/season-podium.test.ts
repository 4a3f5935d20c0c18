import { describe, expect, it } from 'vitest';
import type { BoardRow } from '../../src/ratings/rating-records.ts';
import { seasonFigures } from '../../src/ratings/season-podium.ts';
import { type OpenedSeason, seasonAt } from '../../src/ratings/seasons.ts';
import type { GameSummary } from '../../src/store/records.ts';

const season: OpenedSeason = {
  scope: 'g',
  ...seasonAt(Date.parse('2026-10-10T00:00:00Z'), 'monthly', 'UTC'),
};
const at = (iso: string) => new Date(iso);
const game = (id: number, channelId: string, started: string, finished: string | null, status = 'finished') =>
  ({
    id,
    type: 'valley',
    status,
    version: 1,
    guildId: 'g',
    channelId,
    threadId: null,
    hostUserId: null,
    createdAt: at(started),
    updatedAt: at(started),
    startedAt: at(started),
    finishedAt: finished ? at(finished) : null,
  }) as GameSummary;
const row = (userId: string, games: number, display: number): BoardRow => ({
  place: 1,
  userId,
  displayName: `Name ${userId}`,
  skill: { mu: 25, sigma: 8 },
  display,
  games,
  wins: 0,
});

describe('a season’s figures', () => {
  it('count the season’s finished games, where most were played, the longest, and who played most', () => {
    const figures = seasonFigures(
      season,
      [
        game(1, 'c1', '2026-10-01T00:00:00Z', '2026-10-03T00:00:00Z'),
        game(2, 'c2', '2026-10-02T00:00:00Z', '2026-10-02T05:00:00Z'),
        game(3, 'c2', '2026-10-04T00:00:00Z', '2026-10-04T01:00:00Z'),
        // Finished in September or November, or not finished: not this season's.
        game(4, 'c1', '2026-09-20T00:00:00Z', '2026-09-30T23:59:59Z'),
        game(5, 'c1', '2026-10-30T00:00:00Z', '2026-11-01T00:00:00Z'),
        game(6, 'c1', '2026-10-05T00:00:00Z', null, 'active'),
      ],
      // u2 played 3 Valley and 2 Archaeology games: 5 in all, more than u1's 4.
      [row('u1', 4, 10), row('u2', 3, 2), row('u2', 2, 1)],
    );
    expect(figures).toEqual({
      games: 3,
      mostActive: { name: 'Name u2', games: 5 },
      longest: { gameId: 1, type: 'valley', ms: 2 * 86_400_000 },
      channelId: 'c2',
    });
  });

  it('of a season nobody played are empty', () => {
    expect(seasonFigures(season, [], [])).toEqual({
      games: 0,
      mostActive: null,
      longest: null,
      channelId: null,
    });
  });
});
