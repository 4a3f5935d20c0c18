/**
 * What a game makes due for the people it waits for (turn timers): a reminder, a time-out when there is
 * a limit, a "your turn" DM for those who asked. Decided here, purely, from the game and what was read
 * about its people before the move (`PlanInputs`), so a move's rows are written in the move's own
 * transaction (`Alongside.schedule`): a move and what it makes due commit together or not at all.
 */
import type { Seat } from '../games/kernel/types.ts';
import type { GameRecord, PlannedRow, PlayerSettings } from '../store/records.ts';
import type { SchedulePlan } from '../store/store.ts';
import type { TournamentTableRef } from '../store/tournament-records.ts';
import { keyMomentsRows } from './key-moments.ts';
import { awakeAt, type QuietHours } from './quiet-hours.ts';
import type { Tables } from './tables.ts';
import { resultRows } from './tournaments/tournament-results.ts';

const HOUR = 3_600_000;
/** Without a turn limit a quiet player is still reminded once, after a day. */
export const REMINDER_WITHOUT_LIMIT = 24 * HOUR;
/** The outcome of a finished or cancelled game's pending rows. */
export const GAME_OVER = 'game over';

/** What a row is about: one seat owing one stage (a turn, or a decision within it) of one game. */
export interface Stage {
  readonly seat: Seat;
  readonly turn: number;
  readonly decision: number | null;
}

/** A row's key: one per kind and stage, so planning a stage twice keeps its first row and clock. */
export function stageKey(kind: string, gameId: number, s: Stage): string {
  return `${kind}:${gameId}:${s.turn}:${s.decision ?? 'turn'}:${s.seat}`;
}

/** The prefix of the keys of a game's time-outs in one turn. */
export function turnTimeoutsPrefix(gameId: number, turn: number): string {
  return `timeout:${gameId}:${turn}:`;
}

/** `turn:seat` of a time-out's key (see `stageKey`), or null for another key. */
export function timedOutSeat(key: string): string | null {
  const [kind, , turn, , seat] = key.split(':');
  return kind === 'timeout' && turn !== undefined && seat !== undefined ? `${turn}:${seat}` : null;
}

/**
 * The computer plays a person's seat to the end of the game once a row of this kind fired for it: every seat
 * (`all`: a tournament round's deadline passed with the stand-in rule) or one (`<seat>`: its entrant was
 * dropped from the tournament). The people keep their seats and places; nobody it covers is reminded or
 * timed out again (tournaments/tournament-deadlines.ts, tournament-drops.ts).
 */
export const STAND_IN_FROM_NOW = 'stand-in-from-now';

/** The prefix of a game's stand-in-from-now keys (its trailing ':' keeps game 12's from matching 123's). */
export function standInPrefix(gameId: number): string {
  return `${STAND_IN_FROM_NOW}:${gameId}:`;
}

/** The key of the row that has the computer play `seat` (or every seat) of the game from now on. */
export function standInKey(gameId: number, seat: Seat | 'all'): string {
  return `${standInPrefix(gameId)}${seat}`;
}

/** Whether the fired stand-in-from-now keys' last parts (`all`, or seat numbers) cover `seat`. */
export function standInCovers(fired: readonly string[], seat: Seat): boolean {
  return fired.includes('all') || fired.includes(String(seat));
}

/** What planning needs besides the game, read before the move so that the plan itself is pure. */
export interface PlanInputs {
  /** The clock when they were read: the rows' times count from it. */
  readonly now: number;
  /** Each seated person's settings (quiet hours, turn DMs, vacation). */
  readonly settings: ReadonlyMap<string, PlayerSettings>;
  /** `turn:seat` of the time-outs that fired in the turn the game was at, and of the one this move fires. */
  readonly timedOut: ReadonlySet<string>;
  /** The last parts (`all`, seat numbers) of the game's stand-in-from-now rows that fired (absent: none). */
  readonly standIn?: readonly string[];
  /** The tournament table the game was made for, if any: its end reports the table's result. */
  readonly tournamentTable?: TournamentTableRef | null;
}

/** What the plan asks of the game: the table's views (memoized per version, so asking again is free). */
export type GameFacts = Pick<Tables, 'view' | 'waitingFor'>;

/** `settings`' quiet hours, if they set them. */
export function quietHoursOf(settings: PlayerSettings | undefined): QuietHours | null {
  if (!settings?.timeZone || settings.quietStart === null || settings.quietEnd === null) return null;
  return { timeZone: settings.timeZone, start: settings.quietStart, end: settings.quietEnd };
}

/** Whether `settings`' person is on vacation at `now`. */
export function awayAt(settings: PlayerSettings | undefined, now: number): boolean {
  const until = settings?.vacationUntil?.getTime();
  return until !== undefined && until > now;
}

/**
 * Whether the computer plays for `seat` at `turn`: its person is away, or their time ran out in that turn
 * (the computer plays the rest of it; its first move may open a decision of theirs, a stage of its own).
 */
export function computerPlays(game: GameRecord, seat: Seat, turn: number, inputs: PlanInputs): boolean {
  const user = game.seats[seat]?.userId;
  if (!user) return false;
  if (standInCovers(inputs.standIn ?? [], seat) || awayAt(inputs.settings.get(user), inputs.now)) return true;
  return !!game.turnLimitMinutes && inputs.timedOut.has(`${turn}:${seat}`);
}

/**
 * The rows for every person `game` waits for, idempotent by stage (their own further moves in the same
 * turn keep the same clock): a reminder at half the host's limit (after a day without one) and, with a
 * limit, a time-out that runs out at the end of their night if it would run out in it. A game over
 * closes what was pending instead; a finished one makes its key moments due (key-moments.ts) and, if it
 * was a tournament table's, its result (tournaments/tournament-results.ts), so the intent to analyse it
 * and to report it commit with its last move.
 */
export function planTimers(game: GameRecord, inputs: PlanInputs, facts: GameFacts): SchedulePlan {
  if (game.status === 'finished')
    return {
      rows: [...keyMomentsRows(game, inputs.now), ...resultRows(game, inputs.tournamentTable, inputs.now)],
      cancel: GAME_OVER,
    };
  if (game.status === 'cancelled') return { rows: [], cancel: GAME_OVER };
  if (game.status !== 'active' || game.state === null) return { rows: [] };
  const limit = game.turnLimitMinutes ?? null;
  const { now } = inputs;
  const rows: PlannedRow[] = [];
  for (const seat of facts.waitingFor(game)) {
    const user = game.seats[seat]?.userId;
    if (!user) continue;
    const view = facts.view(game, null);
    // The computer is playing for them (time ran out, or away): nothing to remind them of.
    if (computerPlays(game, seat, view.turn.number, inputs)) continue;
    // A seat that can only pass a reaction window is passed automatically within seconds.
    if (view.waiting.window && facts.view(game, seat).autoPass !== null) continue;
    const stage: Stage = { seat, turn: view.turn.number, decision: view.decision };
    const payload = { ...stage };
    const settings = inputs.settings.get(user);
    // Someone who asked for it is told privately that it is their turn (once per turn).
    if (seat === view.turn.seat && settings?.turnDms)
      rows.push({
        key: `turn-dm:${game.id}:${stage.turn}:${seat}`,
        gameId: game.id,
        kind: 'turn-dm',
        dueAt: new Date(now),
        payload,
      });
    rows.push({
      key: stageKey('remind', game.id, stage),
      gameId: game.id,
      kind: 'remind',
      dueAt: new Date(now + (limit === null ? REMINDER_WITHOUT_LIMIT : (limit * 60_000) / 2)),
      payload,
    });
    // A limit that would run out in their night runs out when it ends: the board shows that time.
    if (limit !== null)
      rows.push({
        key: stageKey('timeout', game.id, stage),
        gameId: game.id,
        kind: 'timeout',
        dueAt: new Date(awakeAt(now + limit * 60_000, quietHoursOf(settings))),
        payload,
      });
  }
  return { rows };
}
