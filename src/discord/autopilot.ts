import type { Logger } from 'pino';
import { type Clock, systemClock } from '../clock.ts';
import type { Seat } from '../games/kernel/types.ts';
import type { GameRecord, MadeBy } from '../store/records.ts';
import { LESSON_KIND } from '../store/records.ts';
import { standInOf } from '../table-kit/computer-levels.ts';
import { autoPassDelay } from './auto-pass-delay.ts';
import type { ComputerPlayers } from './computer-players.ts';
import type { OptionalWork } from './optional-work.ts';
import type { Publisher } from './publisher.ts';
import type { DueMoves, TableService } from './table-service.ts';
import type { Tables } from './tables.ts';

/** Real timers that keep the process alive while a move is due, as setTimeout does. */
const ownTimers: Clock = {
  now: () => systemClock.now(),
  at(time, fn) {
    const timer = setTimeout(fn, Math.max(0, time - systemClock.now()));
    return () => clearTimeout(timer);
  },
};

export interface AutopilotTiming {
  botDelayMs: number;
  autoPassMinMs: number;
  autoPassMaxMs: number;
}

/**
 * Moves for computer players, and passes for humans who can only pass a reaction window — after a
 * random delay when another person could read its speed (auto-pass-delay.ts), so it reveals nothing. Timers live in memory only: `recover` re-arms
 * them from the store at startup, so nothing is lost by a restart.
 */
export class Autopilot implements DueMoves {
  private readonly timers = new Map<string, { version: number; cancel: () => void }>();
  private stopped = false;
  /** An orderly stop is under way: nothing more is armed, the moves being made are finished (`drain`). */
  private draining = false;
  /** Moves whose timer fired and which are still being decided or made. */
  private readonly firing = new Set<Promise<void>>();
  /** While this is held (Discord's invalid-request budget, optional-work.ts), moves wait for it. */
  optional: OptionalWork | null = null;

  constructor(
    private readonly tables: Tables,
    private readonly table: TableService,
    private readonly publisher: Publisher,
    private readonly timing: AutopilotTiming,
    private readonly log: Logger,
    private readonly random: () => number = Math.random,
    /** Seats of people away, or whose time ran out in this turn, are played by the computer (turn-timers.ts). */
    private readonly turnTimers: {
      computerPlaysFor(game: GameRecord, seat: Seat): Promise<boolean>;
    } | null = null,
    /** Where computers' moves come from (computer-players.ts): off this thread for those that think long. */
    private readonly computers: ComputerPlayers | null = null,
    /**
     * Not the bot's clock: tests that hold the bot's clock still expect computers to move. Tests of the
     * autopilot alone give it a ManualClock.
     */
    private readonly clock: Clock = ownTimers,
  ) {}

  /** Arms a timer for every seat the game waits for that a person need not decide. */
  async poke(game: GameRecord): Promise<void> {
    if (this.stopped || this.draining || game.status !== 'active') return;
    const adapter = this.tables.adapterOf(game);
    let window: boolean | undefined;
    for (const seat of this.tables.waitingFor(game)) {
      const record = game.seats[seat];
      if (!record) continue;
      const kind =
        record.botKind ?? ((await this.turnTimers?.computerPlaysFor(game, seat)) ? standInOf(game) : null);
      if (kind) {
        // A person's seat played by the computer is the stand-in's move, never theirs (key-moments.ts).
        const madeBy = record.botKind ? 'holder' : 'stand-in';
        this.arm(game, seat, this.paced(game, this.timing.botDelayMs), madeBy, (g) =>
          // A lesson's scripted seat moves by its script, never as a computer player.
          kind === LESSON_KIND && adapter.lesson
            ? adapter.lesson.scripted(g.state)
            : this.computers
              ? this.computers.move(g, seat, kind)
              : adapter.computers.move(g.state, seat, kind),
        );
        continue;
      }
      // Only a reaction window has automatic passes: the public view says whether one is open.
      window ??= this.tables.view(game, null).waiting.window;
      if (!window) continue;
      const pass = this.tables.view(game, seat).autoPass;
      if (pass !== null)
        this.arm(
          game,
          seat,
          this.paced(game, autoPassDelay(game, seat, this.timing, this.random)),
          'auto',
          () => pass,
        );
    }
  }

  /** No sooner than the channel has room for what the move will post (see ChannelPacer). */
  private paced(game: GameRecord, delay: number): number {
    return Math.max(delay, this.publisher.pacer.waitForMove(this.publisher.channelOf(game)));
  }

  async recover(games: readonly GameRecord[]): Promise<void> {
    for (const g of games) await this.poke(g);
  }

  stop(): void {
    this.stopped = true;
    for (const { cancel } of this.timers.values()) cancel();
    this.timers.clear();
  }

  /**
   * The orderly stop: moves not yet begun are dropped (the store still owes them, and `recover` arms them
   * again at the next start), and the moves being made are finished, a thinking computer's included (its
   * thought ends, or is handed to its default player when the pool closes).
   */
  async drain(): Promise<void> {
    this.draining = true;
    for (const { cancel } of this.timers.values()) cancel();
    this.timers.clear();
    while (this.firing.size > 0) await Promise.all([...this.firing]);
  }

  /** Moves due: armed, or being decided and made (a thinking computer's included). */
  get pending(): number {
    return this.timers.size + this.firing.size;
  }

  private arm(
    game: GameRecord,
    seat: Seat,
    delay: number,
    madeBy: MadeBy,
    decide: (game: GameRecord) => unknown,
  ): void {
    if (this.draining) return;
    const key = `${game.id}:${seat}`;
    const existing = this.timers.get(key);
    if (existing?.version === game.version) return;
    if (existing) existing.cancel();
    const version = game.version;
    const cancel = this.clock.at(this.clock.now() + delay, () => {
      this.timers.delete(key);
      // The channel may have filled up since: wait for room rather than queue behind Discord's limit.
      const wait = this.publisher.pacer.waitForMove(this.publisher.channelOf(game));
      if (wait > 0 && !this.stopped) return this.arm(game, seat, wait, madeBy, decide);
      if (this.optional && this.optional.heldUntil() !== null && !this.stopped)
        return this.holdMove(this.optional, game, seat, madeBy, decide);
      const firing: Promise<void> = this.fire(game.id, seat, version, madeBy, decide)
        .catch((e: unknown) => this.log.error({ err: e, gameId: game.id, seat }, 'automatic move failed'))
        .finally(() => this.firing.delete(firing));
      this.firing.add(firing);
    });
    this.timers.set(key, { version, cancel });
  }

  /** The move waits, still counted as due, until optional work is free; then it is armed again. */
  private holdMove(
    optional: OptionalWork,
    game: GameRecord,
    seat: Seat,
    madeBy: MadeBy,
    decide: (game: GameRecord) => unknown,
  ): void {
    const key = `${game.id}:${seat}`;
    const cancel = optional.whenFree(() => {
      this.timers.delete(key);
      if (!this.stopped) this.arm(game, seat, 0, madeBy, decide);
    });
    this.timers.set(key, { version: game.version, cancel });
  }

  private async fire(
    gameId: number,
    seat: Seat,
    version: number,
    madeBy: MadeBy,
    decide: (game: GameRecord) => unknown,
  ): Promise<void> {
    if (this.stopped) return;
    const game = await this.tables.store.getGame(gameId);
    // Someone moved meanwhile: the decision may be different now, so look again.
    if (game.version !== version) return this.poke(game);
    // A thinking computer may take a while: the game may have moved on meanwhile (the store then refuses
    // the stale version, and the game is looked at again).
    const action = await decide(game);
    if (this.stopped) return;
    // The move and its board go out as a click's would: thinking computers give way meanwhile.
    const move = () => this.table.move(gameId, seat, action, version, { madeBy });
    const result = await (this.computers ? this.computers.answering(move) : move());
    if (result.ok) return;
    if (result.game.version !== version) return this.poke(result.game);
    throw result.error;
  }
}
