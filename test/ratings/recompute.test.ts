import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextInt, type RngState, seedRng } from '../../src/games/kernel/rng.ts';
import { getGame } from '../../src/games/registry.ts';
import { columns, READS, ratableGames, recomputation } from '../../src/ratings/rating-steps.ts';
import { seasonScope } from '../../src/ratings/seasons.ts';
import type { GameStore } from '../../src/store/game-store.ts';
import type { Participant } from '../../src/store/records.ts';
import { games, seats } from '../../src/store/schema.ts';
import { randomMove } from '../store/helpers/random-play.ts';
import { computer, finishVerdict, person, playVerdict, ratingStore, startVerdict } from './helpers.ts';

const pick = <T>(rng: RngState, items: readonly T[]): T => items[nextInt(rng, items.length)] as T;

/**
 * A season: games opened and finished in an interleaved order, in three places (two servers and no server),
 * rated, casual or automatic, some with computer players, some cancelled or handed over mid-game, played
 * out with random legal moves; the clock sometimes stands still and sometimes steps back.
 */
function playSeason(store: GameStore, clock: { now: number; step: number }, rng: RngState, games: number) {
  const running: number[] = [];
  let opened = 0;
  while (opened < games || running.length > 0) {
    clock.step = pick(rng, [0, 1, 1, 7, 1000]);
    if (nextInt(rng, 10) === 0) clock.now -= 5000;
    if (opened < games && (running.length === 0 || nextInt(rng, 3) === 0)) {
      const people = 2 + nextInt(rng, 3);
      const users = [...Array(8).keys()].sort(() => nextInt(rng, 3) - 1).slice(0, people);
      const seats: Participant[] = users.map((u) => person(u));
      if (people < 4 && nextInt(rng, 3) === 0) seats.push(computer());
      const type = pick(rng, ['dice-race', 'verdict']);
      const lobby = store.lobbies.create({
        type,
        guildId: pick(rng, ['g1', 'g2', null]),
        channelId: 'c',
        seed: `season-${opened}`,
        options: type === 'dice-race' ? { goal: 12 } : {},
        seats,
        rated: pick(rng, [null, null, true, false]),
      });
      running.push(store.startGame(lobby.id).id);
      opened++;
      continue;
    }
    const id = running.splice(nextInt(rng, running.length), 1)[0] as number;
    const roll = nextInt(rng, 12);
    if (roll === 0) {
      store.cancelGame(id);
      continue;
    }
    if (roll === 1) store.lobbies.replaceSeat(id, 0, computer('Seti'));
    const game = store.getGame(id);
    if (game.type === 'verdict') {
      const ranks = game.seats.map(() => 1 + nextInt(rng, game.seats.length));
      store.applyAction(id, { seat: 0, action: { ranks }, expectedVersion: 0 });
    } else {
      for (;;) {
        const g = store.getGame(id);
        const move = randomMove(getGame(g.type), g.state, rng);
        if (!move) break;
        store.applyAction(id, { ...move, expectedVersion: g.version });
      }
    }
  }
}

describe('recompute', () => {
  it.each(['spring', 'summer', 'autumn'])(
    'gives exactly what the games wrote one by one (%s season)',
    (seed) => {
      const { store, clock } = ratingStore();
      playSeason(store, clock, seedRng(seed), 60);
      const incremental = store.ratings.snapshot();
      expect(incremental.changes.length).toBeGreaterThan(20);
      const scopes = new Set(incremental.ratings.map((r) => r.scope));
      expect(new Set([...scopes].filter((s) => !s.includes(':')))).toEqual(new Set(['g1', 'g2', 'global']));
      // The season boards too: the games run from December into January, two monthly seasons in each scope.
      expect([...scopes].filter((s) => s.includes(':')).sort()).toEqual(
        expect.arrayContaining(['g1:2025-12', 'g1:2026-01', 'global:2025-12', 'global:2026-01']),
      );
      const report = store.ratings.recompute();
      expect(store.ratings.snapshot()).toEqual(incremental);
      expect(report.ratings).toBe(incremental.ratings.length);
      expect(report.ratedGames).toBe(new Set(incremental.changes.map((c) => c.gameId)).size);
      // And again: a recompute is idempotent.
      store.ratings.recompute();
      expect(store.ratings.snapshot()).toEqual(incremental);
    },
  );

  it('a game finishing before one already rated (same millisecond, or a clock that stepped back) is put in its place', () => {
    const { store, clock } = ratingStore();
    const a = startVerdict(store, { seats: [person(1), person(2)] });
    const b = startVerdict(store, { seats: [person(1), person(2)] });
    clock.step = 0;
    finishVerdict(store, b, [1, 2]);
    finishVerdict(store, a, [2, 1]); // same millisecond, smaller id: sorts first
    clock.step = 1;
    clock.now -= 60_000;
    playVerdict(store, { seats: [person(2), person(3)], ranks: [1, 2] }); // finished "before" both
    const incremental = store.ratings.snapshot();
    expect(incremental.changes.filter((c) => c.scope === 'global').map((c) => c.gameId)).toEqual([
      a,
      a,
      b,
      b,
      3,
      3,
    ]);
    // The history is in finishing order, each step starting where the previous one ended.
    const history = store.ratings.history({ gameType: 'verdict', scope: 'global' }, 'u2');
    expect(history.map((h) => h.gameId)).toEqual([3, a, b]);
    expect(history[1]!.before).toEqual(history[0]!.after);
    expect(history[2]!.before).toEqual(history[1]!.after);
    store.ratings.recompute();
    expect(store.ratings.snapshot()).toEqual(incremental);
  });
});

describe('a season’s board', () => {
  it('equals the ratings computed from that season’s games alone', () => {
    const { store, clock } = ratingStore();
    playSeason(store, clock, seedRng('winter'), 60);
    const db = store.database.db;
    const rows = db
      .select(columns(games, READS.finishedGame))
      .from(games)
      .where(eq(games.status, 'finished'))
      .all();
    const seatRows = db
      .select(columns(seats, READS.seat))
      .from(seats)
      .orderBy(asc(seats.gameId), asc(seats.seat))
      .all();
    const finished = ratableGames(rows, seatRows);
    const snapshot = store.ratings.snapshot();
    let compared = 0;
    for (const scope of ['g1', 'g2', 'global']) {
      for (const season of store.ratings.seasons(scope)) {
        // That season's games of that scope, rated from nothing as if they were the only games ever.
        const alone = recomputation(
          finished.filter((g) => {
            const at = g.finishedAt?.getTime() ?? Number.NaN;
            return (scope === 'global' || g.guildId === scope) && season.startsAt <= at && at < season.endsAt;
          }),
        );
        const key = (r: { gameType: string; userId: string }) => `${r.gameType}/${r.userId}`;
        const expected = new Map(alone.ratings.filter((r) => r.scope === scope).map((r) => [key(r), r]));
        const board = snapshot.ratings.filter((r) => r.scope === seasonScope(scope, season.name));
        expect(board.length, `${scope} ${season.name}`).toBe(expected.size);
        for (const r of board) {
          const e = expected.get(key(r));
          expect([r.mu, r.sigma, r.games, r.wins], `${scope} ${season.name} ${key(r)}`).toEqual([
            e?.mu,
            e?.sigma,
            e?.games,
            e?.wins,
          ]);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
  });
});
