import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from '../../src/discord/bot.ts';
import type { LoopbackMessage } from '../../src/loopback/index.ts';
import { controls, Driver } from '../discord/driver.ts';
import type { DiceRaceState } from '../fixtures/dice-race.ts';
import { postgresMissing } from '../helpers/postgres.ts';
import { type PreparedOpsBot, prepareOpsBot, quiet, tableOf } from './ops-bot.ts';
import { type Family, parsePrometheus, sampleValue } from './prometheus-text.ts';

/**
 * `/metrics` after a played game, on each backend: the text parses as Prometheus reads it, and every
 * family the README lists is there with the samples the game made — a person's and a computer's moves,
 * the clicks and their acknowledgements, the store's calls by kind, Discord's answers by route class and
 * the one 429 the loopback was told to give, the gateway's shard and latency, the games by state.
 */
const missing = postgresMissing();
const BACKENDS = missing === null ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

const FAMILIES = [
  'scarab_interactions_total',
  'scarab_interaction_ack_seconds',
  'scarab_moves_committed_total',
  'scarab_games',
  'scarab_scheduler_lag_seconds',
  'scarab_scheduler_rows_due',
  'scarab_scheduler_oldest_due_seconds',
  'scarab_thinking_jobs',
  'scarab_thinking_threads',
  'scarab_thinking_timed_out_total',
  'scarab_thinking_answered_total',
  'scarab_discord_requests_total',
  'scarab_discord_invalid_requests_total',
  'scarab_discord_rate_limited_total',
  'scarab_discord_invalid_requests_window',
  'scarab_discord_optional_work_held',
  'scarab_gateway_shard_status',
  'scarab_gateway_latency_seconds',
  'scarab_db_query_seconds',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
];

describe.each(BACKENDS)('/metrics after a played game (%s)', (backend) => {
  let p: PreparedOpsBot;
  let bot: Bot;
  let families: Map<string, Family>;

  beforeAll(async () => {
    // Heartbeats every 100 ms, so the gateway's latency is known by the time the game is over.
    p = await prepareOpsBot({ backend, loopback: { heartbeatIntervalMs: 100 } });
    bot = await p.boot();
  }, 60_000);
  afterAll(async () => {
    await p?.stop();
  });

  it('a person plays Dice Race against a computer to the end; one scrape then shows every family', async () => {
    const c = p.loopback.control;
    const d = new Driver(tableOf(p, bot));
    const alice = c.createUser('alice');
    const opened = await c.as(alice).slash('dicerace').reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await bot.runtime.locks.idle();
    let lobby = d.latest(where, 'join');
    const press = (m: LoopbackMessage, verb: string, arg?: string) => {
      const control = controls(m).find((x) => x.verb === verb && (arg === undefined || x.arg === arg));
      if (!control) throw new Error(`no '${verb}' control on: ${m.text}`);
      return d.press(alice, m, control);
    };
    lobby = await press(lobby, 'bot');
    await press(lobby, 'start');
    const gameId = (await p.store.gameInThread(where))?.id as number;
    expect(gameId).toBeGreaterThan(0);

    // One answer refused with a 429 (discord.js waits and sends it again): one invalid request, counted.
    const limited = c.faults.rateLimit('POST /interactions/:interactionId/:token/callback', 5, 1);
    for (let step = 0; step < 200; step++) {
      await quiet(bot);
      const game = await p.store.getGame(gameId);
      if (game.status === 'finished') break;
      const state = game.state as DiceRaceState;
      expect(game.seats[state.turn]?.userId, 'the computer moves by itself').toBe(alice.id);
      const hand = await d.openHand(alice, where);
      await press(hand, 'act', 'ab');
    }
    expect((await p.store.getGame(gameId)).status).toBe('finished');
    expect(limited.hits).toBe(1);

    // A row two seconds overdue (a kind nobody handles: closed as it runs) gives the scheduler's lag.
    const now = Date.now();
    await bot.runtime.scheduler.plan({
      key: `ops-test:${now}`,
      kind: 'ops-test',
      dueAt: new Date(now - 2_000),
      gameId: null,
      payload: {},
    });
    await bot.runtime.scheduler.tick();
    await expect
      .poll(() => bot.client.ws.shards.first()?.ping ?? -1, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(0);

    const answer = await p.ask('/metrics');
    expect(answer.status).toBe(200);
    families = parsePrometheus(answer.body);
    expect(FAMILIES.filter((f) => !families.has(f))).toEqual([]);
  }, 120_000);

  it('each family carries what the game did', () => {
    const v = (family: string, labels: Record<string, string> = {}, name = family) =>
      sampleValue(families, family, name, labels);
    expect(v('scarab_interactions_total', { kind: 'command', outcome: 'answered' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(v('scarab_interactions_total', { kind: 'button', outcome: 'answered' })).toBeGreaterThanOrEqual(4);
    expect(
      families.get('scarab_interactions_total')?.samples.some((s) => s.labels.outcome === 'failed'),
    ).toBe(false);
    const acks = v(
      'scarab_interaction_ack_seconds',
      { kind: 'button' },
      'scarab_interaction_ack_seconds_count',
    );
    expect(acks).toBe(v('scarab_interactions_total', { kind: 'button', outcome: 'answered' }));
    const person = v('scarab_moves_committed_total', { game: 'dice-race', seat: 'person' });
    const computer = v('scarab_moves_committed_total', { game: 'dice-race', seat: 'computer' });
    expect(person).toBeGreaterThanOrEqual(1);
    expect(computer).toBeGreaterThanOrEqual(person - 1);
    expect(v('scarab_games', { state: 'finished' })).toBe(1);
    expect(v('scarab_games', { state: 'active' })).toBe(0);
    // The overdue row among the rows run: two seconds late, so above the one-second bucket.
    const lag = (name: string, labels = {}) => v('scarab_scheduler_lag_seconds', labels, name);
    expect(lag('scarab_scheduler_lag_seconds_sum')).toBeGreaterThanOrEqual(2);
    expect(lag('scarab_scheduler_lag_seconds_bucket', { le: '1' })).toBeLessThan(
      lag('scarab_scheduler_lag_seconds_count'),
    );
    expect(v('scarab_scheduler_rows_due')).toBe(0);
    expect(v('scarab_thinking_jobs', { state: 'waiting' })).toBe(0);
    expect(v('scarab_thinking_timed_out_total')).toBe(0);
    expect(
      v('scarab_discord_requests_total', { route: 'POST /channels/:id/messages', status: '200' }),
    ).toBeGreaterThan(0);
    const callback = { route: 'POST /interactions/:id/:token/callback' };
    expect(v('scarab_discord_requests_total', { ...callback, status: '429' })).toBe(1);
    expect(v('scarab_discord_invalid_requests_total', { ...callback, status: '429' })).toBe(1);
    expect(families.get('scarab_discord_invalid_requests_total')?.samples).toHaveLength(1);
    expect(v('scarab_discord_invalid_requests_window')).toBe(1);
    expect(v('scarab_discord_optional_work_held')).toBe(0);
    expect(v('scarab_gateway_shard_status', { shard: '0', status: 'ready' })).toBe(1);
    expect(v('scarab_gateway_shard_status', { shard: '0', status: 'disconnected' })).toBe(0);
    expect(v('scarab_gateway_latency_seconds', { shard: '0' })).toBeGreaterThanOrEqual(0);
    const db = (kind: string) => v('scarab_db_query_seconds', { kind }, 'scarab_db_query_seconds_count');
    // Every move committed was one applyAction (a refused one would be one more, and no move).
    expect(db('applyAction')).toBeGreaterThanOrEqual(person + computer);
    expect(db('schedule.due')).toBeGreaterThan(0);
    expect(db('lobbies.create')).toBe(1);
    expect(v('process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
