import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Seat } from '../games/kernel/types.ts';
import type { GameRecord } from '../store/records.ts';
import type { ScheduledRow } from '../store/schedule-store.ts';
import { seatMention, seatName } from './messages/context.ts';
import type { Publisher } from './publisher.ts';
import type { Scheduler } from './scheduler.ts';
import type { TableService } from './table-service.ts';
import type { Tables } from './tables.ts';

const HOUR = 3_600_000;
/** Without a turn limit a quiet player is still reminded once, after a day. */
const REMINDER_WITHOUT_LIMIT = 24 * HOUR;

/** What a row is about: one seat owing one stage (a turn, or a decision within it) of one game. */
interface Stage {
  seat: Seat;
  turn: number;
  decision: number | null;
}

/**
 * Turn limits and reminders. When a person is awaited, two rows are planned (idempotent by stage, so
 * their own further moves in the same turn keep the same clock): a reminder at half the host's limit
 * (after a day without one) and, with a limit, a time-out. Each checks when it fires that the person
 * still owes that same stage; the time-out then has the computer play for them — its first move in the
 * transaction that closes the row, the rest of that stage by the autopilot (`expired`).
 */
export class TurnTimers {
  constructor(
    private readonly tables: Tables,
    private readonly table: TableService,
    private readonly publisher: Publisher,
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    scheduler.on('remind', (row) => this.remind(row));
    scheduler.on('timeout', (row) => this.timeOut(row));
  }

  /** Plans the rows for every person the game now waits for; closes a finished game's rows. */
  plan(game: GameRecord): void {
    if (game.status !== 'active') {
      if (game.status === 'finished' || game.status === 'cancelled')
        this.tables.store.schedule.cancelGame(game.id, 'game over');
      return;
    }
    const limit = game.turnLimitMinutes ?? null;
    const now = this.clock.now();
    let view: ReturnType<Tables['view']> | null = null;
    for (const seat of this.tables.waitingFor(game)) {
      if (!game.seats[seat]?.userId) continue;
      view ??= this.tables.view(game, null);
      // The computer is playing the rest of this turn for them: nothing to remind them of.
      if (this.expired(game, seat)) continue;
      // A seat that can only pass a reaction window is passed automatically within seconds.
      if (view.waiting.window && this.tables.view(game, seat).autoPass !== null) continue;
      const stage: Stage = { seat, turn: view.turn.number, decision: view.decision };
      const payload = { ...stage };
      this.scheduler.plan({
        key: key('remind', game.id, stage),
        gameId: game.id,
        kind: 'remind',
        dueAt: new Date(now + (limit === null ? REMINDER_WITHOUT_LIMIT : (limit * 60_000) / 2)),
        payload,
      });
      if (limit !== null)
        this.scheduler.plan({
          key: key('timeout', game.id, stage),
          gameId: game.id,
          kind: 'timeout',
          dueAt: new Date(now + limit * 60_000),
          payload,
        });
    }
  }

  /** When the turn of the player to move runs out (ms), if there is a limit. */
  deadline(game: GameRecord): number | null {
    if (game.status !== 'active' || game.state === null) return null;
    const v = this.tables.view(game, null);
    const row = this.tables.store.schedule.find(
      key('timeout', game.id, { seat: v.turn.seat, turn: v.turn.number, decision: v.decision }),
    );
    return row?.doneAt === null ? row.dueAt.getTime() : null;
  }

  /**
   * Whether `seat`'s time ran out in the turn the game is at: the computer plays the rest of that turn
   * for them (its first move may open a decision of theirs, a stage of its own).
   */
  expired(game: GameRecord, seat: Seat): boolean {
    if (game.state === null || !game.turnLimitMinutes) return false;
    const turn = this.tables.view(game, null).turn.number;
    return this.tables.store.schedule.fired(`timeout:${game.id}:${turn}:%:${seat}`);
  }

  /** The stage the row was planned for, if the game still waits for it. */
  private current(row: ScheduledRow): { game: GameRecord; stage: Stage } | null {
    const stage = row.payload as unknown as Stage;
    if (row.gameId === null) return null;
    const game = this.tables.store.findGame(row.gameId);
    if (game?.status !== 'active') return null;
    const v = this.tables.view(game, null);
    if (v.turn.number !== stage.turn || v.decision !== stage.decision) return null;
    if (!this.tables.waitingFor(game).includes(stage.seat)) return null;
    return { game, stage };
  }

  private async remind(row: ScheduledRow): Promise<void> {
    const now = this.current(row);
    if (!now) {
      this.tables.store.schedule.markDone(row.id, 'obsolete');
      return;
    }
    // At most once: closed before the message, so a crash while sending loses it rather than doubles it.
    if (!this.tables.store.schedule.markDone(row.id, 'fired')) return;
    const { game, stage } = now;
    const ctx = this.tables.context(game);
    const deadline = this.deadline(game);
    const title = this.tables.adapterOf(game).game.title;
    const user = ctx.users[stage.seat];
    await this.publisher.send(this.publisher.channelOf(game), {
      content: `⏰ ${seatMention(ctx, stage.seat)}, ${title} game #${game.id} is waiting for you.${
        deadline && stage.seat === this.tables.view(game, null).turn.seat
          ? ` Your time runs out <t:${Math.floor(deadline / 1000)}:R>; then the computer plays for you.`
          : ''
      } Press **My hand** on the newest board.`,
      components: [],
      files: [],
      mentionUsers: user ? [user] : [],
    });
  }

  private async timeOut(row: ScheduledRow): Promise<void> {
    const now = this.current(row);
    if (!now) {
      this.tables.store.schedule.markDone(row.id, 'obsolete');
      return;
    }
    const { game, stage } = now;
    const adapter = this.tables.adapterOf(game);
    const action = adapter.computers.move(game.state, stage.seat, adapter.computers.kinds[0]);
    const result = await this.table.move(game.id, stage.seat, action, game.version, {
      inTransaction: () => {
        if (!this.tables.store.schedule.markDone(row.id, 'fired')) throw new Error('fired twice');
      },
      committed: async (_before, after) => {
        const ctx = this.tables.context(after);
        await this.publisher.send(this.publisher.channelOf(after), {
          content: `⏰ ${seatName(ctx, stage.seat)}'s time ran out: the computer played for them.`,
          components: [],
          files: [],
          mentionUsers: [],
        });
      },
    });
    if (result.ok) return;
    // Someone moved between the check and the lock. If they still owe this stage, their time is up all
    // the same: the row is closed as fired and the autopilot plays the rest of it.
    this.log.info({ gameId: game.id, row: row.key }, 'a time-out found the game moved on');
    if (this.current(row)) this.tables.store.schedule.markDone(row.id, 'fired');
    else this.tables.store.schedule.markDone(row.id, 'obsolete');
    this.table.rearm(result.game);
  }
}

function key(kind: string, gameId: number, s: Stage): string {
  return `${kind}:${gameId}:${s.turn}:${s.decision ?? 'turn'}:${s.seat}`;
}
