import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { standings } from '../../src/tournaments/standings.ts';
import type { TableHarness } from './harness.ts';
import { counts, killChildren, playInChildAndKill } from './tournament-kill.ts';
import {
  checkPlayed,
  checkSwissStandings,
  messageOf,
  openTournament,
  playUntil,
  repeatMeetings,
  roundSeated,
  startTournament,
  tournamentHarness,
} from './tournament-play.ts';

/**
 * The runs, played to the end through the loopback by computer players (tournament-play.ts): a
 * 64-player Swiss at four-seat tables over 5 rounds (80 games of Archaeology, ~8,000 moves, each a board
 * edit on the loopback) through a SIGKILL of the bot process mid-round two and a restart between rounds; a round robin of 6 and an elimination of 16 at
 * four seats. Each table one game, made once, its result its game's places; the round robin seats every
 * pair together; the elimination sends the top two of each table on until one table is left, whose winner
 * tops the standings. Far too long for the suite (minutes on the 2-core machine: src/tournaments/README.md),
 * so they run only when asked:
 *   SCARAB_LONG_TOURNAMENTS=1 npx vitest run --config .config/vitest.config.ts test/discord/tournament-long-runs.test.ts
 * The same checks on smaller tournaments run in the suite (tournament-rounds.test.ts, tournament-crash.test.ts).
 */
const LONG = process.env.SCARAB_LONG_TOURNAMENTS === '1';
const clock = new ManualClock(Date.UTC(2026, 10, 23, 12));
let h: TableHarness;

describe.skipIf(!LONG)('the long tournament runs (SCARAB_LONG_TOURNAMENTS=1)', () => {
  beforeAll(async () => {
    h = await tournamentHarness(clock);
  }, 60_000);
  afterAll(async () => {
    killChildren();
    await h?.stop();
  });

  it('a 64-player Swiss at four seats over 5 rounds, through a SIGKILL mid-round and a restart between rounds', async () => {
    const started = Date.now();
    const made = await openTournament(h, clock, 64, { 'table-size': 4, rounds: 5 });
    // A child bot makes and plays rounds one and two, and is killed with half of round two's results
    // stored: 8 of its games over, 8 going (tournament-kill.ts). The test's bot finishes it.
    const atKill = await playInChildAndKill(h, clock, made, (c) => c.results >= 16 + 8, 1_800_000);
    expect(atKill.results).toBeLessThan(32);
    await playUntil(h, made.id, roundSeated(h, 3), 1_800_000);
    await h.restart();
    const s = await playUntil(h, made.id, undefined, 1_800_000);
    console.log(`64-player Swiss, 80 games: ${Math.round((Date.now() - started) / 1000)} s`);
    checkPlayed(h, s);
    checkSwissStandings(h, s);
    const t = s.tournament;
    expect(t.rounds.map((r) => [r.tables.length, r.byes.length])).toEqual(Array(5).fill([16, 0]));
    // At most 12 earlier opponents each before round 5 and 16 tables: a repeat-free seating always exists
    // (Hajnal–Szemerédi), and the pairing found it every round.
    expect(repeatMeetings(t)).toEqual([]);
    await h.bot.runtime.tournaments.idle();
    expect(messageOf(h, s).text).toContain('Finished.');
    // Each of the 80 tables one game, one result: none lost or doubled by the kill or the restart.
    expect(counts(h, made.id)).toEqual({ results: 80, games: 80, status: 'finished' });
  }, 3_600_000);

  it('a round robin of 6 at four seats: every pair meets, each table one game', async () => {
    const made = await openTournament(h, clock, 6, { format: 'round-robin', 'table-size': 4 });
    await startTournament(h, made);
    const s = await playUntil(h, made.id);
    checkPlayed(h, s);
    const t = s.tournament;
    // 6 at four seats sit 3 + 3 (never 4 + 2), and each round every one of the six plays.
    for (const r of t.rounds) {
      expect(r.tables.map((x) => x.seats.length)).toEqual([3, 3]);
      expect(r.byes).toEqual([]);
    }
    const ids = made.players.map((p) => p.id);
    for (const a of ids)
      for (const b of ids)
        if (a < b)
          expect(
            t.rounds.some((r) => r.tables.some((x) => x.seats.includes(a) && x.seats.includes(b))),
            `${a} and ${b} met`,
          ).toBe(true);
    expect(
      standings(t)
        .map((r) => r.userId)
        .sort(),
    ).toEqual([...ids].sort());
    expect(messageOf(h, s).text).toContain('Finished.');
  }, 300_000);

  it('an elimination of 16 at four seats, the top two of each table on: 4 tables, then 2, then the final', async () => {
    const made = await openTournament(h, clock, 16, { format: 'elimination', 'table-size': 4, advance: 2 });
    await startTournament(h, made);
    const s = await playUntil(h, made.id);
    checkPlayed(h, s);
    const t = s.tournament;
    expect(t.rounds.map((r) => r.tables.length)).toEqual([4, 2, 1]);
    // Two of each table go on, and only people placed in its first two places (a tie at the cut goes to
    // the better seed, the core's rule).
    for (let k = 1; k < t.rounds.length; k++) {
      const before = t.rounds[k - 1];
      const seated = new Set(t.rounds[k]?.tables.flatMap((x) => x.seats) ?? []);
      for (const table of before?.tables ?? []) {
        const on = (before?.results[table.id]?.places ?? []).filter((p) => seated.has(p.userId));
        expect(on, `table ${table.id}`).toHaveLength(2);
        expect(on.every((p) => p.place <= 2)).toBe(true);
      }
    }
    const final = t.rounds.at(-1);
    const winner = final?.results['3.1']?.places.find((p) => p.place === 1)?.userId;
    expect(standings(t)[0]?.userId).toBe(winner);
  }, 300_000);
});
