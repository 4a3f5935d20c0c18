/**
 * The shard manager's processes, once started (`shard-manager.ts`): a shard that dies is started again; on
 * the manager's own stop, every shard is asked for its orderly stop and waited for; on SIGHUP, a rolling
 * restart stops and starts the shards one at a time, so the other shards' servers keep playing meanwhile.
 *
 * A shard is asked over IPC (`STOP_MESSAGE`, see `src/graceful-stop.ts`), not with a signal: a terminal's
 * Ctrl+C or systemd may signal it too, and two signals would make it stop at once. A shard process that has
 * never been ready is sent SIGTERM instead: it may not listen yet (one that was ready once listens, even
 * while its gateway reconnects and discord.js calls it not ready).
 */
import type { ChildProcess } from 'node:child_process';
import type { Shard, ShardingManager } from 'discord.js';
import type { Logger } from 'pino';
import { STOP_MESSAGE } from '../graceful-stop.ts';

/** How long a shard started again has to be ready (its login included). */
export const SHARD_READY_TIMEOUT_MS = 120_000;
/** Beyond a shard's own stop bound, how long the manager waits for its process before killing it. */
export const SHARD_EXIT_GRACE_MS = 5_000;

export interface ShardExit {
  readonly shard: number;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface ShardFleetOptions {
  readonly log: Logger;
  /** The shards' own stop bound (STOP_TIMEOUT_MS, which they read too). */
  readonly stopBoundMs: number;
}

export class ShardFleet {
  private stopping = false;
  private rolling: Promise<void> | null = null;
  /** Shards stopped on purpose (the stop, a rolling restart): their exit is not a crash to restart. */
  private readonly held = new Set<number>();
  /** Shard processes that have been ready: they listen for the stop message. */
  private readonly listening = new WeakSet<ChildProcess>();

  constructor(
    readonly manager: ShardingManager,
    private readonly o: ShardFleetOptions,
  ) {
    manager.on('shardCreate', (shard) => {
      shard.on('death', () => this.died(shard));
      shard.on('ready', () => {
        if (shard.process) this.listening.add(shard.process);
      });
    });
  }

  /**
   * Every shard is up: from now on a dead shard is started again here rather than by discord.js, which
   * would also start again a shard stopped on purpose.
   */
  takeOver(): void {
    this.manager.respawn = false;
  }

  /** Shards whose process runs now. */
  get running(): number[] {
    return [...this.manager.shards.values()].filter((s) => s.process).map((s) => s.id);
  }

  /** The orderly stop of every shard, side by side; rejects naming the shards that did not exit 0. */
  async stop(): Promise<void> {
    this.stopping = true;
    const exits = await Promise.all([...this.manager.shards.values()].map((s) => this.stopOne(s)));
    for (const e of exits) this.o.log.info(e, 'shard stopped');
    const failed = exits.filter((e) => e.code !== 0);
    if (failed.length > 0)
      throw new Error(
        `shards that did not stop in order: ${failed.map((e) => `${e.shard} (${e.signal ?? `exit ${e.code}`})`).join(', ')}`,
      );
  }

  /** The manager must exit now: shards still running are killed rather than left behind. */
  abandon(): void {
    this.stopping = true;
    for (const shard of this.manager.shards.values()) {
      if (!shard.process) continue;
      this.o.log.error({ shard: shard.id }, 'killing a shard that was still running');
      shard.process.kill('SIGKILL');
    }
  }

  /**
   * Each shard stopped in order and started again, one after another (SIGHUP): a new build of the bot is
   * taken up without stopping every server at once. A shard that does not come back ends the rolling
   * restart there, so the others keep running what they run.
   */
  rollingRestart(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.rolling) {
      this.o.log.info('a rolling restart is already under way');
      return this.rolling;
    }
    this.rolling = this.restartEach().finally(() => {
      this.rolling = null;
    });
    return this.rolling;
  }

  private async restartEach(): Promise<void> {
    const shards = [...this.manager.shards.values()];
    this.o.log.info({ shards: shards.length }, 'rolling restart: one shard at a time');
    for (const shard of shards) {
      if (this.stopping) return;
      this.o.log.info({ shard: shard.id }, 'rolling restart: stopping shard');
      const exit = await this.stopOne(shard);
      if (exit.code !== 0) this.o.log.warn(exit, 'rolling restart: the shard did not stop in order');
      if (this.stopping) return;
      try {
        await shard.spawn(SHARD_READY_TIMEOUT_MS);
        this.o.log.info({ shard: shard.id }, 'rolling restart: shard ready again');
      } catch (e) {
        const failed = { err: e, shard: shard.id };
        this.o.log.error(failed, 'rolling restart: the shard did not come back; stopped there');
        this.held.delete(shard.id);
        if (!shard.process) this.respawn(shard);
        return;
      } finally {
        this.held.delete(shard.id);
      }
    }
    this.o.log.info('rolling restart done');
  }

  private died(shard: Shard): void {
    if (this.stopping || this.held.has(shard.id)) return;
    // While the shards first start, discord.js starts a dead one again itself.
    if (this.manager.respawn) {
      this.o.log.warn({ shard: shard.id }, 'shard process exited; discord.js respawns it');
      return;
    }
    this.o.log.warn({ shard: shard.id }, 'shard process exited; starting it again');
    // Once discord.js has let go of the dead process, which it does right after this event.
    setImmediate(() => this.respawn(shard));
  }

  private respawn(shard: Shard): void {
    if (this.stopping || shard.process) return;
    shard
      .spawn(SHARD_READY_TIMEOUT_MS)
      .catch((e: unknown) => this.o.log.error({ err: e, shard: shard.id }, 'a shard could not start again'));
  }

  /** Asks one shard for its orderly stop and waits for its process to exit (killed past the bound). */
  private async stopOne(shard: Shard): Promise<ShardExit> {
    const child = shard.process;
    if (!child) return { shard: shard.id, code: 0, signal: null };
    this.held.add(shard.id);
    const exited = new Promise<ShardExit>((resolve) =>
      child.once('exit', (code, signal) => resolve({ shard: shard.id, code, signal })),
    );
    this.ask(child);
    const limitMs = this.o.stopBoundMs + SHARD_EXIT_GRACE_MS;
    const timer = setTimeout(() => {
      this.o.log.error({ shard: shard.id, limitMs }, 'a shard did not exit in time; killing it');
      child.kill('SIGKILL');
    }, limitMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  }

  private ask(child: ChildProcess): void {
    if (!this.listening.has(child) || !child.connected) {
      child.kill('SIGTERM');
      return;
    }
    child.send(STOP_MESSAGE, (e) => {
      if (e) child.kill('SIGTERM');
    });
  }
}
