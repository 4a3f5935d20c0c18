import { type Client, Status } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Readiness } from '../../src/ops/readiness.ts';
import type { Store } from '../../src/store/store.ts';
import { type PreparedOpsBot, prepareOpsBot } from './ops-bot.ts';

/**
 * `/readyz` as a supervisor reads it: 503 with the reason while the database is not open and the gateway
 * not ready, 200 once the bot has started, 503 again from the moment it begins to stop. The gateway is
 * held at `GET /gateway/bot` (discord.js asks it before it connects), so "before" is a state, not a race.
 */
let p: PreparedOpsBot | undefined;
afterEach(async () => {
  await p?.stop();
  p = undefined;
});

const reasonOf = (body: string) => (JSON.parse(body) as { ready: boolean; reason: string | null }).reason;

describe('the operator server', () => {
  it('/readyz: 503 until the gateway is ready, 200 after, 503 while stopping; /livez 200', async () => {
    p = await prepareOpsBot();
    expect(p.server.port).toBeGreaterThan(0);
    expect(p.server.url).toBe(`http://127.0.0.1:${p.server.port}`);

    const live = await p.ask('/livez');
    expect(live).toMatchObject({ status: 200, body: 'ok\n' });

    // Nothing yet: the store exists, but no bot has been given it (its migrations run as it opens).
    let ready = await p.ask('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.type).toBe('application/json');
    expect(reasonOf(ready.body)).toMatch(/database is not open/);

    const hold = p.loopback.control.faults.holdAnswer('GET /gateway/bot');
    const booting = p.boot();
    await hold.held;
    ready = await p.ask('/readyz');
    expect(ready.status).toBe(503);
    expect(reasonOf(ready.body)).toMatch(/gateway/);
    expect((await p.ask('/livez')).status).toBe(200);

    hold.release();
    const bot = await booting;
    ready = await p.ask('/readyz');
    expect(ready.status, ready.body).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ ready: true, reason: null });

    const stopping = bot.stop();
    ready = await p.ask('/readyz');
    expect(ready.status).toBe(503);
    expect(reasonOf(ready.body)).toMatch(/stopping/);
    await stopping;
  }, 60_000);

  it('answers 404 on any other path, 405 on another method, and HEAD without a body', async () => {
    p = await prepareOpsBot();
    expect((await p.ask('/')).status).toBe(404);
    expect((await p.ask('/health')).status).toBe(404);
    expect((await p.ask('/metrics/x')).status).toBe(404);
    const post = await p.ask('/readyz', 'POST');
    expect(post.status).toBe(405);
    const head = await p.ask('/livez', 'HEAD');
    expect(head).toMatchObject({ status: 200, body: '' });
    // A query string is no other path.
    expect((await p.ask('/livez?verbose=1')).status).toBe(200);
    const metrics = await p.ask('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(metrics.body).toMatch(/^# HELP process_resident_memory_bytes /m);
  }, 30_000);

  it('a second server on a port taken is refused, naming OPS_HOST and OPS_PORT', async () => {
    p = await prepareOpsBot();
    const { startOpsServer } = await import('../../src/ops/ops-server.ts');
    const { pino } = await import('pino');
    await expect(
      startOpsServer({
        port: p.server.port,
        host: '127.0.0.1',
        source: p.ops,
        log: pino({ level: 'silent' }),
      }),
    ).rejects.toThrow(/cannot listen on 127\.0\.0\.1:\d+ \(OPS_HOST, OPS_PORT\): the port is taken/);
  }, 30_000);
});

describe('readiness of the database', () => {
  /** A readiness whose gateway is ready (one shard, status Ready) and whose bot has started. */
  const ready = () => {
    const r = new Readiness(50);
    r.connecting({
      isReady: () => true,
      ws: { shards: new Map([[0, { status: Status.Ready }]]) },
    } as unknown as Client);
    r.started();
    return r;
  };

  it('a database that refuses the probe is not ready, with its error', async () => {
    const r = ready();
    r.storeOpened({ findGame: () => Promise.reject(new Error('connection refused')) } as unknown as Store);
    expect(await r.check()).toEqual({
      ready: false,
      reason: 'the database did not answer: connection refused',
    });
  });

  it('a database that never answers is not ready once the probe gives up', async () => {
    const r = ready();
    r.storeOpened({ findGame: () => new Promise(() => {}) } as unknown as Store);
    expect(await r.check()).toEqual({ ready: false, reason: 'the database did not answer within 50 ms' });
  });

  it('a database that answers is ready; stopping is not, first', async () => {
    const r = ready();
    r.storeOpened({ findGame: async () => undefined } as unknown as Store);
    expect(await r.check()).toEqual({ ready: true, reason: null });
    r.stopping();
    expect(await r.check()).toEqual({ ready: false, reason: 'the bot is stopping' });
  });
});
