import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Client, GatewayIntentBits, ShardingManager } from 'discord.js';
import {
  type APIInteraction,
  type APIMessage,
  GatewayCloseCodes,
  GatewayDispatchEvents,
  RouteBases,
} from 'discord-api-types/v10';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DISCORD_EPOCH,
  LoopbackDiscord,
  type LoopbackGuild,
  LoopbackHttpClient,
  type LoopbackUser,
  ManualClock,
} from '../../src/loopback/index.ts';
import { guildIdOnShard, shardOf } from '../../src/loopback/sharding.ts';
import { PING } from './harness.ts';
import { RawGateway } from './raw-gateway.ts';

const INTENTS = GatewayIntentBits.Guilds | GatewayIntentBits.GuildMessages | GatewayIntentBits.DirectMessages;

interface GatewayBot {
  url: string;
  shards: number;
  session_start_limit: { max_concurrency: number };
}

async function gatewayBot(loopback: LoopbackDiscord): Promise<GatewayBot> {
  const response = await fetch(`${loopback.restApi}/v10/gateway/bot`, {
    headers: { Authorization: `Bot ${loopback.token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as GatewayBot;
}

async function registerPing(loopback: LoopbackDiscord): Promise<void> {
  const response = await fetch(
    `${loopback.restApi}/v10/applications/${loopback.control.applicationId}/commands`,
    {
      method: 'PUT',
      headers: { Authorization: `Bot ${loopback.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify([PING]),
    },
  );
  expect(response.status).toBe(200);
}

describe('GET /gateway/bot', () => {
  let loopback: LoopbackDiscord;
  afterEach(async () => {
    await loopback.stop();
  });

  it("recommends one shard per 1,000 guilds, at least 1 (Discord's rule), and a configured count over it", async () => {
    loopback = await LoopbackDiscord.start({ defaultGuild: false });
    expect((await gatewayBot(loopback)).shards).toBe(1);
    for (let i = 0; i < 1_000; i += 1) loopback.world.createGuild({ name: `g${i}` });
    expect((await gatewayBot(loopback)).shards).toBe(1);
    loopback.world.createGuild({ name: 'the 1001st' });
    const answer = await gatewayBot(loopback);
    expect(answer.shards).toBe(2);
    expect(answer.url).toBe(loopback.gatewayUrl);
    // At least the shard count, or discord.js waits 5 s between identifies (P8).
    expect(answer.session_start_limit.max_concurrency).toBeGreaterThanOrEqual(2);
    loopback.control.gateway.setRecommendedShards(5);
    expect((await gatewayBot(loopback)).shards).toBe(5);
    loopback.control.gateway.setRecommendedShards(null);
    expect((await gatewayBot(loopback)).shards).toBe(2);
  });

  it('answers the recommendedShards option', async () => {
    loopback = await LoopbackDiscord.start({ recommendedShards: 3 });
    expect((await gatewayBot(loopback)).shards).toBe(3);
    expect(loopback.control.gateway.recommendedShards()).toBe(3);
  });
});

describe('IDENTIFY with a shard', () => {
  let loopback: LoopbackDiscord;
  const sockets: RawGateway[] = [];
  const connect = () => {
    const socket = new RawGateway(loopback.gatewayUrl);
    sockets.push(socket);
    return socket;
  };
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await loopback.stop();
  });

  it('closes with 4010 Invalid shard unless shard is [id, count] with 0 <= id < count', async () => {
    loopback = await LoopbackDiscord.start();
    const invalid = [
      [2, 2],
      [5, 2],
      [-1, 2],
      [0, 0],
    ];
    const closes = await Promise.all(
      invalid.map(async (shard) => {
        const socket = connect();
        await socket.identify(loopback.token, INTENTS, shard);
        return (await socket.closed).code;
      }),
    );
    expect(closes).toEqual(invalid.map(() => GatewayCloseCodes.InvalidShard));
    expect(loopback.control.gateway.sessions()).toEqual([]);
  });

  it('closes with 4011 Sharding required when the shard would hold more than maxGuildsPerShard guilds', async () => {
    // Discord's cap is 2,500 guilds per session; 2 shows the rule with three guilds.
    loopback = await LoopbackDiscord.start({ defaultGuild: false, maxGuildsPerShard: 2 });
    const { control } = loopback;
    for (const name of ['a', 'b']) control.createGuild(name, ['general'], { onShard: [0, 2] });
    control.createGuild('c', ['general'], { onShard: [1, 2] });

    const unsharded = connect();
    await unsharded.identify(loopback.token, INTENTS);
    expect(await unsharded.closed).toEqual({
      code: GatewayCloseCodes.ShardingRequired,
      reason: 'Sharding required.',
    });

    // Two shards split the guilds 2 + 1: exactly at the cap is allowed.
    const shards = [connect(), connect()];
    await Promise.all(shards.map((s, i) => s.identify(loopback.token, INTENTS, [i, 2])));
    await Promise.all(shards.map((s) => s.next((p) => p.t === GatewayDispatchEvents.Ready)));
    expect(shards.map((s) => s.readyGuildIds().length)).toEqual([2, 1]);

    // Discord checks at IDENTIFY only: a live session that grows past the cap keeps its connection.
    control.createGuild('d', ['general'], { onShard: [0, 2] });
    await shards[0]?.sync();
    expect(shards[0]?.dispatches(GatewayDispatchEvents.GuildCreate)).toHaveLength(3);
    const late = connect();
    await late.identify(loopback.token, INTENTS, [0, 2]);
    expect((await late.closed).code).toBe(GatewayCloseCodes.ShardingRequired);
  });
});

describe('two shards of one bot', () => {
  let loopback: LoopbackDiscord;
  let guildA: LoopbackGuild;
  let guildB: LoopbackGuild;
  let channelA: string;
  let channelB: string;
  let alice: LoopbackUser;
  let shard0: RawGateway;
  let shard1: RawGateway;
  const sockets: RawGateway[] = [];
  const connect = async (shard?: readonly [number, number]) => {
    const socket = new RawGateway(loopback.gatewayUrl);
    sockets.push(socket);
    await socket.identify(loopback.token, INTENTS, shard);
    await socket.next((p) => p.t === GatewayDispatchEvents.Ready);
    return socket;
  };
  /** Every socket has received whatever the loopback sent it before this call. */
  const syncAll = () => Promise.all(sockets.map((s) => s.sync()));
  const interactionGuilds = (socket: RawGateway) =>
    socket
      .dispatches(GatewayDispatchEvents.InteractionCreate)
      .map((d) => ('guild_id' in (d as APIInteraction) ? (d as { guild_id: string }).guild_id : 'DM'));

  beforeAll(async () => {
    loopback = await LoopbackDiscord.start({ defaultGuild: false });
    const { control } = loopback;
    const a = control.createGuild('A', ['a-general'], { onShard: [0, 2] });
    const b = control.createGuild('B', ['b-general'], { onShard: [1, 2] });
    guildA = a.guild;
    guildB = b.guild;
    channelA = a.channels[0]?.id ?? '';
    channelB = b.channels[0]?.id ?? '';
    alice = control.createUser('alice');
    await registerPing(loopback);
    shard0 = await connect([0, 2]);
    shard1 = await connect([1, 2]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await loopback.stop();
  });

  it("puts guilds on the chosen shard by Discord's formula, (guild_id >> 22) % num_shards", () => {
    expect(shardOf(guildA.id, 2)).toBe(0);
    expect(Number((BigInt(guildB.id) >> 22n) % 2n)).toBe(1);
    expect(loopback.control.gateway.shardOf(guildB.id, 2)).toBe(1);
    expect(loopback.control.gateway.shardOf(null, 2)).toBe(0);
    expect(guildA.id).toMatch(/^\d{17,19}$/);
  });

  it("READY and the GUILD_CREATEs after it list only the shard's guilds", () => {
    expect(shard0.readyGuildIds()).toEqual([guildA.id]);
    expect(shard1.readyGuildIds()).toEqual([guildB.id]);
    expect(shard0.dispatches(GatewayDispatchEvents.GuildCreate)).toMatchObject([{ id: guildA.id }]);
    expect(shard1.dispatches(GatewayDispatchEvents.GuildCreate)).toMatchObject([{ id: guildB.id }]);
    expect(shard1.received.find((p) => p.t === GatewayDispatchEvents.Ready)?.d).toMatchObject({
      shard: [1, 2],
    });
    expect(loopback.control.gateway.sessions().map((s) => s.shard)).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });

  it('a guild the bot joins later arrives (GUILD_CREATE) on its shard only', async () => {
    const { guild } = loopback.control.createGuild('C', ['c-general'], { onShard: [1, 2] });
    await syncAll();
    const created = (s: RawGateway) =>
      s.dispatches(GatewayDispatchEvents.GuildCreate).map((d) => (d as { id: string }).id);
    expect(created(shard1)).toContain(guild.id);
    expect(created(shard0)).not.toContain(guild.id);
  });

  it('a message reaches only the shard of its guild, a DM only shard 0, an unsharded session all', async () => {
    const unsharded = await connect();
    const dm = loopback.control.as(alice).dm();
    const say = (channelId: string, content: string) =>
      loopback.world.createMessage({ channelId, authorId: alice.id, content });
    say(channelA, 'in A');
    say(channelB, 'in B');
    say(dm.id, 'in a DM');
    await syncAll();
    const contents = (s: RawGateway) =>
      s.dispatches(GatewayDispatchEvents.MessageCreate).map((d) => (d as APIMessage).content);
    expect(contents(shard0)).toEqual(['in A', 'in a DM']);
    expect(contents(shard1)).toEqual(['in B']);
    // Sessions with different num_shards may coexist; each routes by its own count.
    expect(contents(unsharded)).toEqual(['in A', 'in B', 'in a DM']);
    unsharded.close();
    sockets.splice(sockets.indexOf(unsharded), 1);
  });

  it('an interaction reaches only the shard that owns its guild, a DM interaction shard 0', async () => {
    const before = [interactionGuilds(shard0).length, interactionGuilds(shard1).length];
    const as = loopback.control.as(alice);
    as.slash('ping', {}, { channelId: channelA });
    as.slash('ping', {}, { channelId: channelB });
    as.slash('ping', {}, { channelId: as.dm().id });
    await syncAll();
    expect(interactionGuilds(shard0).slice(before[0])).toEqual([guildA.id, 'DM']);
    expect(interactionGuilds(shard1).slice(before[1])).toEqual([guildB.id]);
  });

  it("REQUEST_GUILD_MEMBERS gets no chunk for another shard's guild", async () => {
    shard0.send({ op: 8, d: { guild_id: [guildA.id, guildB.id], query: '', limit: 0 } });
    await shard0.sync();
    expect(
      shard0
        .dispatches(GatewayDispatchEvents.GuildMembersChunk)
        .map((d) => (d as { guild_id: string }).guild_id),
    ).toEqual([guildA.id]);
  });
});

describe('an interaction for a shard no session holds', () => {
  it("is refused at injection, naming the guild's shard and the sessions", async () => {
    const loopback = await LoopbackDiscord.start({ defaultGuild: false });
    const socket = new RawGateway(loopback.gatewayUrl);
    try {
      const { channels } = loopback.control.createGuild('A', ['general'], { onShard: [0, 2] });
      const bob = loopback.control.createUser('bob');
      await registerPing(loopback);
      await socket.identify(loopback.token, INTENTS, [1, 2]);
      await socket.next((p) => p.t === GatewayDispatchEvents.Ready);
      expect(() => loopback.control.as(bob).slash('ping', {}, { channelId: channels[0]?.id ?? '' })).toThrow(
        /no gateway session holds the shard of guild \d+ \(shard 0 of 2\).*sessions: \[1, 2\]/,
      );
      expect(() =>
        loopback.control.as(bob).slash('ping', {}, { channelId: loopback.control.as(bob).dm().id }),
      ).toThrow(/a DM, which only shard 0 receives/);
    } finally {
      socket.close();
      await loopback.stop();
    }
  });
});

describe('choosing a shard for a guild', () => {
  it('gives distinct ids on the chosen shard, none before 2015, even with a clock standing at the epoch', () => {
    const taken = new Set<string>();
    for (const now of [DISCORD_EPOCH, DISCORD_EPOCH + 1, Date.now()]) {
      for (let i = 0; i < 50; i += 1) {
        const shard = [i % 3, 3] as const;
        const id = guildIdOnShard(now, shard, (candidate) => taken.has(candidate));
        expect(taken.has(id)).toBe(false);
        taken.add(id);
        expect(shardOf(id, 3)).toBe(shard[0]);
        expect(BigInt(id) >> 22n).toBeGreaterThanOrEqual(0n);
      }
    }
    expect(() => guildIdOnShard(Date.now(), [2, 2], () => false)).toThrow(/0 <= id < count/);
  });

  it('works through the HTTP control API', async () => {
    const loopback = await LoopbackDiscord.start({ defaultGuild: false, clock: new ManualClock() });
    try {
      const remote = new LoopbackHttpClient(loopback.url);
      const { guild } = await remote.createGuild('far', ['general'], { onShard: [3, 4] });
      expect(await remote.shardOf(guild.id, 4)).toBe(3);
      expect(await remote.setRecommendedShards(4)).toEqual({ recommendedShards: 4 });
      expect((await remote.state()).sharding).toEqual({ recommendedShards: 4, maxGuildsPerShard: 2_500 });
      await expect(remote.createGuild('bad', ['general'], { onShard: [4, 4] })).rejects.toThrow(/onShard/);
    } finally {
      await loopback.stop();
    }
  });
});

describe('discord.js clients for shards 0 and 1 of 2', () => {
  it('each caches only its own guilds and receives only their interactions; DMs go to shard 0', async () => {
    const loopback = await LoopbackDiscord.start({ defaultGuild: false, waitTimeoutMs: 2_000 });
    const { control } = loopback;
    const a = control.createGuild('A', ['a-general'], { onShard: [0, 2] });
    const b = control.createGuild('B', ['b-general'], { onShard: [1, 2] });
    const alice = control.createUser('alice');
    const seen: string[] = [];
    const errors: unknown[] = [];
    const clients = [0, 1].map((shard) => {
      const client = new Client({
        intents: [GatewayIntentBits.Guilds],
        shards: shard,
        shardCount: 2,
        rest: { api: loopback.restApi, timeout: 2_000, retries: 0 },
      });
      client.on('interactionCreate', (interaction) => {
        seen.push(`shard ${shard}: ${interaction.guildId ?? 'DM'}`);
        if (interaction.isChatInputCommand())
          interaction.reply(`pong from shard ${shard}`).catch((error: unknown) => errors.push(error));
      });
      client.on('error', (error) => errors.push(error));
      return client;
    });
    try {
      await Promise.all(
        clients.map(async (client) => {
          const ready = once(client, 'clientReady');
          await client.login(loopback.token);
          await ready;
        }),
      );
      const [client0, client1] = clients as [Client, Client];
      expect([...client0.guilds.cache.keys()]).toEqual([a.guild.id]);
      expect([...client1.guilds.cache.keys()]).toEqual([b.guild.id]);
      expect(client1.guilds.cache.get(b.guild.id)?.shardId).toBe(1);
      await client0.application?.commands.set([PING]);

      const as = control.as(alice);
      const reply = async (channelId: string) => (await as.slash('ping', {}, { channelId }).reply()).text;
      expect(await reply(a.channels[0]?.id ?? '')).toBe('pong from shard 0');
      expect(await reply(as.dm().id)).toBe('pong from shard 0');
      // Last, so that shard 1's socket has delivered anything routed to it wrongly before.
      expect(await reply(b.channels[0]?.id ?? '')).toBe('pong from shard 1');
      expect(seen).toEqual([`shard 0: ${a.guild.id}`, 'shard 0: DM', `shard 1: ${b.guild.id}`]);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all(clients.map((client) => client.destroy()));
      await loopback.stop();
    }
  });
});

interface UndiciDispatcher {
  dispatch(options: { origin?: string | URL; path: string }, handler: unknown): boolean;
}

/** Sends undici requests for https://discord.com to `origin` instead; returns the undo. */
function redirectDiscordTo(origin: string, seen: (url: string) => void): () => void {
  const key = Symbol.for('undici.globalDispatcher.1');
  const holder = globalThis as unknown as Record<symbol, UndiciDispatcher | undefined>;
  const original = holder[key];
  if (!original)
    throw new Error("undici's global dispatcher is not set; discord.js should have loaded undici");
  const discord = new URL(RouteBases.api).origin;
  holder[key] = new Proxy(original, {
    get(target, property) {
      if (property === 'dispatch') {
        return (options: { origin?: string | URL; path: string }, handler: unknown) => {
          if (options.origin === undefined || new URL(String(options.origin)).origin !== discord)
            return target.dispatch(options, handler);
          seen(`${discord}${options.path}`);
          return target.dispatch({ ...options, origin }, handler);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return () => {
    holder[key] = original;
  };
}

describe("discord.js's ShardingManager with totalShards: 'auto'", () => {
  it('reads the shard count from GET /gateway/bot and both shards become ready with their guilds', async () => {
    const loopback = await LoopbackDiscord.start({ defaultGuild: false, recommendedShards: 2 });
    const a = loopback.control.createGuild('A', ['general'], { onShard: [0, 2] });
    const b = loopback.control.createGuild('B', ['general'], { onShard: [1, 2] });
    // fetchRecommendedShardCount fetches https://discord.com/api/v10/gateway/bot with undici and
    // takes no API base, so the manager's one request is redirected here through undici's global
    // dispatcher (the symbol is undici's cross-version contract).
    const redirected: string[] = [];
    const restore = redirectDiscordTo(loopback.url, (url) => redirected.push(url));
    const manager = new ShardingManager(fileURLToPath(new URL('./fixtures/shard-bot.mjs', import.meta.url)), {
      token: loopback.token,
      totalShards: 'auto',
      mode: 'process',
      respawn: false,
      shardArgs: [loopback.restApi],
    });
    try {
      // delay 0: max_concurrency lets both identify at once; the default waits 5.5 s per shard.
      await manager.spawn({ delay: 0, timeout: 20_000 });
      expect(redirected).toEqual(['https://discord.com/api/v10/gateway/bot']);
      expect(manager.totalShards).toBe(2);
      const guilds = await Promise.all(
        [...manager.shards.values()].map((shard) => shard.eval('this.guilds.cache.map((g) => g.id)')),
      );
      expect(guilds).toEqual([[a.guild.id], [b.guild.id]]);
      expect(
        loopback.control.gateway
          .sessions()
          .map((s) => s.shard)
          .sort((x, y) => x[0] - y[0]),
      ).toEqual([
        [0, 2],
        [1, 2],
      ]);
    } finally {
      for (const shard of manager.shards.values()) shard.kill();
      restore();
      await loopback.stop();
    }
  });
});
