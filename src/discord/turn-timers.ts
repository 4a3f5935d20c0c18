import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Seat } from '../games/kernel/types.ts';
import { gameTitle } from '../i18n/command-localizations.ts';
import { t } from '../i18n/messages.ts';
import type { GameRecord, PlannedRow } from '../store/records.ts';
import type { ScheduledRow } from '../store/schedule-store.ts';
import type { SchedulePlan } from '../store/store.ts';
import type { TournamentTableRef } from '../store/tournament-records.ts';
import { standInOf } from '../table-kit/computer-levels.ts';
import { type GameContext, seatMention, seatName } from '../table-kit/context.ts';
import { TIMEOUTS_BEFORE_VOTE, voteKind, voteMessage } from './absence-votes.ts';
import type { ComputerPlayers } from './computer-players.ts';
import { DmStatus } from './direct-messages.ts';
import type { Publisher } from './publisher.ts';
import { type QuietHours, quietUntil } from './quiet-hours.ts';
import type { Scheduler } from './scheduler.ts';
import type { TableService } from './table-service.ts';
import type { Tables } from './tables.ts';
import {
  type PlanInputs,
  planTimers,
  quietHoursOf,
  STAND_IN_FROM_NOW,
  type Stage,
  stageKey,
  standInCovers,
  standInPrefix,
  timedOutSeat,
  turnTimeoutsPrefix,
} from './turn-plan.ts';

/** Active games whose tournament table (or none) is remembered. */
const TOURNAMENT_TABLES_KEPT = 10_000;
/** A game's player to move is nudged at most this often. */
const NUDGE_EVERY = 12 * 3_600_000;

/** A person a row is for, who still owes its stage and is awake. */
interface Addressee {
  game: GameRecord;
  stage: Stage;
  ctx: GameContext;
  user: string;
}

/**
 * Turn limits and reminders. When a person is awaited, rows are planned (turn-plan.ts decides which; a
 * move's rows are written in its transaction): a reminder and, with a limit, a time-out. Each checks when
 * it fires that the person still owes that same stage; the time-out then has the computer play for them —
 * its first move in the transaction that closes the row, the rest of that turn by the autopilot
 * (`computerPlaysFor`).
 */
export class TurnTimers {
  /** Postpones a row while the board it would send someone to is owed; true if so (board-retries.ts). */
  holdForBoard: (row: ScheduledRow) => Promise<boolean> = async () => false;
  /** Told of each missed turn once its move committed, with the seat's run in this game (tournament drops). */
  onTimedOut: ((game: GameRecord, seat: Seat, inARow: number) => Promise<void>) | null = null;
  /** Whether each person's DMs are known closed, and whether they were told (direct-messages.ts). */
  readonly dms: DmStatus;
  /** Active games' tournament tables (null: not a tournament's), as read once each. */
  private readonly tournamentTables = new Map<number, TournamentTableRef | null>();

  constructor(
    private readonly tables: Tables,
    private readonly table: TableService,
    private readonly publisher: Publisher,
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly computers: ComputerPlayers,
  ) {
    this.dms = new DmStatus(tables.store.players, clock);
    scheduler.on('remind', (row) => this.remind(row));
    scheduler.on('timeout', (row) => this.timeOut(row));
    scheduler.on('turn-dm', (row) => this.turnDm(row));
    scheduler.on('nudge', (row) => this.deliverNudge(row));
    scheduler.on(STAND_IN_FROM_NOW, (row) => this.standInFromNow(row));
  }

  /** The last parts (`all`, seat numbers) of the game's stand-in-from-now rows that fired (turn-plan.ts). */
  async standIns(game: GameRecord): Promise<string[]> {
    const prefix = standInPrefix(game.id);
    return (await this.tables.store.schedule.firedKeys(prefix)).map((k) => k.slice(prefix.length));
  }

  /**
   * A stand-in-from-now row: once closed as fired (at most once), the seats it covers are the computer's to
   * the end. For every seat, the game's pending timers close (nobody is reminded or timed out again, so no
   * time-out counts against anyone); the board says why, and the computer is armed for the seats it owes.
   */
  private async standInFromNow(row: ScheduledRow): Promise<void> {
    const store = this.tables.store;
    if (!(await store.schedule.markDone(row.id, 'fired')) || row.gameId === null) return;
    if (row.key.endsWith(':all')) await store.schedule.cancelGame(row.gameId, STAND_IN_FROM_NOW);
    const game = await store.findGame(row.gameId);
    if (game?.status !== 'active') return;
    await this.publisher.refreshBoard(game);
    await this.table.rearm(game);
  }

  /**
   * Reads what planning `game`'s rows needs (its people's settings, the time-outs fired in its turn), before
   * a move; returns the plan of the game the move makes, pure, for the store to write in the move's
   * transaction. `fires`: the time-out row that makes this move (its seat's time is up in that turn).
   */
  async prepare(game: GameRecord, fires?: ScheduledRow): Promise<(next: GameRecord) => SchedulePlan> {
    const inputs = await this.inputs(game, fires);
    return (next) => planTimers(next, inputs, this.tables);
  }

  /** After a move's commit: the timer moves earlier if a row it added is the new earliest. */
  async planned(rows: readonly PlannedRow[]): Promise<void> {
    await this.scheduler.planned(rows);
  }

  /** Plans the rows for every person the game now waits for; closes a finished game's rows (idempotent). */
  async plan(game: GameRecord): Promise<void> {
    const plan = planTimers(game, await this.inputs(game), this.tables);
    if (plan.cancel !== undefined) await this.tables.store.schedule.cancelGame(game.id, plan.cancel);
    for (const row of plan.rows) await this.scheduler.plan(row);
  }

  /** One read per seated person and one of the turn's fired time-outs, whatever the number of rows. */
  private async inputs(game: GameRecord, fires?: ScheduledRow): Promise<PlanInputs> {
    const store = this.tables.store;
    const users = [...new Set(game.seats.flatMap((s) => (s.userId ? [s.userId] : [])))];
    const settings = new Map(
      await Promise.all(users.map(async (u) => [u, await store.players.get(u)] as const)),
    );
    const timedOut = new Set<string>();
    if (game.status === 'active' && game.state !== null && game.turnLimitMinutes) {
      const turn = this.tables.view(game, null).turn.number;
      for (const k of await store.schedule.firedKeys(turnTimeoutsPrefix(game.id, turn))) {
        const seat = timedOutSeat(k);
        if (seat !== null) timedOut.add(seat);
      }
    }
    if (fires?.kind === 'timeout') {
      const seat = timedOutSeat(fires.key);
      if (seat !== null) timedOut.add(seat);
    }
    const standIn = game.status === 'active' ? await this.standIns(game) : [];
    const tournamentTable = game.status === 'active' ? await this.tournamentTableOf(game.id) : null;
    return { now: this.clock.now(), settings, timedOut, standIn, tournamentTable };
  }

  /**
   * The tournament table an active game was made for, read once per game: a table's game is linked when
   * its lobby is made (tournament-tables.ts), before it starts, and never changes after.
   */
  private async tournamentTableOf(gameId: number): Promise<TournamentTableRef | null> {
    const known = this.tournamentTables.get(gameId);
    if (known !== undefined) return known;
    const ref = (await this.tables.store.tournaments.tableOfGame(gameId)) ?? null;
    // Bounded: the oldest answers go first (a game read again is read from the store once more).
    if (this.tournamentTables.size >= TOURNAMENT_TABLES_KEPT)
      this.tournamentTables.delete(this.tournamentTables.keys().next().value as number);
    this.tournamentTables.set(gameId, ref);
    return ref;
  }

  /** When the turn of the player to move runs out (ms), if there is a limit. */
  async deadline(game: GameRecord): Promise<number | null> {
    if (game.status !== 'active' || game.state === null) return null;
    const v = this.tables.view(game, null);
    const row = await this.tables.store.schedule.find(
      stageKey('timeout', game.id, { seat: v.turn.seat, turn: v.turn.number, decision: v.decision }),
    );
    return row?.doneAt === null ? row.dueAt.getTime() : null;
  }

  /**
   * Whether the computer plays for `seat` now: its person is on vacation, or their time ran out in the
   * turn the game is at (the computer plays the rest of that turn; its first move may open a decision
   * of theirs, a stage of its own).
   */
  async computerPlaysFor(game: GameRecord, seat: Seat, turn?: number): Promise<boolean> {
    const user = game.seats[seat]?.userId;
    if (!user || game.state === null) return false;
    if (standInCovers(await this.standIns(game), seat) || (await this.onVacation(user))) return true;
    if (!game.turnLimitMinutes) return false;
    turn ??= this.tables.view(game, null).turn.number;
    return this.tables.store.schedule.fired(turnTimeoutsPrefix(game.id, turn), `:${seat}`);
  }

  /** Until when the person is away (ms), if they are now. */
  async awayUntil(userId: string): Promise<number | null> {
    const until = (await this.tables.store.players.get(userId)).vacationUntil?.getTime() ?? null;
    return until !== null && until > this.clock.now() ? until : null;
  }

  /** A game's title in `language`. */
  private titleOf(game: GameRecord, language: string): string {
    return gameTitle(language, game.type, this.tables.adapterOf(game).game.title);
  }

  /** The board's lines for people away: until when (a Discord timestamp), never where or why. */
  async awayNotes(game: GameRecord): Promise<string[]> {
    if (game.status !== 'active') return [];
    const ctx = this.tables.context(game);
    const notes: string[] = [];
    const standIns = await this.standIns(game);
    if (standIns.includes('all')) notes.push(t(ctx.language, 'table.deadline-stand-in'));
    else
      for (const seat of standIns)
        notes.push(t(ctx.language, 'table.dropped-stand-in', { name: seatName(ctx, Number(seat)) }));
    for (const s of game.seats) {
      const until = s.userId ? await this.awayUntil(s.userId) : null;
      if (until !== null)
        notes.push(
          t(ctx.language, 'table.away', {
            name: seatName(ctx, s.seat),
            until: `<t:${Math.floor(until / 1000)}:f>`,
          }),
        );
    }
    return notes;
  }

  private async onVacation(userId: string): Promise<boolean> {
    return (await this.awayUntil(userId)) !== null;
  }

  /** The stage the row was planned for, if the game still waits for it. */
  private async current(row: ScheduledRow): Promise<{ game: GameRecord; stage: Stage } | null> {
    const stage = row.payload as unknown as Stage;
    if (row.gameId === null) return null;
    const game = await this.tables.store.findGame(row.gameId);
    if (game?.status !== 'active') return null;
    const v = this.tables.view(game, null);
    if (v.turn.number !== stage.turn || v.decision !== stage.decision) return null;
    if (!this.tables.waitingFor(game).includes(stage.seat)) return null;
    return { game, stage };
  }

  /** `userId`'s quiet hours, if they set them. */
  private async quietHours(userId: string): Promise<QuietHours | null> {
    return quietHoursOf(await this.tables.store.players.get(userId));
  }

  /** The end of `userId`'s quiet hours if they are in them now, else null. */
  private async quietUntil(userId: string): Promise<number | null> {
    const q = await this.quietHours(userId);
    return q && quietUntil(this.clock.now(), q);
  }

  /**
   * What every message to a person due later goes through: the row is closed as obsolete if they no
   * longer owe that stage; moved (the same row, so it cannot double) to the end of their quiet hours
   * if they are in them; otherwise closed before the message — at most once: a crash while sending
   * loses it rather than doubles it. Returns whom to tell, or null when nothing is to be sent now.
   */
  private async open(row: ScheduledRow): Promise<Addressee | null> {
    const now = await this.current(row);
    if (!now) {
      await this.tables.store.schedule.markDone(row.id, 'obsolete');
      return null;
    }
    const ctx = this.tables.context(now.game);
    const user = ctx.users[now.stage.seat];
    if (!user) return null;
    const until = await this.quietUntil(user);
    if (until !== null) {
      await this.tables.store.schedule.postpone(row.id, new Date(until));
      return null;
    }
    if (!(await this.tables.store.schedule.markDone(row.id, 'fired'))) return null;
    return { ...now, ctx, user };
  }

  /**
   * By DM to those who asked for DMs; else, or when their DMs are closed, in the game's channel, built
   * around their mention. `channel: null` sends nothing public (the board already mentions them). The
   * first time their DMs are found closed, the channel's message says so (nothing here is secret).
   */
  private async tell(
    to: Addressee,
    dm: string,
    channel: ((mention: string) => string) | null,
  ): Promise<void> {
    const { game, stage, ctx, user } = to;
    const mention = seatMention(ctx, stage.seat);
    let closed: string | null = null;
    if ((await this.tables.store.players.get(user)).turnDms) {
      const sent = await this.publisher.sendDm(user, {
        content: dm,
        components: [],
        files: [],
        mentionUsers: [],
      });
      if (sent) return;
      this.log.info({ gameId: game.id, seat: stage.seat }, 'a DM failed; telling them in the channel');
      if (await this.dms.takeNotice(user)) closed = t(ctx.language, 'table.dms-closed', { who: mention });
    }
    const lines = [channel?.(mention) ?? null, closed].filter((l) => l !== null);
    if (lines.length === 0) return;
    await this.publisher.send(this.publisher.channelOf(game), {
      content: lines.join('\n'),
      components: [],
      files: [],
      mentionUsers: [user],
    });
  }

  private async remind(row: ScheduledRow): Promise<void> {
    // "Press My hand on the newest board": never before that board is there.
    if (await this.holdForBoard(row)) return;
    const to = await this.open(row);
    if (!to) return;
    const { game, stage } = to;
    const deadline = await this.deadline(game);
    // About a game, in the game's language (a direct message has no interaction to tell the reader's).
    const language = to.ctx.language;
    const title = this.titleOf(game, language);
    const runsOut =
      deadline && stage.seat === this.tables.view(game, null).turn.seat
        ? t(language, 'table.runs-out', { when: `<t:${Math.floor(deadline / 1000)}:R>` })
        : '';
    const id = String(game.id);
    await this.tell(
      to,
      t(language, 'table.reminder', { title, id, link: await this.publisher.boardLink(game), runsOut }),
      (who) => t(language, 'table.reminder-mention', { who, title, id, runsOut }),
    );
  }

  /**
   * `/nudge`: reminds the person the game waits for, at most once per 12 hours per game, never during
   * their quiet hours (it waits for the end of them, and the nudger is told only that it comes later).
   */
  async nudge(game: GameRecord, byUserId: string, language: string): Promise<string> {
    const ctx = this.tables.context(game, language);
    const id = String(game.id);
    if (!ctx.users.includes(byUserId)) return t(language, 'nudge.only-players', { id });
    const v = this.tables.view(game, null);
    // A reaction window's remaining seats would tell who can react: windows pass by themselves.
    if (v.waiting.window) return t(language, 'nudge.window');
    const seat = this.tables.waitingFor(game).find((s) => ctx.users[s]);
    if (seat === undefined) return t(language, 'nudge.computer');
    if (ctx.users[seat] === byUserId) return t(language, 'nudge.yourself');
    const last = (await this.tables.store.schedule.lastPlanned(`nudge:${game.id}:`))?.getTime();
    const now = this.clock.now();
    if (last !== undefined && now - last < NUDGE_EVERY)
      return t(language, 'nudge.too-soon', {
        id,
        last: `<t:${Math.floor(last / 1000)}:R>`,
        next: `<t:${Math.floor((last + NUDGE_EVERY) / 1000)}:R>`,
      });
    const user = ctx.users[seat] as string;
    await this.scheduler.plan({
      key: `nudge:${game.id}:${now}`,
      gameId: game.id,
      kind: 'nudge',
      dueAt: new Date(now),
      payload: {
        seat,
        turn: v.turn.number,
        decision: v.decision,
        by: seatName(ctx, ctx.users.indexOf(byUserId)),
      },
    });
    return (await this.quietUntil(user)) !== null
      ? t(language, 'nudge.later')
      : t(language, 'nudge.done', { name: seatName(ctx, seat) });
  }

  private async deliverNudge(row: ScheduledRow): Promise<void> {
    const to = await this.open(row);
    if (!to) return;
    const language = to.ctx.language;
    const by = typeof row.payload.by === 'string' ? row.payload.by : t(language, 'nudge.someone');
    const title = this.titleOf(to.game, language);
    const id = String(to.game.id);
    await this.tell(
      to,
      t(language, 'nudge.dm', { by, title, id, link: await this.publisher.boardLink(to.game) }),
      (who) => t(language, 'nudge.mention', { who, by, title, id }),
    );
  }

  /** "It is your turn", privately, for those who asked; the board's mention is there for everyone. */
  private async turnDm(row: ScheduledRow): Promise<void> {
    const to = await this.open(row);
    if (!to) return;
    const language = to.ctx.language;
    await this.tell(
      to,
      t(language, 'table.turn-dm', {
        title: this.titleOf(to.game, language),
        id: String(to.game.id),
        link: await this.publisher.boardLink(to.game),
      }),
      null,
    );
  }

  private async timeOut(row: ScheduledRow): Promise<void> {
    const now = await this.current(row);
    if (!now) {
      await this.tables.store.schedule.markDone(row.id, 'obsolete');
      return;
    }
    const { game, stage } = now;
    // Quiet hours set after the limit was planned: the time-out waits for the end of the night too.
    const user = this.tables.context(game).users[stage.seat];
    const until = user ? await this.quietUntil(user) : null;
    if (until !== null) {
      await this.tables.store.schedule.postpone(row.id, new Date(until));
      return;
    }
    // At the level the host chose for stand-ins (a Hard one thinks on the pool, off this thread).
    const action = await this.computers.move(game, stage.seat, standInOf(game));
    // A decision out of turn timing out is not a turn missed; the turn's own time-out is.
    const missedTurn = stage.seat === this.tables.view(game, null).turn.seat;
    let missed: number | null = null;
    const result = await this.computers.answering(() =>
      this.table.move(game.id, stage.seat, action, game.version, {
        fires: row,
        madeBy: 'stand-in',
        ...(missedTurn ? { timeouts: 'count' as const } : {}),
        committed: async (_before, after, applied) => {
          const inARow = applied.timeoutsInARow ?? 0;
          if (missedTurn) missed = inARow;
          const ctx = this.tables.context(after);
          const channelId = this.publisher.channelOf(after);
          await this.publisher.send(channelId, {
            content: t(ctx.language, 'table.timed-out', { name: seatName(ctx, stage.seat) }),
            components: [],
            files: [],
            mentionUsers: [],
          });
          if (inARow === TIMEOUTS_BEFORE_VOTE) {
            const title = this.tables.adapterOf(after).game.title;
            const id = await this.publisher.send(channelId, voteMessage(ctx, title, stage.seat));
            await this.tables.store.locations.setMessage(after.id, voteKind(stage.seat), {
              messageId: id,
              channelId,
            });
          }
        },
      }),
    );
    if (result.ok) {
      if (missed !== null && this.onTimedOut)
        await this.onTimedOut(result.after, stage.seat, missed).catch((err: unknown) =>
          this.log.error({ err, gameId: game.id, seat: stage.seat }, 'a time-out could not be told'),
        );
      return;
    }
    // Someone moved between the check and the lock. If they still owe this stage, their time is up all
    // the same: the row is closed as fired and the autopilot plays the rest of it.
    this.log.info({ gameId: game.id, row: row.key }, 'a time-out found the game moved on');
    await this.tables.store.schedule.markDone(row.id, (await this.current(row)) ? 'fired' : 'obsolete');
    await this.table.rearm(result.game);
  }
}
