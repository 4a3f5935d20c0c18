import { describe, expect, it } from 'vitest';
import type { RatableGame } from '../../src/ratings/eligibility.ts';
import { displayRating, INITIAL_SKILL, updateSkills } from '../../src/ratings/model.ts';
import {
  type CurrentRating,
  finishStep,
  type RatedGame,
  ratableGames,
  ratedGame,
  ratingKeys,
  ratingOrder,
  ratingWrites,
  recomputation,
} from '../../src/ratings/rating-steps.ts';
import { GLOBAL_SCOPE } from '../../src/ratings/scopes.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

/** A finished game: people `u<n>` (null: a computer) in seat order, finishing at these places. */
function finished(
  id: number,
  users: readonly (number | null)[],
  ranks: readonly number[],
  more: Partial<RatableGame> = {},
): RatableGame {
  return {
    id,
    type: 'verdict',
    status: 'finished',
    guildId: 'g1',
    rated: true,
    handedOver: false,
    outcome: {
      results: ranks.map((rank, seat) => ({ seat, rank, score: 10 - rank, tieBreakers: [] })),
      summary: { key: 'x' },
    },
    finishedAt: at(id),
    seats: users.map((u, seat) => ({
      seat,
      userId: u === null ? null : `u${u}`,
      displayName: u === null ? 'Khufu' : `User ${u}`,
    })),
    ...more,
  };
}

const rated = (game: RatableGame): RatedGame => {
  const r = ratedGame(game);
  if (!r) throw new Error('not rated');
  return r;
};

describe('rating steps', () => {
  it('a rated game names its people, computers left out; an unrated one rates nothing', () => {
    const game = rated(finished(7, [1, null, 2], [3, 1, 2], { guildId: null }));
    expect(game).toMatchObject({ id: 7, type: 'verdict', guildId: null, finishedAt: at(7) });
    expect(game.entrants.map((e) => [e.userId, e.seat, e.rank])).toEqual([
      ['u1', 0, 3],
      ['u2', 2, 2],
    ]);
    expect(ratedGame(finished(1, [1, 2], [1, 2], { rated: false }))).toBeUndefined();
    expect(ratedGame(finished(1, [1, 2], [1, 2], { handedOver: true }))).toBeUndefined();
    expect(ratedGame(finished(1, [1, null], [1, 2]))).toBeUndefined();
  });

  it('orders games by finish time, then id', () => {
    expect(ratingOrder({ id: 9, finishedAt: at(1) }, { id: 2, finishedAt: at(2) })).toBeLessThan(0);
    expect(ratingOrder({ id: 2, finishedAt: at(5) }, { id: 9, finishedAt: at(5) })).toBeLessThan(0);
    expect(ratingOrder({ id: 9, finishedAt: at(5) }, { id: 2, finishedAt: at(5) })).toBeGreaterThan(0);
    expect(ratingOrder({ id: 3, finishedAt: at(5) }, { id: 3, finishedAt: at(5) })).toBe(0);
  });

  it('rates a game alone after every game rated, and recomputes for one that finished before the latest', () => {
    const game = rated(finished(5, [1, 2], [1, 2], { finishedAt: at(100) }));
    expect(finishStep(game, undefined)).toBe('rate');
    expect(finishStep(game, { gameId: 9, finishedAt: at(99) })).toBe('rate');
    expect(finishStep(game, { gameId: 4, finishedAt: at(100) })).toBe('rate');
    // The same millisecond, a larger id: the recompute puts that game after this one.
    expect(finishStep(game, { gameId: 6, finishedAt: at(100) })).toBe('recompute');
    // A clock that stepped back.
    expect(finishStep(game, { gameId: 1, finishedAt: at(101) })).toBe('recompute');
    expect(() => finishStep(game, { gameId: 5, finishedAt: at(100) })).toThrow(/already rated/);
  });

  it('reads the ratings of its type, in its server and globally, of its people', () => {
    expect(ratingKeys(rated(finished(1, [3, null, 4], [1, 2, 3])))).toEqual({
      gameType: 'verdict',
      scopes: ['g1', GLOBAL_SCOPE],
      userIds: ['u3', 'u4'],
    });
    expect(ratingKeys(rated(finished(1, [3, 4], [1, 2], { guildId: null }))).scopes).toEqual([GLOBAL_SCOPE]);
  });

  it('newcomers start from the initial skill; the rows say the rating after and the change', () => {
    const game = rated(finished(3, [1, 2], [2, 1]));
    const writes = ratingWrites(game, []);
    const [loser, winner] = updateSkills([
      { skill: INITIAL_SKILL, rank: 2 },
      { skill: INITIAL_SKILL, rank: 1 },
    ]);
    expect(writes.map((w) => [w.rating.scope, w.rating.userId])).toEqual([
      ['g1', 'u1'],
      ['g1', 'u2'],
      [GLOBAL_SCOPE, 'u1'],
      [GLOBAL_SCOPE, 'u2'],
    ]);
    expect(writes[1]).toEqual({
      rating: {
        gameType: 'verdict',
        scope: 'g1',
        userId: 'u2',
        displayName: 'User 2',
        mu: winner!.mu,
        sigma: winner!.sigma,
        display: displayRating(winner!),
        games: 1,
        wins: 1,
        lastPlayedAt: at(3),
      },
      change: {
        gameId: 3,
        scope: 'g1',
        userId: 'u2',
        gameType: 'verdict',
        seat: 1,
        rank: 1,
        muBefore: INITIAL_SKILL.mu,
        sigmaBefore: INITIAL_SKILL.sigma,
        muAfter: winner!.mu,
        sigmaAfter: winner!.sigma,
        finishedAt: at(3),
      },
    });
    expect(writes[0]?.rating).toMatchObject({ mu: loser!.mu, sigma: loser!.sigma, games: 1, wins: 0 });
  });

  it('a stored rating is where the update starts, in its own scope only; counts go on from it', () => {
    const stored: CurrentRating = { scope: 'g1', userId: 'u1', mu: 30, sigma: 5, games: 4, wins: 3 };
    // A shared first place: a win for both.
    const writes = ratingWrites(rated(finished(3, [1, 2], [1, 1])), [stored]);
    const after = updateSkills([
      { skill: { mu: 30, sigma: 5 }, rank: 1 },
      { skill: INITIAL_SKILL, rank: 1 },
    ]);
    expect(writes[0]?.change).toMatchObject({ muBefore: 30, sigmaBefore: 5, muAfter: after[0]!.mu });
    expect(writes[0]?.rating).toMatchObject({ mu: after[0]!.mu, games: 5, wins: 4 });
    expect(writes[1]?.rating).toMatchObject({ mu: after[1]!.mu, games: 1, wins: 1 });
    // The global scope knows nothing of u1 yet.
    expect(writes[2]?.change).toMatchObject({ scope: GLOBAL_SCOPE, muBefore: INITIAL_SKILL.mu });
    expect(writes[2]?.rating).toMatchObject({ games: 1, wins: 1 });
  });

  it('a recompute rates in finishing order whatever order it reads, each game from the one before', () => {
    const first = finished(2, [1, 2], [1, 2], { finishedAt: at(50) });
    const second = finished(1, [2, 1], [1, 2], { finishedAt: at(50), guildId: 'g2' });
    const third = finished(3, [1, 3], [2, 1], { finishedAt: at(10) });
    const casual = finished(4, [1, 3], [2, 1], { rated: false });
    const result = recomputation([first, casual, second, third]);
    expect(result.ratedGames).toBe(3);
    expect(result.changes.filter((c) => c.scope === GLOBAL_SCOPE).map((c) => c.gameId)).toEqual([
      3, 3, 1, 1, 2, 2,
    ]);
    // Folding ratingWrites by hand gives the same rows.
    const w3 = ratingWrites(rated(third), []);
    const w1 = ratingWrites(
      rated(second),
      w3.map((w) => w.rating),
    );
    const w2 = ratingWrites(
      rated(first),
      [...w3, ...w1].map((w) => w.rating).filter((r) => r.scope !== 'g2'),
    );
    expect(result.changes).toEqual([...w3, ...w1, ...w2].map((w) => w.change));
    const u1 = result.ratings.find((r) => r.scope === GLOBAL_SCOPE && r.userId === 'u1');
    expect(u1).toEqual(w2.find((w) => w.rating.scope === GLOBAL_SCOPE && w.rating.userId === 'u1')?.rating);
    expect(u1).toMatchObject({ games: 3, wins: 1, lastPlayedAt: at(50) });
    expect(result.ratings).toHaveLength(3 /* g1 */ + 2 /* g2 */ + 3 /* global */);
  });

  it('a recompute keeps each game type apart', () => {
    const verdict = finished(1, [1, 2], [1, 2]);
    const dice = finished(2, [1, 2], [1, 2], { type: 'dice-race' });
    const result = recomputation([verdict, dice]);
    expect(result.ratings).toHaveLength(8);
    const u1 = result.ratings.filter((r) => r.userId === 'u1' && r.scope === 'g1');
    expect(u1.map((r) => [r.gameType, r.games, r.mu])).toEqual([
      ['verdict', 1, u1[0]!.mu],
      ['dice-race', 1, u1[0]!.mu],
    ]);
    expect(result.changes.every((c) => c.muBefore === INITIAL_SKILL.mu)).toBe(true);
  });

  it('nothing finished, nothing rated', () => {
    expect(recomputation([])).toEqual({ ratedGames: 0, ratings: [], changes: [] });
  });

  it('puts the seats read with the finished games to their games, and reads the outcome', () => {
    const game = finished(1, [1, null], [2, 1]);
    const { seats, outcome, ...row } = game;
    const games = ratableGames(
      [
        { ...row, outcome: JSON.stringify(outcome) },
        { ...row, id: 2, outcome: null },
      ],
      seats.map((s) => ({ ...s, gameId: 1 })),
    );
    expect(games).toEqual([game, { ...game, id: 2, outcome: null, seats: [] }]);
  });
});
