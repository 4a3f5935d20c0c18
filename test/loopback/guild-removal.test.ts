import { once } from 'node:events';
import { DiscordAPIError, type Guild, GatewayIntentBits as Intents } from 'discord.js';
import { GatewayDispatchEvents, GatewayIntentBits } from 'discord-api-types/v10';
import { afterEach, describe, expect, it } from 'vitest';
import { LoopbackDiscord, LoopbackHttpClient } from '../../src/loopback/index.ts';
import { type Harness, PING, startHarness } from './harness.ts';
import { RawGateway } from './raw-gateway.ts';

/** The Discord error code of a rejected discord.js request. */
async function codeOf(request: Promise<unknown>): Promise<{ status: number; code: number | string }> {
  const error = await request.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DiscordAPIError)) throw new Error(`expected a Discord error, got ${String(error)}`);
  return { status: error.status, code: error.code };
}

describe('the bot removed from a guild, over a raw gateway', () => {
  let loopback: LoopbackDiscord | null = null;
  const sockets: RawGateway[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await loopback?.stop();
    loopback = null;
  });

  it('sends GUILD_DELETE without `unavailable`, nothing of the guild while out, and GUILD_CREATE on return', async () => {
    loopback = await LoopbackDiscord.start();
    const { control } = loopback;
    const guildId = control.defaultGuild.id;
    const raw = new RawGateway(loopback.gatewayUrl);
    sockets.push(raw);
    await raw.identify(loopback.token, GatewayIntentBits.Guilds | GatewayIntentBits.GuildMessages);
    await raw.next((p) => p.t === GatewayDispatchEvents.GuildCreate);

    control.removeBot(guildId);
    const removed = await raw.next((p) => p.t === GatewayDispatchEvents.GuildDelete);
    // An outage would say `unavailable: true`; a removal leaves the field out altogether.
    expect(removed.d).toStrictEqual({ id: guildId });

    // While out, the guild goes on without the bot: a new channel is not dispatched to it.
    const created = control.createChannel({ name: 'while-away', guildId });
    await raw.sync();
    expect(raw.dispatches(GatewayDispatchEvents.ChannelCreate)).toHaveLength(0);

    const before = raw.received.length;
    control.addBot(guildId);
    const back = await raw.next((p) => p.t === GatewayDispatchEvents.GuildCreate, before);
    const guild = back.d as { id: string; channels: { id: string }[]; members: { user: { id: string } }[] };
    expect(guild.id).toBe(guildId);
    expect(guild.channels.map((c) => c.id)).toContain(created.id);
    expect(guild.members.map((m) => m.user.id)).toContain(control.bot.id);
  });

  it('leaves a guild out of READY after the removal, and lists it again once the bot is back', async () => {
    loopback = await LoopbackDiscord.start();
    const { control } = loopback;
    const { guild: other } = control.createGuild('other');
    control.removeBot(other.id);
    const raw = new RawGateway(loopback.gatewayUrl);
    sockets.push(raw);
    await raw.identify(loopback.token, GatewayIntentBits.Guilds);
    await raw.next((p) => p.t === GatewayDispatchEvents.GuildCreate);
    expect(raw.readyGuildIds()).toStrictEqual([control.defaultGuild.id]);

    control.addBot(other.id);
    const again = new RawGateway(loopback.gatewayUrl);
    sockets.push(again);
    await again.identify(loopback.token, GatewayIntentBits.Guilds);
    await again.next((p) => p.t === GatewayDispatchEvents.Ready);
    expect(again.readyGuildIds().sort()).toStrictEqual([control.defaultGuild.id, other.id].sort());
  });

  it("sends GUILD_DELETE only to the sessions of the guild's shard", async () => {
    loopback = await LoopbackDiscord.start({ defaultGuild: false });
    const { control } = loopback;
    const { guild } = control.createGuild('on shard 1', ['general'], { onShard: [1, 2] });
    const [zero, one] = [new RawGateway(loopback.gatewayUrl), new RawGateway(loopback.gatewayUrl)];
    sockets.push(zero, one);
    await zero.identify(loopback.token, GatewayIntentBits.Guilds, [0, 2]);
    await one.identify(loopback.token, GatewayIntentBits.Guilds, [1, 2]);
    await zero.next((p) => p.t === GatewayDispatchEvents.Ready);
    await one.next((p) => p.t === GatewayDispatchEvents.GuildCreate);

    control.removeBot(guild.id);
    expect((await one.next((p) => p.t === GatewayDispatchEvents.GuildDelete)).d).toStrictEqual({
      id: guild.id,
    });
    await zero.sync();
    expect(zero.dispatches(GatewayDispatchEvents.GuildDelete)).toHaveLength(0);
  });

  it('is driven over the HTTP control API too', async () => {
    loopback = await LoopbackDiscord.start();
    const remote = new LoopbackHttpClient(loopback.url);
    const guildId = loopback.control.defaultGuild.id;
    const raw = new RawGateway(loopback.gatewayUrl);
    sockets.push(raw);
    await raw.identify(loopback.token, GatewayIntentBits.Guilds);
    await raw.next((p) => p.t === GatewayDispatchEvents.GuildCreate);
    await remote.removeBot(guildId);
    expect((await raw.next((p) => p.t === GatewayDispatchEvents.GuildDelete)).d).toStrictEqual({
      id: guildId,
    });
    await expect(remote.removeBot(guildId)).rejects.toThrow(/not in guild/);
    const before = raw.received.length;
    await remote.addBot(guildId);
    await raw.next((p) => p.t === GatewayDispatchEvents.GuildCreate, before);
  });

  it('refuses to remove a bot that is not there, or add one that is', async () => {
    loopback = await LoopbackDiscord.start();
    const { control } = loopback;
    expect(() => control.addBot(control.defaultGuild.id)).toThrow(/already in guild/);
    control.removeBot(control.defaultGuild.id);
    expect(() => control.removeBot(control.defaultGuild.id)).toThrow(/not in guild/);
  });
});

describe('the bot removed from a guild, with discord.js', () => {
  let harness: Harness | null = null;
  afterEach(async () => {
    await harness?.stop();
    harness = null;
  });

  it('emits guildDelete, then the guild and its channels refuse the bot as Discord does', async () => {
    harness = await startHarness({ intents: [Intents.Guilds, Intents.GuildMessages], commands: [PING] });
    const { client, loopback } = harness;
    const { control } = loopback;
    const guildId = control.defaultGuild.id;
    const channelId = control.defaultChannel.id;
    const alice = control.createUser('alice');

    const deleted = once(client, 'guildDelete') as Promise<[Guild]>;
    control.removeBot(guildId);
    const [guild] = await deleted;
    expect(guild.id).toBe(guildId);
    // discord.js tells a removal from an outage by `unavailable`: a removed guild leaves its cache.
    expect(guild.available).toBe(true);
    expect(client.guilds.cache.has(guildId)).toBe(false);

    // The guild itself: 10004, as for a guild that does not exist (discord-api-docs #5840).
    expect(await codeOf(client.rest.get(`/guilds/${guildId}`))).toStrictEqual({ status: 404, code: 10004 });
    // Its channels and members: 50001 Missing Access.
    expect(await codeOf(client.rest.get(`/channels/${channelId}`))).toStrictEqual({
      status: 403,
      code: 50001,
    });
    expect(
      await codeOf(client.rest.post(`/channels/${channelId}/messages`, { body: { content: 'still here?' } })),
    ).toStrictEqual({ status: 403, code: 50001 });
    expect(await codeOf(client.rest.get(`/guilds/${guildId}/members/${alice.id}`))).toStrictEqual({
      status: 403,
      code: 50001,
    });
    expect(
      await codeOf(client.rest.get(`/applications/${control.bot.id}/guilds/${guildId}/commands`)),
    ).toStrictEqual({ status: 403, code: 50001 });
    expect(await client.rest.get('/users/@me/guilds')).toStrictEqual([]);
    expect(control.messages(channelId)).toHaveLength(0);
    // Discord offers no command of an app that is not in the server.
    expect(() => control.as(alice).slash('ping')).toThrow(/bot is not in guild/);

    const created = once(client, 'guildCreate') as Promise<[Guild]>;
    control.addBot(guildId);
    const [back] = await created;
    expect(back.id).toBe(guildId);
    expect(back.channels.cache.has(channelId)).toBe(true);
    const channel = await client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Error('the channel should be sendable again');
    await channel.send('back');
    expect(control.messages(channelId).map((m) => m.text)).toStrictEqual(['back']);
  });

  it('lets the bot leave by itself (DELETE /users/@me/guilds/:id): the same GUILD_DELETE, then 10004', async () => {
    harness = await startHarness();
    const { client, loopback } = harness;
    const guildId = loopback.control.defaultGuild.id;
    const guild = client.guilds.cache.get(guildId);
    if (!guild) throw new Error('the bot should start in the default guild');

    const deleted = once(client, 'guildDelete') as Promise<[Guild]>;
    await guild.leave();
    const [gone] = await deleted;
    expect(gone.id).toBe(guildId);
    expect(loopback.control.guild(guildId)?.members.has(loopback.control.bot.id)).toBe(false);
    expect(await codeOf(client.rest.delete(`/users/@me/guilds/${guildId}`))).toStrictEqual({
      status: 404,
      code: 10004,
    });
  });
});
