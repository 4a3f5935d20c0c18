import { constants, inflateSync } from 'node:zlib';
import { GatewayCloseCodes, GatewayDispatchEvents, GatewayOpcodes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LoopbackDiscord, ZLIB_SUFFIX, ZlibStreamFramer } from '../../src/loopback/index.ts';

interface Payload {
  op: number;
  t?: string | null;
  s?: number | null;
  d?: unknown;
}

/** A bare gateway client: it decodes zlib-stream the way zlib-sync would, by inflating up to each flush. */
class RawClient {
  readonly received: Payload[] = [];
  readonly closed: Promise<number>;
  readonly #socket: WebSocket;
  #compressed = Buffer.alloc(0);
  #decodedLength = 0;
  #listeners: (() => void)[] = [];

  constructor(url: string) {
    this.#socket = new WebSocket(url);
    this.closed = new Promise((resolve) => this.#socket.on('close', (code) => resolve(code)));
    this.#socket.on('message', (data, isBinary) => {
      const buffer = data as Buffer;
      if (!isBinary) {
        this.#push(buffer.toString('utf8'));
        return;
      }
      expect(buffer.subarray(-4).equals(ZLIB_SUFFIX)).toBe(true);
      this.#compressed = Buffer.concat([this.#compressed, buffer]);
      const text = inflateSync(this.#compressed, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
      this.#push(text.slice(this.#decodedLength));
      this.#decodedLength = text.length;
    });
  }

  send(payload: Payload): void {
    this.#socket.send(JSON.stringify(payload));
  }

  async next(predicate: (p: Payload) => boolean): Promise<Payload> {
    for (;;) {
      const found = this.received.find(predicate);
      if (found) return found;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no payload matched; got ${JSON.stringify(this.received)}`)),
          2_000,
        );
        this.#listeners.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.#socket.terminate();
  }

  #push(text: string): void {
    this.received.push(JSON.parse(text) as Payload);
    for (const listener of this.#listeners.splice(0)) listener();
  }
}

describe('zlib-stream framing', () => {
  it('each frame ends with the Z_SYNC_FLUSH suffix and completes exactly one message', async () => {
    const framer = new ZlibStreamFramer();
    const messages = ['{"op":10}', JSON.stringify({ op: 0, d: 'x'.repeat(5_000) }), '{"op":11}'];
    // Encoded concurrently: the framer must still keep them in order and apart.
    const frames = await Promise.all(messages.map((m) => framer.encode(m)));
    framer.close();
    let stream = Buffer.alloc(0);
    let decoded = '';
    frames.forEach((frame, i) => {
      expect(frame.subarray(-4).equals(ZLIB_SUFFIX)).toBe(true);
      stream = Buffer.concat([stream, frame]);
      const text = inflateSync(stream, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
      expect(text.slice(decoded.length)).toBe(messages[i]);
      decoded = text;
    });
    // One shared deflate context: the repeated payload compresses far below its size.
    expect(frames[1]?.byteLength).toBeLessThan(200);
  });
});

describe('the gateway protocol', () => {
  let loopback: LoopbackDiscord;
  const clients: RawClient[] = [];
  const connect = (query = 'v=10&encoding=json') => {
    const client = new RawClient(`${loopback.gatewayUrl}?${query}`);
    clients.push(client);
    return client;
  };
  const identify = (client: RawClient, token = loopback.token) =>
    client.send({ op: GatewayOpcodes.Identify, d: { token, intents: 1, properties: {}, shard: [0, 1] } });

  beforeAll(async () => {
    loopback = await LoopbackDiscord.start();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await loopback.stop();
  });

  it('speaks zlib-stream: HELLO, READY and GUILD_CREATE arrive compressed', async () => {
    const client = connect('v=10&encoding=json&compress=zlib-stream');
    const hello = await client.next((p) => p.op === GatewayOpcodes.Hello);
    expect(hello.d).toEqual({ heartbeat_interval: 41_250 });
    identify(client);
    const ready = await client.next((p) => p.t === GatewayDispatchEvents.Ready);
    expect(ready.d).toMatchObject({
      v: 10,
      user: { id: loopback.control.bot.id, bot: true },
      guilds: [{ id: loopback.control.defaultGuild.id, unavailable: true }],
      application: { id: loopback.control.applicationId },
      resume_gateway_url: loopback.gatewayUrl,
    });
    const guild = await client.next((p) => p.t === GatewayDispatchEvents.GuildCreate);
    expect(guild.s).toBe(2);
    expect(guild.d).toMatchObject({ id: loopback.control.defaultGuild.id, channels: [{ name: 'general' }] });
    client.send({ op: GatewayOpcodes.Heartbeat, d: 2 });
    await client.next((p) => p.op === GatewayOpcodes.HeartbeatAck);
    expect(loopback.control.gateway.sessions().find((s) => s.compression === 'zlib-stream')).toBeDefined();
  });

  it('closes with 4004 on a wrong token at IDENTIFY', async () => {
    const client = connect();
    await client.next((p) => p.op === GatewayOpcodes.Hello);
    identify(client, 'wrong');
    expect(await client.closed).toBe(GatewayCloseCodes.AuthenticationFailed);
  });

  it('closes with 4003 when something other than IDENTIFY or RESUME comes first', async () => {
    const client = connect();
    await client.next((p) => p.op === GatewayOpcodes.Hello);
    client.send({ op: GatewayOpcodes.PresenceUpdate, d: {} });
    expect(await client.closed).toBe(GatewayCloseCodes.NotAuthenticated);
  });

  it('refuses ETF with 4002', async () => {
    const client = connect('v=10&encoding=etf');
    expect(await client.closed).toBe(GatewayCloseCodes.DecodeError);
  });

  it('answers RESUME of an unknown session with INVALID_SESSION (not resumable)', async () => {
    const client = connect();
    await client.next((p) => p.op === GatewayOpcodes.Hello);
    client.send({ op: GatewayOpcodes.Resume, d: { token: loopback.token, session_id: 'nope', seq: 3 } });
    expect((await client.next((p) => p.op === GatewayOpcodes.InvalidSession)).d).toBe(false);
  });

  it('replays missed dispatches on RESUME, then RESUMED', async () => {
    const first = connect();
    await first.next((p) => p.op === GatewayOpcodes.Hello);
    identify(first);
    const ready = await first.next((p) => p.t === GatewayDispatchEvents.Ready);
    const sessionId = (ready.d as { session_id: string }).session_id;
    await first.next((p) => p.t === GatewayDispatchEvents.GuildCreate);
    first.close();
    await first.closed;
    const channel = loopback.control.createChannel({ name: 'while-away' });
    const second = connect();
    await second.next((p) => p.op === GatewayOpcodes.Hello);
    second.send({ op: GatewayOpcodes.Resume, d: { token: loopback.token, session_id: sessionId, seq: 2 } });
    const replayed = await second.next((p) => p.t === GatewayDispatchEvents.ChannelCreate);
    expect(replayed.d).toMatchObject({ id: channel.id, name: 'while-away' });
    const resumed = await second.next((p) => p.t === GatewayDispatchEvents.Resumed);
    expect(second.received.indexOf(resumed)).toBeGreaterThan(second.received.indexOf(replayed));
  });

  it('tells the bot a deleted thread by THREAD_DELETE and a deleted channel by CHANNEL_DELETE', async () => {
    const control = loopback.control;
    const owner = control.createUser('deleter');
    const client = connect();
    await client.next((p) => p.op === GatewayOpcodes.Hello);
    identify(client);
    await client.next((p) => p.t === GatewayDispatchEvents.GuildCreate);
    const channel = control.createChannel({ name: 'doomed' });
    const thread = control.createThread({ parentId: channel.id, name: 'doomed thread', ownerId: owner.id });
    control.deleteChannel(thread.id);
    const threadDelete = await client.next((p) => p.t === GatewayDispatchEvents.ThreadDelete);
    expect(threadDelete.d).toEqual({
      id: thread.id,
      guild_id: control.defaultGuild.id,
      parent_id: channel.id,
      type: thread.type,
    });
    expect(control.channel(thread.id)).toBeUndefined();
    control.deleteChannel(channel.id);
    const channelDelete = await client.next((p) => p.t === GatewayDispatchEvents.ChannelDelete);
    expect(channelDelete.d).toMatchObject({ id: channel.id, name: 'doomed' });
    expect(() => control.deleteChannel(channel.id)).toThrow(`no guild channel ${channel.id}`);
    expect(() => control.deleteChannel(control.as(owner).dm().id)).toThrow(/no guild channel/);
  });

  it('answers REQUEST_GUILD_MEMBERS with one GUILD_MEMBERS_CHUNK', async () => {
    const alice = loopback.control.createUser('alice');
    const client = connect();
    await client.next((p) => p.op === GatewayOpcodes.Hello);
    identify(client);
    await client.next((p) => p.t === GatewayDispatchEvents.GuildCreate);
    client.send({
      op: GatewayOpcodes.RequestGuildMembers,
      d: {
        guild_id: loopback.control.defaultGuild.id,
        user_ids: [alice.id, '123456789012345678'],
        nonce: 'n1',
      },
    });
    const chunk = await client.next((p) => p.t === GatewayDispatchEvents.GuildMembersChunk);
    expect(chunk.d).toMatchObject({
      members: [{ user: { id: alice.id, username: 'alice' } }],
      not_found: ['123456789012345678'],
      nonce: 'n1',
      chunk_count: 1,
    });
  });
});
