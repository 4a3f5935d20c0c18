import { describe, expect, it } from 'vitest';
import { finishedGamesOf, summarize } from '../../src/ratings/player-stats.ts';
import { computer, finishVerdict, person, playVerdict, ratingStore, startVerdict } from './helpers.ts';

describe('player stats', () => {
  it('a user with no games has zero games and no averages', () => {
    const { store } = ratingStore();
    const played = finishedGamesOf(store.database.db, {
      gameType: 'verdict',
      userId: 'nobody',
      guildId: null,
    });
    expect(played).toEqual([]);
    expect(summarize(played, () => [{ set: 'never', distinct: 1 }])).toEqual({
      games: 0,
      shared: 0,
      wins: 0,
      winRate: null,
      averageScore: null,
      bestScore: null,
      favouriteSets: [],
    });
  });

  it('counts finished games (casual ones too), wins, scores and favourite sets, per server or everywhere', () => {
    const { store } = ratingStore();
    playVerdict(store, { seats: [person(1), person(2)], ranks: [1, 2], guildId: 'g1' }); // u1 scores 90
    playVerdict(store, { seats: [person(2), person(1), computer()], ranks: [1, 3, 2], guildId: 'g1' }); // 70
    playVerdict(store, { seats: [person(1), person(3)], ranks: [1, 1], guildId: 'g2', rated: false }); // 90
    startVerdict(store, { seats: [person(1), person(2)], guildId: 'g1' }); // still running: not counted
    const everywhere = finishedGamesOf(store.database.db, {
      gameType: 'verdict',
      userId: 'u1',
      guildId: null,
    });
    const here = finishedGamesOf(store.database.db, { gameType: 'verdict', userId: 'u1', guildId: 'g1' });
    expect(here.map((g) => [g.seat, g.rank, g.score, g.players])).toEqual([
      [0, 1, 90, 2],
      [1, 3, 70, 3],
    ]);
    // A stand-in for a game's sets: seat 0 "collects" statues, everyone "collects" books.
    const sets = (_state: unknown, seat: number) =>
      seat === 0
        ? [
            { set: 'statues', distinct: 3 },
            { set: 'books', distinct: 1 },
          ]
        : [{ set: 'books', distinct: 2 }];
    expect(summarize(everywhere, sets)).toEqual({
      games: 3,
      shared: 0,
      wins: 2,
      winRate: 2 / 3,
      averageScore: (90 + 70 + 90) / 3,
      bestScore: 90,
      favouriteSets: [
        { set: 'books', games: 3, distinct: 4 },
        { set: 'statues', games: 2, distinct: 6 },
      ],
    });
    expect(summarize(here).favouriteSets).toEqual([]);
    expect(here[0]?.state()).toMatchObject({ ranks: [1, 2] });
  });

  it('counts a game whose seat changed hands as played, but not in the wins, scores or sets', () => {
    const { store } = ratingStore();
    playVerdict(store, { seats: [person(1), person(2)], ranks: [2, 1], guildId: 'g1' }); // u1 scores 80
    // u1 leaves the seat to a computer, which then wins it.
    const left = startVerdict(store, { seats: [person(1), person(2)], guildId: 'g1' });
    store.lobbies.replaceSeat(left, 0, computer());
    finishVerdict(store, left, [1, 2]);
    const played = finishedGamesOf(store.database.db, { gameType: 'verdict', userId: 'u1', guildId: null });
    expect(played.map((g) => [g.gameId, g.rank, g.whole])).toEqual([
      [1, 2, true],
      [left, 1, false],
    ]);
    expect(summarize(played)).toEqual({
      games: 2,
      shared: 1,
      wins: 0,
      winRate: 0,
      averageScore: 80,
      bestScore: 80,
      favouriteSets: [],
    });
  });
});
