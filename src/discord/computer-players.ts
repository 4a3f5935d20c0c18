import type { Logger } from 'pino';
import type { ThinkingPool, Thought } from '../adapters/thinking-pool.ts';
import { type Clock, systemClock } from '../clock.ts';
import type { Seat } from '../games/kernel/types.ts';
import type { GameRecord } from '../store/records.ts';
import type { Tables } from './tables.ts';

/** What the watchdog allows a thought beyond the pool's own limit before it moves for the pool. */
export const WATCHDOG_GRACE_MS = 5_000;

/** The watchdog's word: a thought still unsettled past the pool's limit and the grace. */
class StillThinking extends Error {}

/**
 * Where a computer's move comes from. A quick player (the heuristic) moves in the bot's own thread; one
 * that thinks long (the adapter lists it in `computers.thinks`) moves on the thinking pool, so no click
 * waits for it. If the pool cannot answer (a thought over its time, a thread lost while it started or
 * thought, a script that cannot load), the game's default player moves instead, with one warning in the
 * log: a game never stalls on a computer. A watchdog on the bot's clock backs the pool up: a thought still
 * unsettled `WATCHDOG_GRACE_MS` after the pool's own limit is given up the same way (its late answer, if
 * one ever comes, is dropped).
 */
export class ComputerPlayers {
  constructor(
    private readonly tables: Tables,
    private readonly pool: ThinkingPool,
    private readonly log: Logger,
    private readonly clock: Clock = systemClock,
  ) {}

  async move(game: GameRecord, seat: Seat, kind: string): Promise<unknown> {
    const computers = this.tables.adapterOf(game).computers;
    if (!computers.thinks?.includes(kind)) return computers.move(game.state, seat, kind);
    try {
      const thought = await this.watched(this.pool.think(game.type, game.state, seat, kind));
      return thought.action;
    } catch (e) {
      // `thinking`: the moves the pool still holds (after the watchdog, the lost one among them).
      const where = { err: e, gameId: game.id, seat, kind, thinking: this.pool.pending };
      if (e instanceof StillThinking)
        this.log.error(
          where,
          'a computer seat stayed due past its limit; the watchdog has the default one move',
        );
      else this.log.warn(where, 'a computer could not think; the default one moves');
      return computers.move(game.state, seat, computers.kinds[0]);
    }
  }

  /** `thinking`, unless it is still unsettled past the pool's limit and the grace on the bot's clock. */
  private watched(thinking: Promise<Thought>): Promise<Thought> {
    const limit = this.pool.timeoutMs + WATCHDOG_GRACE_MS;
    return new Promise<Thought>((resolve, reject) => {
      const cancel = this.clock.at(this.clock.now() + limit, () =>
        reject(new StillThinking(`the thinking pool had not answered ${limit} ms after it was asked`)),
      );
      thinking.then(
        (t) => {
          cancel();
          resolve(t);
        },
        (e: unknown) => {
          cancel();
          reject(e);
        },
      );
    });
  }

  /**
   * `work` (an interaction's answer, or a computer's move and its board), with thinking computers giving
   * way to it meanwhile: on a machine whose cores they fill, it would otherwise wait for CPU behind a
   * thought (give-way.ts).
   */
  async answering<T>(work: () => Promise<T>): Promise<T> {
    const release = this.pool.hold();
    try {
      return await work();
    } finally {
      release();
    }
  }

  /**
   * Moves being thought on the pool now, or waiting for a thread (logs, health, tests); not the analyses
   * of finished games in its background lane (key-moments.ts).
   */
  get thinking(): number {
    return this.pool.pending - this.pool.background;
  }

  /** Moves the thinking pool has answered. */
  get thoughts(): number {
    return this.pool.answered;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
