import { EventEmitter } from 'node:events';
import { type Client, Status } from 'discord.js';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ProcessOps } from '../../src/ops/process-ops.ts';
import { answerManager, type ManagerChannel, ManagerOps, type ShardLink } from '../../src/ops/shard-ops.ts';
import type { Store } from '../../src/store/store.ts';
import { parsePrometheus, sampleValue } from './prometheus-text.ts';

/**
 * A shard manager's port over its shard processes, with the IPC channel stood in by two emitters and a
 * JSON round trip (what Node's IPC does to a message): one scrape carries every shard's samples under its
 * `shard` label, readiness needs every shard ready, and a shard that does not answer is shown as such.
 */
function connect(id: number, shard: ProcessOps | null): ShardLink {
  const toShard = new EventEmitter();
  const toManager = new EventEmitter();
  const channel: ManagerChannel = {
    on: (event, fn) => toShard.on(event, fn),
    off: (event, fn) => toShard.off(event, fn),
    send: async (m) => {
      toManager.emit('message', JSON.parse(JSON.stringify(m)));
    },
  };
  // A shard with no ops is one that never answers.
  if (shard) answerManager(shard, pino({ level: 'silent' }), channel);
  return {
    id,
    send: async (m) => {
      toShard.emit('message', JSON.parse(JSON.stringify(m)));
    },
    listen(fn) {
      toManager.on('message', fn);
      return () => toManager.off('message', fn);
    },
  };
}

function shardOps(ready: boolean, moves: number): ProcessOps {
  const ops = new ProcessOps();
  ops.metrics.moves.inc({ game: 'valley', seat: 'person' }, moves);
  if (ready) {
    ops.readiness.storeOpened({ findGame: async () => undefined } as unknown as Store);
    ops.readiness.connecting({
      isReady: () => true,
      ws: { shards: new Map([[0, { status: Status.Ready }]]) },
    } as unknown as Client);
    ops.readiness.started();
  }
  return ops;
}

describe('a shard manager gathers its shards', () => {
  it('one scrape shows every shard under its label, and the manager process as "manager"', async () => {
    const manager = new ManagerOps();
    const links = [connect(0, shardOps(true, 3)), connect(1, shardOps(true, 5))];
    manager.use(() => ({ expected: 2, links }));
    const families = parsePrometheus(await manager.scrape());
    const moves = (shard: string) =>
      sampleValue(families, 'scarab_moves_committed_total', 'scarab_moves_committed_total', { shard });
    expect([moves('0'), moves('1')]).toEqual([3, 5]);
    for (const shard of ['manager', '0', '1'])
      expect(
        sampleValue(families, 'process_resident_memory_bytes', 'process_resident_memory_bytes', { shard }),
      ).toBeGreaterThan(0);
    // Kept per shard even where prom-client would drop (`omit`) or blend (`average`) its processes' figures.
    expect(
      families
        .get('process_start_time_seconds')
        ?.samples.map((s) => s.labels.shard)
        .sort(),
    ).toEqual(['0', '1', 'manager']);
    expect(sampleValue(families, 'scarab_shard_answered', 'scarab_shard_answered', { shard: '1' })).toBe(1);
    expect(await manager.ready()).toEqual({ ready: true, reason: null });
    manager.stopping();
    expect(await manager.ready()).toEqual({ ready: false, reason: 'the shards are stopping' });
  });

  it('is not ready while a shard is not, or has not started, or does not answer', async () => {
    const manager = new ManagerOps(50);
    const ready = connect(0, shardOps(true, 1));
    const starting = connect(1, shardOps(false, 0));
    manager.use(() => ({ expected: 3, links: [ready, starting] }));
    expect(await manager.ready()).toEqual({
      ready: false,
      reason: 'the shards are starting (2 of 3 started)',
    });

    manager.use(() => ({ expected: 2, links: [ready, starting] }));
    expect((await manager.ready()).reason).toMatch(/^shard 1: the database is not open yet/);

    const silent = connect(2, null);
    manager.use(() => ({ expected: 2, links: [ready, silent] }));
    expect(await manager.ready()).toEqual({ ready: false, reason: 'shard 2 did not answer within 50 ms' });
    const families = parsePrometheus(await manager.scrape());
    expect(sampleValue(families, 'scarab_shard_answered', 'scarab_shard_answered', { shard: '2' })).toBe(0);
    expect(sampleValue(families, 'scarab_shard_answered', 'scarab_shard_answered', { shard: '0' })).toBe(1);
    expect(families.get('scarab_moves_committed_total')?.samples.map((s) => s.labels.shard)).toEqual(['0']);

    // A shard between two lives cannot even be asked.
    const dead: ShardLink = {
      id: 3,
      send: () => Promise.reject(new Error('no process')),
      listen: () => () => {},
    };
    manager.use(() => ({ expected: 1, links: [dead] }));
    expect((await manager.ready()).reason).toBe('shard 3 did not answer within 50 ms');
  });
});
