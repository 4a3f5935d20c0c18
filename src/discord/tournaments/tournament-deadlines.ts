/**
 * A round's deadline (`../../tournaments/README.md`, "Deadlines"): the row `tournament-deadline:<id>:<round>`
 * is planned with the round, due at `round.deadline` (tournament-tables.ts `roundRows`), and moved with the
 * deadline by the write that resumes a paused tournament (`store.tournaments.save`). Whoever fires it claims
 * it for a lease; then each game of the round still going is settled by the organiser's rule:
 *
 * - `as-it-stands`: finished in one write as the position stands (`TableService.settle`,
 *   `store.settleAsItStands`): an ordinary finished game with places, marked, whose results are posted
 *   and whose end is reported as any finished game's;
 * - `stand-in`: its every-seat stand-in-from-now row is planned (turn-plan.ts): once fired, the computer
 *   plays every person's seat to the end, their timers closed, the board saying the deadline passed; it then
 *   ends as any game.
 *
 * Before that, the entrants who left the server are dropped (tournament-drops.ts), so that no round made
 * from these results seats them.
 *
 * A table whose game was cancelled gets its result (every seat sharing the place) from `reportCancelled`.
 * While the stand-in plays games out, the row is looked at again every 15 minutes until the round is
 * complete, so a game cancelled meanwhile still gets its result. A round already complete, a later round made, or a
 * cancelled tournament close the row as obsolete. While
 * paused the row waits (the resume moves it); a deadline moved later than the row is postponed to it. A
 * table whose game does not exist yet (its games are made by the round's own row) is looked at again soon.
 * Settling twice is harmless (only an active game is settled; a stand-in row is planned once by its
 * key), so a holder that died mid-way is simply redone by the next one.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { GameRecord, PlannedRow, ScheduledRow } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';
import { deadlineKey } from '../../store/tournament-records.ts';
import { complete } from '../../tournaments/events.ts';
import type { Ending, Round, Tournament } from '../../tournaments/model.ts';
import type { Scheduler } from '../scheduler.ts';
import type { TableService } from '../table-service.ts';
import type { Tables } from '../tables.ts';
import { STAND_IN_FROM_NOW, standInKey } from '../turn-plan.ts';

export const TOURNAMENT_DEADLINE = 'tournament-deadline';
/** Far longer than settling a round's games takes; how late they are when the holder dies. */
const LEASE_MS = 10 * 60_000;
/** A table whose game is not made yet is looked at again this much later. */
const AGAIN_MS = 60_000;
/** A round past its deadline and not yet complete (its games played out) is looked at again this often. */
const WATCH_MS = 15 * 60_000;

/** The row of `round`'s deadline. */
export function deadlineRow(tournamentId: number, round: Round): PlannedRow {
  return {
    key: deadlineKey(tournamentId, round.number),
    gameId: null,
    kind: TOURNAMENT_DEADLINE,
    dueAt: new Date(round.deadline),
    payload: { tournament: tournamentId, round: round.number },
  };
}

/** The row that has the computer play `seat` (or every seat) of `gameId` from `at` on (turn-timers.ts). */
export function standInRow(gameId: number, seat: number | 'all', at: number): PlannedRow {
  return {
    key: standInKey(gameId, seat),
    gameId,
    kind: STAND_IN_FROM_NOW,
    dueAt: new Date(at),
    payload: { seat },
  };
}

export class TournamentDeadlines {
  constructor(
    private readonly tables: Tables,
    private readonly table: TableService,
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** Redraws the tournament's message. */
    private readonly redraw: (tournamentId: number) => Promise<void>,
    /** Drops the entrants who left the server, by the rule, before the round's games are settled. */
    private readonly leavers: (tournamentId: number) => Promise<void> = async () => {},
    /** Reports a table's game that was cancelled (its seats share the place: tournament-results.ts). */
    private readonly reportCancelled: (gameId: number) => Promise<unknown> = async () => {},
  ) {
    scheduler.on(TOURNAMENT_DEADLINE, (row) => this.due(row));
  }

  async due(row: ScheduledRow): Promise<void> {
    const store = this.tables.store;
    const now = this.clock.now();
    if (!(await store.schedule.claim(row.id, new Date(now), new Date(now + LEASE_MS)))) return;
    const { tournament: id, round: number } = row.payload as { tournament: number; round: number };
    const s = await store.tournaments.get(id);
    const t = s?.tournament;
    const round = t?.rounds[number - 1];
    if (!s || !t || !round || !inPlay(t, round)) {
      await store.schedule.markDone(row.id, 'obsolete');
      return;
    }
    // Paused: the resume moves this row to the round's new deadline; until then it only waits.
    if (t.status === 'paused') {
      await store.schedule.postpone(row.id, new Date(now + t.settings.roundMs));
      return;
    }
    if (round.deadline > now) {
      await store.schedule.postpone(row.id, new Date(round.deadline));
      return;
    }
    await this.leavers(id);
    let unmade = false;
    let playing = false;
    for (const table of round.tables) {
      if (round.results[table.id]) continue;
      const gameId = s.games[table.id];
      const game = gameId === undefined ? undefined : await store.findGame(gameId);
      if (!game || game.status === 'lobby') {
        unmade = true;
        continue;
      }
      try {
        if (game.status === 'cancelled') await this.reportCancelled(game.id);
        else if (game.status !== 'active') continue;
        else if (t.settings.deadline === 'as-it-stands') await this.table.settle(game.id);
        else {
          await this.scheduler.plan(standInRow(game.id, 'all', now));
          playing = true;
        }
      } catch (err) {
        // One game that cannot be settled must not keep the others going: it is logged, and left to play on.
        this.log.error({ err, tournament: id, table: table.id, gameId: game.id }, 'a deadline left a game');
      }
    }
    // While a game is played out by the stand-in the round is looked at again (it may yet be cancelled); a
    // game settled or cancelled is over, its result reported by its own row or just now.
    if (unmade || playing)
      await store.schedule.postpone(row.id, new Date(now + (unmade ? AGAIN_MS : WATCH_MS)));
    else await store.schedule.markDone(row.id, 'fired');
    await this.redraw(id);
  }
}

/** The round is the one in play, not complete, of a tournament still going. */
function inPlay(t: Tournament, round: Round): boolean {
  if (t.status !== 'running' && t.status !== 'paused') return false;
  return t.rounds.length === round.number && !complete(round);
}

/**
 * How a finished table's game ended, for its result's `ending`: ranked as it stood (its outcome's mark),
 * played out by the stand-in after the deadline (its every-seat stand-in row fired), or played to the end.
 */
export async function endingOf(store: Store, game: GameRecord): Promise<Ending> {
  if (game.outcome?.settled === 'as-it-stands') return 'as-it-stands';
  return (await store.schedule.fired(standInKey(game.id, 'all'))) ? 'stand-in' : 'played';
}
