import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { type Bot, startBot } from '../../src/discord/bot.ts';
import { shardOfGuild } from '../../src/discord/shards.ts';
import { LoopbackDiscord, type LoopbackUser } from '../../src/loopback/index.ts';
import { openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { openPostgresStore } from '../../src/store/postgres-store.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';
import { installedGames } from '../helpers/installed-games.ts';
import { TEST_LIMIT_SCALE } from '../helpers/limit-scale.ts';
import { createTestDatabase, postgresMissing, type TestDatabase } from '../helpers/postgres.ts';
import { removeDir } from '../remove-dir.ts';
import { controls, Driver } from './driver.ts';
import { FAST, type TableHarness } from './harness.ts';

/**
 * Two gateway shards of one bot, each its own client and store connection, over one database (a SQLite
 * file on one machine, or PostgreSQL) and the loopback speaking the sharded gateway: each shard hears only
 * its servers, and owns their games — their reminders and time-outs fire on it alone, once, even across a
 * shard's restart.
 */
const missing = postgresMissing();
const BACKENDS = missing === null ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(BACKENDS)('two shards over one database (%s)', (backend) => {
  const HOUR = 3_600_000;
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
  let loopback: LoopbackDiscord;
  let dir: string;
  let alice: LoopbackUser;
  let bob: LoopbackUser;
  const channel: string[] = [];
  const shards: ({ bot: Bot; store: Store } | null)[] = [null, null];
  let pgDatabase: TestDatabase | undefined;

  async function openStore(): Promise<Store> {
    const now = () => new Date(clock.now());
    if (backend === 'sqlite')
      return new SqliteStore(new GameStore(openDatabase(join(dir, 'scarab.db')), { now }));
    pgDatabase ??= await createTestDatabase();
    return openPostgresStore(pgDatabase.url, { now });
  }

  /** Starts the process of `shard`, running the gateway shards `ids` (its own unless given). */
  async function boot(shard: 0 | 1, ids: readonly number[] = [shard]): Promise<void> {
    const store = await openStore();
    const bot = await startBot({
      token: loopback.token,
      apiUrl: loopback.restApi,
      store,
      hosted: installedGames(),
      clock,
      timing: FAST,
      limitScale: TEST_LIMIT_SCALE,
      log: pino({ level: process.env.E2E_LOG ?? 'silent' }),
      registerCommands: {},
      rest: { timeout: 5_000, retries: 1 },
      shards: { ids, count: 2 },
    });
    shards[shard] = { bot, store };
  }

  async function down(shard: 0 | 1): Promise<void> {
    const s = shards[shard];
    if (!s) return;
    await s.bot.stop();
    await s.store.close();
    shards[shard] = null;
  }

  const running = () => shards.filter((s) => s !== null);
  const settle = async () => {
    for (const s of running()) await s.bot.runtime.locks.idle();
  };
  /** The store of whichever shard is up: they share the database. */
  const store = () => (running()[0] as { store: Store }).store;
  const posted = (where: string, text: string) =>
    loopback.control.messages(where).filter((m) => !m.ephemeral && m.text.includes(text));

  /** The driver's steps need a harness: here, both shards seen as one table. */
  function driver(): Driver {
    const h = {
      loopback,
      settle,
      get store() {
        return store();
      },
    } as unknown as TableHarness;
    return new Driver(h);
  }

  async function startGame(where: string): Promise<{ thread: string; gameId: number }> {
    const d = driver();
    const opened = await loopback.control.as(alice).slash('valley', {}, { channelId: where }).reply();
    const thread = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await settle();
    let lobby = d.latest(thread, 'join');
    lobby = await d.press(bob, lobby, controls(lobby).find((c) => c.verb === 'join') as never);
    await d.press(alice, lobby, controls(lobby).find((c) => c.verb === 'start') as never);
    const game = await store().gameInThread(thread);
    if (!game) throw new Error('the game did not start');
    return { thread, gameId: game.id };
  }

  const games: { thread: string; gameId: number }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scarab-shards-'));
    loopback = await LoopbackDiscord.start({
      defaultGuild: false,
      waitTimeoutMs: 15_000,
      ackDeadlineMs: 10_000,
      limitScale: TEST_LIMIT_SCALE,
    });
    const a = loopback.control.createGuild('Shard zero', ['general'], { onShard: [0, 2] });
    const b = loopback.control.createGuild('Shard one', ['general'], { onShard: [1, 2] });
    channel.push(a.channels[0]?.id as string, b.channels[0]?.id as string);
    expect([shardOfGuild(a.guild.id, 2), shardOfGuild(b.guild.id, 2)]).toEqual([0, 1]);
    alice = loopback.control.createUser('alice');
    bob = loopback.control.createUser('bob');
    await boot(0);
    await boot(1);
  }, 60_000);

  afterAll(async () => {
    await down(0);
    await down(1);
    await loopback?.stop();
    if (dir) removeDir(dir);
    await pgDatabase?.drop();
  });

  it('each shard sees its own server; a game in each is played by the shard that owns it', async () => {
    expect([...(shards[0]?.bot.client.guilds.cache.keys() ?? [])]).toHaveLength(1);
    expect([...(shards[1]?.bot.client.guilds.cache.keys() ?? [])]).toHaveLength(1);
    expect(shards[0]?.bot.runtime.shards).toEqual({ ids: [0], count: 2 });
    games.push(await startGame(channel[0] as string), await startGame(channel[1] as string));
    await settle();
    for (const g of games) {
      // One board each: only the owning shard heard the start, so none was posted twice.
      const boards = loopback.control
        .messages(g.thread)
        .filter((m) => !m.ephemeral && controls(m).some((c) => c.verb === 'hand'));
      expect(boards).toHaveLength(1);
      expect((await store().getGame(g.gameId)).status).toBe('active');
    }
  }, 90_000);

  it('/mygames answers from either shard with the games of both, as they stand now', async () => {
    const [zero, one] = games as [(typeof games)[0], (typeof games)[0]];
    // Asked in shard 0's server (and so answered by shard 0), about a game shard 1 owns too.
    const reply = await loopback.control
      .as(bob)
      .slash('mygames', {}, { channelId: channel[0] as string })
      .reply();
    expect(reply.text).toContain(`#${zero.gameId}`);
    expect(reply.text).toContain(`#${one.gameId}`);
    const fromOne = await loopback.control
      .as(bob)
      .slash('mygames', {}, { channelId: channel[1] as string })
      .reply();
    expect(fromOne.text).toBe(reply.text);
  }, 60_000);

  it('a reminder fires on its game’s shard only, exactly once', async () => {
    const [zero, one] = games as [(typeof games)[0], (typeof games)[0]];
    // Shard 1 is down when the reminders fall due: shard 0 runs its own and leaves the other's.
    await down(1);
    clock.advance(12 * HOUR);
    await shards[0]?.bot.runtime.scheduler.tick();
    await settle();
    expect(posted(zero.thread, 'is waiting for you')).toHaveLength(1);
    expect(posted(one.thread, 'is waiting for you')).toHaveLength(0);
    expect(await store().schedule.fired(`remind:${zero.gameId}:`)).toBe(true);
    expect(await store().schedule.fired(`remind:${one.gameId}:`)).toBe(false);
    // Back up, shard 1 finds its overdue reminder and sends it, once.
    await boot(1);
    await shards[1]?.bot.runtime.scheduler.tick();
    await shards[0]?.bot.runtime.scheduler.tick();
    await settle();
    expect(posted(zero.thread, 'is waiting for you')).toHaveLength(1);
    expect(posted(one.thread, 'is waiting for you')).toHaveLength(1);
  }, 60_000);

  it('a shard killed and started again mid-game loses nothing and doubles nothing', async () => {
    const [zero, one] = games as [(typeof games)[0], (typeof games)[0]];
    const before = (await store().getGame(one.gameId)).version;
    await down(1);
    // Its game's time runs out while it is down; the other shard leaves it alone.
    clock.advance(12 * HOUR);
    await shards[0]?.bot.runtime.scheduler.tick();
    await settle();
    expect(posted(zero.thread, 'time ran out')).toHaveLength(1);
    expect(posted(one.thread, 'time ran out')).toHaveLength(0);
    expect((await store().getGame(one.gameId)).version).toBe(before);
    // Back up: the overdue time-out fires once, on its own shard, and the game goes on from there.
    await boot(1);
    await shards[1]?.bot.runtime.scheduler.tick();
    await settle();
    expect(posted(one.thread, 'time ran out')).toHaveLength(1);
    // Read through the other shard's connection: its cached copy must not hide the move.
    expect((await shards[0]?.store.getGame(one.gameId))?.version).toBeGreaterThan(before);
    await shards[0]?.bot.runtime.scheduler.tick();
    await shards[1]?.bot.runtime.scheduler.tick();
    await settle();
    expect(posted(zero.thread, 'time ran out')).toHaveLength(1);
    expect(posted(one.thread, 'time ran out')).toHaveLength(1);
  }, 90_000);

  it('a shard that cannot come back is handed to another process (README: SHARD_IDS): its overdue rows fire there, once', async () => {
    const one = games[1] as (typeof games)[0];
    // A reminder of game one (on shard 1) for a turn long gone: its handler closes it as obsolete.
    const waiting = {
      key: `remind:${one.gameId}:takeover`,
      gameId: one.gameId,
      kind: 'remind',
      dueAt: new Date(clock.now() + HOUR),
      payload: { seat: 0, turn: 0, decision: null },
    };
    expect(await store().schedule.plan(waiting)).toBe(true);
    // Shard 1's machine is gone for good: its row falls due and waits; shard 0 leaves it alone.
    await down(1);
    clock.set(Math.max(clock.now(), waiting.dueAt.getTime()));
    await shards[0]?.bot.runtime.scheduler.tick();
    await settle();
    expect((await store().schedule.find(waiting.key))?.doneAt).toBeNull();
    // The operator restarts the surviving process with both shards (SHARD_IDS=0,1 SHARD_COUNT=2): the
    // overdue row fires at its start.
    await down(0);
    await boot(0, [0, 1]);
    // A reminder waits, a minute at a time, while its game's board is owed (board-retries.ts): the
    // previous test may have left game one's newest board unposted, and its retry comes first.
    for (let k = 0; k < 5 && !(await store().schedule.find(waiting.key))?.doneAt; k++) {
      if (k > 0) clock.advance(61_000);
      await shards[0]?.bot.runtime.scheduler.tick();
      await settle();
    }
    const fired = await store().schedule.find(waiting.key);
    expect(fired?.doneAt, JSON.stringify(fired)).not.toBeNull();
    expect(fired?.outcome).not.toMatch(/failed|no handler/);
  }, 90_000);
});
