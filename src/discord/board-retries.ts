import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { GameRecord } from '../store/records.ts';
import type { ScheduledRow } from '../store/schedule-store.ts';
import type { GameLocks } from './game-lock.ts';
import type { Publisher } from './publisher.ts';
import type { Scheduler } from './scheduler.ts';
import type { Tables } from './tables.ts';

const SECOND = 1000;
/** How long each retry waits after the failure before it: quickly at first, then every half hour. */
export const BOARD_RETRY_DELAYS = [30, 60, 120, 300, 600, 1800].map((s) => s * SECOND);
/** How long a reminder waits, each time, for a board still owed. */
const REMINDER_WAIT = 60 * SECOND;
const KIND = 'board';

/**
 * A board that could not be posted (or brought up to date) is owed: it is retried, as a row of the
 * schedule, until it is there. A row, not a timer, so a restart keeps it; without a retry a game whose
 * board was lost waits for a person who was never told it is their turn, while computer players to
 * move recover by themselves. Keyed by game, version and attempt: planning is idempotent, and a retry
 * that finds the board there (posted by a later move, by /board or at startup) closes as obsolete.
 */
export class BoardRetries {
  constructor(
    private readonly tables: Tables,
    private readonly publisher: Publisher,
    private readonly locks: GameLocks,
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    scheduler.on(KIND, (row) => this.retry(row));
    publisher.boardFailed = (game, post) => this.owe(game, post);
  }

  /** Whether the game's board does not show its current version (never posted, or a change it missed). */
  async owed(game: GameRecord): Promise<boolean> {
    if (game.status !== 'active') return false;
    return (await this.tables.store.locations.getMessage(game.id, 'board'))?.version !== game.version;
  }

  /**
   * Plans a retry: `post`, a new board (a turn's first, whose mention was never delivered), owed until a
   * board is posted after the one stored now; else an edit of the current one, owed until it shows the
   * game's version.
   */
  async owe(game: GameRecord, post: boolean, attempt = 1): Promise<void> {
    const wait = BOARD_RETRY_DELAYS[Math.min(attempt, BOARD_RETRY_DELAYS.length) - 1] as number;
    const board = (await this.tables.store.locations.getMessage(game.id, 'board'))?.messageId ?? null;
    await this.scheduler.plan({
      key: `${KIND}:${game.id}:${game.version}:${attempt}`,
      gameId: game.id,
      kind: KIND,
      dueAt: new Date(this.clock.now() + wait),
      payload: { post, attempt, board },
    });
  }

  /** Whether the row's board is still owed: for a post, no board was posted since it failed. */
  private async stillOwed(game: GameRecord, row: ScheduledRow): Promise<boolean> {
    if (game.status !== 'active') return false;
    const board = await this.tables.store.locations.getMessage(game.id, 'board');
    if (row.payload.post === true) return (board?.messageId ?? null) === (row.payload.board ?? null);
    return board?.version !== game.version;
  }

  private async retry(row: ScheduledRow): Promise<void> {
    const gameId = row.gameId;
    if (gameId === null) return;
    const post = row.payload.post === true;
    const attempt = typeof row.payload.attempt === 'number' ? row.payload.attempt : 1;
    await this.locks.run(gameId, async () => {
      const game = await this.tables.store.findGame(gameId);
      if (!game || !(await this.stillOwed(game, row))) {
        await this.tables.store.schedule.markDone(row.id, 'obsolete');
        return;
      }
      try {
        if (post) await this.publisher.postBoard(game);
        else await this.publisher.refreshBoard(game);
      } catch (e) {
        await this.owe(game, post, attempt + 1);
        // The scheduler closes this row as failed (and the game's whole schedule if its channel is gone).
        throw e;
      }
      this.log.info({ gameId, attempt }, 'a board that had failed is posted');
    });
  }

  /**
   * A reminder sends a person to the newest board: while that board is owed, the reminder is postponed
   * (the same row, so it cannot double) and a retry of the board made sure of. True when postponed.
   */
  async holdForBoard(row: ScheduledRow): Promise<boolean> {
    if (row.gameId === null) return false;
    const game = await this.tables.store.findGame(row.gameId);
    if (!game || !(await this.owed(game))) return false;
    await this.owe(game, false);
    await this.tables.store.schedule.postpone(row.id, new Date(this.clock.now() + REMINDER_WAIT));
    return true;
  }
}
