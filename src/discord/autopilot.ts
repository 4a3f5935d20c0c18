import type { Logger } from 'pino';
import type { Seat } from '../games/kernel/types.ts';
import { botMove, isBotName } from '../games/valley/bots/index.ts';
import { valley } from '../games/valley/index.ts';
import type { ValleyAction, ValleyState } from '../games/valley/state.ts';
import type { GameRecord } from '../store/records.ts';
import type { Desk } from './desk.ts';
import type { GameLocks } from './game-lock.ts';
import type { Publisher } from './publisher.ts';

export interface AutopilotTiming {
  botDelayMs: number;
  autoPassMinMs: number;
  autoPassMaxMs: number;
}

/**
 * Moves for computer players, and passes for humans who can only pass a reaction window — after a
 * random delay, so the speed of a pass reveals nothing. Timers live in memory only: `recover` re-arms
 * them from the store at startup, so nothing is lost by a restart.
 */
export class Autopilot {
  private readonly timers = new Map<string, { version: number; timer: NodeJS.Timeout }>();
  private stopped = false;

  constructor(
    private readonly desk: Desk,
    private readonly locks: GameLocks,
    private readonly publisher: Publisher,
    private readonly timing: AutopilotTiming,
    private readonly log: Logger,
    private readonly random: () => number = Math.random,
  ) {}

  /** Arms a timer for every seat the game waits for that a person need not decide. */
  poke(game: GameRecord): void {
    if (this.stopped || game.status !== 'active') return;
    const s = this.desk.state(game);
    for (const seat of valley.waitingFor(s)) {
      const record = game.seats[seat];
      if (!record) continue;
      if (record.botKind) {
        this.arm(game, seat, this.paced(game, this.timing.botDelayMs), () =>
          this.botAction(s, seat, record.botKind as string),
        );
      } else if (s.stack.at(-1)?.q?.window) {
        const actions = valley.legalActions(s, seat);
        const only = actions[0];
        if (actions.length === 1 && only?.type === 'answer' && only.value === 'pass') {
          const { autoPassMinMs: lo, autoPassMaxMs: hi } = this.timing;
          this.arm(game, seat, this.paced(game, lo + Math.floor(this.random() * (hi - lo + 1))), () => only);
        }
      }
    }
  }

  /** No sooner than the channel has room for what the move will post (see ChannelPacer). */
  private paced(game: GameRecord, delay: number): number {
    return Math.max(delay, this.publisher.pacer.waitForMove(this.publisher.channelOf(game)));
  }

  recover(games: readonly GameRecord[]): void {
    for (const g of games) this.poke(g);
  }

  stop(): void {
    this.stopped = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  get pending(): number {
    return this.timers.size;
  }

  private botAction(s: ValleyState, seat: Seat, kind: string): ValleyAction {
    return botMove(s, seat, isBotName(kind) ? kind : 'heuristic');
  }

  private arm(game: GameRecord, seat: Seat, delay: number, decide: () => ValleyAction): void {
    const key = `${game.id}:${seat}`;
    const existing = this.timers.get(key);
    if (existing?.version === game.version) return;
    if (existing) clearTimeout(existing.timer);
    const version = game.version;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      // The channel may have filled up since: wait for room rather than queue behind Discord's limit.
      const wait = this.publisher.pacer.waitForMove(this.publisher.channelOf(game));
      if (wait > 0 && !this.stopped) return this.arm(game, seat, wait, decide);
      void this.locks
        .run(game.id, () => this.fire(game.id, seat, version, decide))
        .catch((e: unknown) => this.log.error({ err: e, gameId: game.id, seat }, 'automatic move failed'));
    }, delay);
    this.timers.set(key, { version, timer });
  }

  private async fire(gameId: number, seat: Seat, version: number, decide: () => ValleyAction): Promise<void> {
    if (this.stopped) return;
    const before = this.desk.store.getGame(gameId);
    // Someone moved meanwhile: the decision may be different now, so look again.
    if (before.version !== version) return this.poke(before);
    const after = this.desk.apply(gameId, seat, decide(), version);
    try {
      await this.publisher.afterChange(before, after);
    } finally {
      this.poke(after);
    }
  }
}
