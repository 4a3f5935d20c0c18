/**
 * A finished game of a tournament table becomes the table's result, exactly once, whatever crashes.
 *
 * The intent is a schedule row, `tournament-result:<game>`, planned in the transaction of the move that
 * finishes the game (turn-plan.ts, beside the key moments' row): the game cannot be finished and its result
 * forgotten. Its handler reports the game's places to the tournament (`TournamentDesk.act`, the core's
 * `report`); the result that completes a round makes the next one, and that write plans the next round's
 * tables row (tournament-tables.ts). A crash before the report leaves the row due: it fires again at the
 * next start. A crash after the report and before the row closes fires it again too: the same result again
 * is the core's no-op, and the store keeps one result per table (its key), so it counts once.
 *
 * Why an intent row rather than a reconciling sweep alone: the row fires seconds after the game ends on
 * whichever process holds the game's shard, with no scan of every tournament; the sweep at start
 * (`sweep`) is kept as a backstop for what no row covers (a game finished before this code existed, a row
 * closed with its game's channel when the thread was deleted).
 *
 * A game of a table that was cancelled (someone used `/manage cancel`, its thread was deleted) has no
 * places, and nobody can play it on: its table's result is every seat sharing the place (`ending:
 * 'cancelled'`: each scores the table's average, as a bye does), reported by the round's deadline, which
 * keeps looking until every table has a result, or by the sweep at start, whichever comes first (the many
 * ways a game is cancelled plan no row). So it never wedges the round beyond its deadline.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Outcome } from '../../games/kernel/types.ts';
import type { GameRecord, PlannedRow, ScheduledRow } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';
import type { TournamentTableRef } from '../../store/tournament-records.ts';
import type { Placement } from '../../tournaments/model.ts';
import type { Scheduler } from '../scheduler.ts';
import { endingOf } from './tournament-deadlines.ts';
import type { TournamentDesk } from './tournament-desk.ts';

export const TOURNAMENT_RESULT = 'tournament-result';
/** A report refused because the tournament changed too often meanwhile is tried again this much later. */
const BUSY_RETRY_MS = 60_000;

/** The intent row of a finished game made for a tournament's table (none for any other game). */
export function resultRows(
  game: GameRecord,
  table: TournamentTableRef | null | undefined,
  now: number,
): PlannedRow[] {
  if (game.status !== 'finished' || !table) return [];
  return [
    {
      key: `${TOURNAMENT_RESULT}:${game.id}`,
      gameId: game.id,
      kind: TOURNAMENT_RESULT,
      dueAt: new Date(now),
      payload: { tournament: table.tournamentId, table: table.tableId },
    },
  ];
}

/**
 * Each seat's place from the game's outcome, as a competition ranking (1, 1, 3): one more than the number
 * of seats ranked strictly better, whatever numbering the game used for shared ranks.
 */
export function seatPlaces(outcome: Outcome, seats: number): number[] {
  const rankOf = new Map(outcome.results.map((r) => [r.seat, r.rank]));
  const ranks = Array.from({ length: seats }, (_, seat) => rankOf.get(seat));
  if (ranks.some((r) => r === undefined)) throw new Error('the outcome does not rank every seat');
  return ranks.map((r) => 1 + ranks.filter((o) => (o as number) < (r as number)).length);
}

export class TournamentResults {
  constructor(
    private readonly store: Store,
    private readonly desk: TournamentDesk,
    scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    scheduler.on(TOURNAMENT_RESULT, (row) => this.fire(row));
  }

  private async fire(row: ScheduledRow): Promise<void> {
    if (row.gameId === null) return;
    if ((await this.report(row.gameId)) === 'busy')
      await this.store.schedule.postpone(row.id, new Date(this.clock.now() + BUSY_RETRY_MS));
  }

  /**
   * Reports the game's places as its table's result (a no-op when already reported). Returns what
   * happened: 'busy' only when the tournament kept changing under it (the caller tries again later).
   */
  async report(gameId: number): Promise<'reported' | 'same' | 'busy' | 'not-reported'> {
    const ref = await this.store.tournaments.tableOfGame(gameId);
    const game = await this.store.findGame(gameId);
    if (!ref || !game) return 'not-reported';
    const where = { tournament: ref.tournamentId, table: ref.tableId, gameId };
    const cancelled = game.status === 'cancelled';
    if (cancelled) this.log.warn(where, "a tournament table's game was cancelled: its seats share the place");
    else if (game.status !== 'finished' || !game.outcome) return 'not-reported';
    const outcome = game.outcome;
    const ending = cancelled ? 'cancelled' : await endingOf(this.store, game);
    const done = await this.desk.act(ref.tournamentId, (t, now) => {
      const table = t.rounds.flatMap((r) => r.tables).find((x) => x.id === ref.tableId);
      if (!table) return [];
      const places = outcome && !cancelled ? seatPlaces(outcome, table.seats.length) : null;
      // The game was seated in the table's order: seat i is the table's i-th person.
      const ranked: Placement[] = table.seats.map((userId, i) => ({ userId, place: places?.[i] ?? 1 }));
      return [{ type: 'report', tableId: ref.tableId, places: ranked, ending, at: now }];
    });
    if (done.ok) return done.changed ? 'reported' : 'same';
    if (done.refusal.code === 'busy') {
      this.log.warn(where, 'a tournament result could not be written (busy): tried again later');
      return 'busy';
    }
    // A tournament cancelled or finished meanwhile, or a different result already stored: nothing to add.
    this.log.warn({ ...where, refusal: done.refusal }, 'a tournament result was refused');
    return 'not-reported';
  }

  /**
   * At start: every table of this process's running or paused tournaments whose game finished or was
   * cancelled without a result stored is reported now (the backstop described above).
   */
  async sweep(guildIds: Iterable<string>): Promise<void> {
    for (const guildId of guildIds)
      for (const summary of await this.store.tournaments.inGuild(guildId, ['running', 'paused'])) {
        const s = await this.store.tournaments.get(summary.id);
        if (!s) continue;
        for (const round of s.tournament.rounds)
          for (const table of round.tables) {
            const gameId = s.games[table.id];
            if (gameId === undefined || round.results[table.id]) continue;
            try {
              await this.report(gameId);
            } catch (err) {
              this.log.error({ err, tournament: summary.id, gameId }, 'could not report a tournament result');
            }
          }
      }
  }
}
