import { EventEmitter } from 'node:events';
import type { ShardingManager } from 'discord.js';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ShardFleet } from '../../src/discord/shard-fleet.ts';
import { STOP_MESSAGE } from '../../src/graceful-stop.ts';

/**
 * The shard manager's side of stops and restarts (src/discord/shard-fleet.ts), on fake shard processes that
 * behave as discord.js's do: a child's exit makes its Shard emit 'death' and let go of it, then start it
 * again if the manager says `respawn`. `shard-manager.test.ts` runs the real processes.
 */
class FakeChild extends EventEmitter {
  connected = true;
  readonly sent: unknown[] = [];
  readonly signals: string[] = [];
  constructor(readonly pid: number) {
    super();
  }
  send(message: unknown, done?: (e: Error | null) => void): boolean {
    this.sent.push(message);
    done?.(null);
    return true;
  }
  kill(signal: string): boolean {
    this.signals.push(signal);
    return true;
  }
  /** The process ends. */
  exit(code: number | null, signal: string | null = null): void {
    this.connected = false;
    this.emit('exit', code, signal);
  }
}

let pids = 100;

class FakeShard extends EventEmitter {
  process: FakeChild | null = null;
  ready = false;
  spawns = 0;
  /** What the next spawns do: become ready, or die before they are. */
  next: ('ready' | 'die')[] = [];
  constructor(
    readonly id: number,
    private readonly manager: { respawn: boolean },
  ) {
    super();
  }
  spawn(): Promise<FakeChild> {
    if (this.process) throw new Error(`shard ${this.id} already has a process`);
    this.spawns++;
    const child = new FakeChild(pids++);
    this.process = child;
    // discord.js's own exit listener, registered first.
    child.on('exit', () => {
      this.emit('death', child);
      this.ready = false;
      this.process = null;
      if (this.manager.respawn) void this.spawn();
    });
    const outcome = this.next.shift() ?? 'ready';
    return new Promise((resolve, reject) =>
      setImmediate(() => {
        if (outcome === 'die') {
          child.exit(1);
          reject(new Error('ShardingReadyDied'));
        } else {
          this.ready = true;
          this.emit('ready');
          resolve(child);
        }
      }),
    );
  }
}

function fleetOf(count: number) {
  const manager = Object.assign(new EventEmitter(), {
    respawn: true,
    shards: new Map<number, FakeShard>(),
  });
  const lines: { msg: string; shard?: number }[] = [];
  const log = pino({ level: 'info' }, { write: (s: string) => lines.push(JSON.parse(s)) });
  const fleet = new ShardFleet(manager as unknown as ShardingManager, { log, stopBoundMs: 60_000 });
  const shards: FakeShard[] = [];
  for (let id = 0; id < count; id++) {
    const shard = new FakeShard(id, manager);
    manager.shards.set(id, shard);
    manager.emit('shardCreate', shard);
    shards.push(shard);
  }
  return { manager, fleet, shards, lines };
}

const tick = () => new Promise((r) => setImmediate(r));

async function started(count: number) {
  const f = fleetOf(count);
  await Promise.all(f.shards.map((s) => s.spawn()));
  f.fleet.takeOver();
  return f;
}

describe('the shard fleet', () => {
  it('starts again a shard that dies by itself, once discord.js has let go of it', async () => {
    const { fleet, shards } = await started(2);
    expect(fleet.running).toEqual([0, 1]);
    shards[1]?.process?.exit(1);
    expect(fleet.running).toEqual([0]);
    await tick();
    await tick();
    expect(shards[1]?.spawns).toBe(2);
    expect(fleet.running).toEqual([0, 1]);
  });

  it('stops every shard by asking it over IPC, waits for each to exit, and starts none again', async () => {
    const { fleet, shards } = await started(2);
    const children = shards.map((s) => s.process as FakeChild);
    let stopped = false;
    const stopping = fleet.stop().then(() => {
      stopped = true;
    });
    expect(children.map((c) => c.sent)).toEqual([[STOP_MESSAGE], [STOP_MESSAGE]]);
    expect(children.map((c) => c.signals)).toEqual([[], []]);
    children[0]?.exit(0);
    await tick();
    expect(stopped).toBe(false);
    children[1]?.exit(0);
    await stopping;
    await tick();
    expect(shards.map((s) => s.spawns)).toEqual([1, 1]);
    expect(fleet.running).toEqual([]);
  });

  it('names the shards that did not exit 0, and signals a shard never ready yet instead of asking it', async () => {
    const f = fleetOf(3);
    await f.shards[0]?.spawn();
    await f.shards[2]?.spawn();
    // Shard 1 is still starting; shard 2's gateway reconnects (discord.js: not ready), and it still listens.
    void f.shards[1]?.spawn();
    (f.shards[2] as FakeShard).ready = false;
    f.fleet.takeOver();
    const stopping = f.fleet.stop();
    expect(f.shards[1]?.process?.sent).toEqual([]);
    expect(f.shards[1]?.process?.signals).toEqual(['SIGTERM']);
    expect(f.shards[2]?.process?.sent).toEqual([STOP_MESSAGE]);
    f.shards[0]?.process?.exit(1);
    f.shards[1]?.process?.exit(0);
    f.shards[2]?.process?.exit(0);
    await expect(stopping).rejects.toThrow('shards that did not stop in order: 0 (exit 1)');
  });

  it('restarts the shards one at a time: the next is stopped only once the last is ready again', async () => {
    const { fleet, shards, lines } = await started(2);
    const first = shards[0]?.process as FakeChild;
    const second = shards[1]?.process as FakeChild;
    const rolling = fleet.rollingRestart();
    expect(first.sent).toEqual([STOP_MESSAGE]);
    expect(second.sent).toEqual([]);
    // A second SIGHUP meanwhile is the same restart.
    expect(fleet.rollingRestart()).toBe(rolling);
    first.exit(0);
    await tick();
    await tick();
    expect(shards[0]?.spawns).toBe(2);
    await tick();
    expect(second.sent).toEqual([STOP_MESSAGE]);
    second.exit(0);
    await rolling;
    expect(shards.map((s) => s.spawns)).toEqual([2, 2]);
    expect(fleet.running).toEqual([0, 1]);
    expect(
      lines.filter((l) => l.msg.startsWith('rolling restart')).map((l) => `${l.msg} ${l.shard ?? ''}`),
    ).toEqual([
      'rolling restart: one shard at a time ',
      'rolling restart: stopping shard 0',
      'rolling restart: shard ready again 0',
      'rolling restart: stopping shard 1',
      'rolling restart: shard ready again 1',
      'rolling restart done ',
    ]);
  });

  it('ends a rolling restart at a shard that does not come back, and starts that one again', async () => {
    const { fleet, shards, lines } = await started(2);
    (shards[0] as FakeShard).next = ['die', 'ready'];
    const rolling = fleet.rollingRestart();
    shards[0]?.process?.exit(0);
    await rolling;
    await tick();
    await tick();
    // Shard 1 was left running what it ran; shard 0 was started again after its failed start.
    expect(shards[1]?.process?.sent).toEqual([]);
    expect(shards[0]?.spawns).toBe(3);
    expect(fleet.running).toEqual([0, 1]);
    expect(lines.map((l) => l.msg)).toContain('rolling restart: the shard did not come back; stopped there');
  });
});
