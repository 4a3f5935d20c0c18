import type { Seat } from '../games/kernel/types.ts';
import { StoreError } from '../store/errors.ts';
import type { GameRecord, MadeBy, PlannedRow, ScheduledRow } from '../store/records.ts';
import type { Alongside, SchedulePlan, StoreAppliedAction } from '../store/store.ts';
import type { GameLocks } from './game-lock.ts';
import type { Publisher } from './publisher.ts';
import type { Tables } from './tables.ts';
import { GAME_OVER } from './turn-plan.ts';

/** Whatever is due after a change: computer moves and automatic passes (the autopilot). */
export interface DueMoves {
  poke(game: GameRecord): Promise<void>;
}

/**
 * What is due later (turn timers: reminders, time-outs). A move's rows are decided from the game it makes
 * and written in its transaction, so they commit with it and exist before anything is posted.
 */
export interface Planner {
  /** Reads what planning needs before a move; the returned plan is pure (run in the move's transaction). */
  prepare(game: GameRecord, fires?: ScheduledRow): Promise<(next: GameRecord) => SchedulePlan>;
  /** After the commit: arms the timer for the rows the move added. */
  planned(rows: readonly PlannedRow[]): Promise<void>;
  /** Plans outside a move (a start, a seat replaced, a restart); idempotent. */
  plan(game: GameRecord): Promise<void>;
}

/** A lesson's narrator (lessons.ts): told after every change of a game, once it is published. */
export interface Narrator {
  narrate(game: GameRecord): Promise<void>;
}

export interface MoveReplies {
  /** The scheduled row (a time-out) that makes this move: closed as fired in the move's transaction. */
  fires?: ScheduledRow;
  /** The mover's run of time-outs, in the move's transaction: 'reset' (their own move), 'count' (timed out). */
  timeouts?: 'reset' | 'count';
  /**
   * Who makes the move, stored with it: the seat's holder (a click, or the seat's own computer) unless the
   * caller says the computer stands in for a person ('stand-in') or passes for them ('auto').
   */
  madeBy?: MadeBy;
  committed?(before: GameRecord, after: GameRecord, applied: StoreAppliedAction): Promise<void>;
  refused?(error: StoreError, game: GameRecord): Promise<void>;
}

export type MoveResult =
  | { readonly ok: true; readonly before: GameRecord; readonly after: GameRecord }
  /** Refused by the store or the rules (stale version, illegal move): nothing was written. */
  | { readonly ok: false; readonly error: StoreError; readonly game: GameRecord };

/**
 * The one move path of every game: commit (one transaction, version-checked) → tell the mover →
 * publish → re-arm what is due. Button handlers, computer players and any scheduler call `move`;
 * nothing else applies moves. Each game's moves run one at a time under its lock.
 */
export class TableService {
  private due: DueMoves | null = null;
  private planner: Planner | null = null;
  private narrator: Narrator | null = null;

  constructor(
    readonly tables: Tables,
    private readonly publisher: Publisher,
    private readonly locks: GameLocks,
  ) {}

  /** Set once at startup: the autopilot and the timers are built after the service they move through. */
  attach(due: DueMoves, planner?: Planner, narrator?: Narrator): void {
    this.due = due;
    this.planner = planner ?? null;
    this.narrator = narrator ?? null;
  }

  /**
   * `replies.committed` runs right after the commit, before anything public: the mover's own reply
   * comes first. `replies.refused` runs when the store or the rules refused, still under the game's
   * lock, so a refusal is never shown before the reply to an earlier click's move. A Discord failure
   * after the commit can lose a message but never the move (see Publisher).
   */
  async move(
    gameId: number,
    seat: Seat,
    action: unknown,
    version: number,
    replies: MoveReplies = {},
  ): Promise<MoveResult> {
    return this.locks.run(gameId, async (): Promise<MoveResult> => {
      const store = this.tables.store;
      const before = await store.getGame(gameId);
      const schedule = await this.planner?.prepare(before, replies.fires);
      const alongside: Alongside = {
        ...(replies.fires ? { fireRow: replies.fires.id } : {}),
        ...(replies.timeouts ? { timeouts: replies.timeouts } : {}),
        ...(schedule ? { schedule } : {}),
      };
      let applied: StoreAppliedAction;
      try {
        const madeBy = replies.madeBy ?? 'holder';
        applied = await store.applyAction(gameId, {
          seat,
          action,
          expectedVersion: version,
          madeBy,
          alongside,
        });
      } catch (e) {
        if (!(e instanceof StoreError)) throw e;
        const game = await store.getGame(gameId);
        await replies.refused?.(e, game);
        return { ok: false, error: e, game };
      }
      const after = applied.game;
      try {
        // The rows committed with the move, before the board is posted (it says when this turn runs out).
        await this.planner?.planned(applied.planned ?? []);
        await replies.committed?.(before, after, applied);
        await this.publisher.afterChange(before, after);
        // A lesson's next step is told under the board that shows its position.
        await this.narrator?.narrate(after);
      } finally {
        // Armed whatever happened to the replies: what is due must fire even if a message failed.
        await this.due?.poke(after);
      }
      return { ok: true, before, after };
    });
  }

  /**
   * Ends an active game ranked as it stands (a tournament round's deadline), as a last move would: under
   * the game's lock, finished in one write with what a game over plans (its rows closed, what it makes due
   * added), then its results posted and its board closed. null when it was not active any more.
   */
  async settle(gameId: number): Promise<GameRecord | null> {
    return this.locks.run(gameId, async () => {
      const store = this.tables.store;
      const before = await store.getGame(gameId);
      if (before.status !== 'active') return null;
      const plan = (await this.planner?.prepare(before)) ?? (() => ({ rows: [], cancel: GAME_OVER }));
      const settled = await store.settleAsItStands(gameId, plan);
      await this.planner?.planned(settled.planned);
      await this.publisher.afterChange(before, settled.game);
      return settled.game;
    });
  }

  /** Plans the rows of what is due later in `game` (idempotent). */
  async plan(game: GameRecord): Promise<void> {
    await this.planner?.plan(game);
  }

  /** Arms whatever is due in `game` (after a start, a seat replaced, a board posted again). */
  async rearm(game: GameRecord): Promise<void> {
    await this.plan(game);
    await this.due?.poke(game);
  }
}
