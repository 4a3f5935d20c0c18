import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { TableHarness } from './harness.ts';
import { counts, killChildren, playInChildAndKill } from './tournament-kill.ts';
import {
  avoidableRepeats,
  checkPlayed,
  checkSwissStandings,
  openTournament,
  playUntil,
  tournamentHarness,
} from './tournament-play.ts';

/**
 * A bot process killed with SIGKILL in the middle of a tournament (4 at one four-seat table, 2 rounds): it
 * makes round one's game and plays it (every entrant away: the stand-in plays), and is killed as soon as
 * its result is stored, while round two's game is being made or played. A new bot on the same database
 * finishes the tournament: each table got one game (made once, whatever the dead process had begun), each
 * result counts once, and the standings are those the games' outcomes give. The 64-player run does the
 * same mid-round (tournament-long-runs.test.ts).
 */
const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
let h: TableHarness;

beforeAll(async () => {
  h = await tournamentHarness(clock);
}, 60_000);
afterAll(async () => {
  killChildren();
  await h?.stop();
});

describe('a tournament through a SIGKILL', () => {
  it('the restarted bot finishes it: each round’s games made once, each result counted once', async () => {
    const made = await openTournament(h, clock, 4, { 'table-size': 4, rounds: 2 });
    // Killed as soon as round one's result is stored: round two is being made, its game made or begun.
    const atKill = await playInChildAndKill(h, clock, made, (c) => c.results > 0);
    expect(atKill.results).toBeLessThan(2);
    const s = await playUntil(h, made.id);
    checkPlayed(h, s);
    checkSwissStandings(h, s);
    expect(avoidableRepeats(s.tournament)).toEqual([]);
    expect(counts(h, made.id)).toEqual({ results: 2, games: 2, status: 'finished' });
    for (const round of [1, 2])
      expect(h.store.schedule.find(`tournament-tables:${made.id}:${round}`)).toMatchObject({
        outcome: 'fired',
      });
  }, 300_000);
});
