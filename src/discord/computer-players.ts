import type { Logger } from 'pino';
import type { ThinkingPool } from '../adapters/thinking-pool.ts';
import type { Seat } from '../games/kernel/types.ts';
import type { GameRecord } from '../store/records.ts';
import type { Tables } from './tables.ts';

/**
 * Where a computer's move comes from. A quick player (the heuristic) moves in the bot's own thread; one
 * that thinks long (the adapter lists it in `computers.thinks`) moves on the thinking pool, so no click
 * waits for it. If the pool cannot answer (a thought over its time, a thread lost), the game's default
 * player moves instead, with a warning in the log: a game never stalls on a computer.
 */
export class ComputerPlayers {
  constructor(
    private readonly tables: Tables,
    private readonly pool: ThinkingPool,
    private readonly log: Logger,
  ) {}

  async move(game: GameRecord, seat: Seat, kind: string): Promise<unknown> {
    const computers = this.tables.adapterOf(game).computers;
    if (!computers.thinks?.includes(kind)) return computers.move(game.state, seat, kind);
    try {
      const thought = await this.pool.think(game.type, game.state, seat, kind);
      return thought.action;
    } catch (e) {
      const where = { err: e, gameId: game.id, seat, kind };
      this.log.warn(where, 'a computer could not think; the default one moves');
      return computers.move(game.state, seat, computers.kinds[0]);
    }
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

  /** Moves the thinking pool has answered. */
  get thoughts(): number {
    return this.pool.answered;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
