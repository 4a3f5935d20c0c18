import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type APIInteraction,
  type ApplicationFlags,
  ChannelType,
  GatewayCloseCodes,
  GatewayDispatchEvents,
  type GatewayGuildDeleteDispatchData,
  GatewayIntentBits,
  GatewayOpcodes,
  type GatewayReadyDispatchData,
} from 'discord-api-types/v10';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import {
  channelJson,
  guildCreateJson,
  guildJson,
  memberJson,
  messageJson,
  roleJson,
  threadJson,
  userJson,
} from './api-json.ts';
import { createFramer, type GatewayCompression, type GatewayFramer } from './gateway-framing.ts';
import type { World } from './model.ts';
import type { LoopbackChannel, LoopbackEvent, LoopbackMessage } from './model-types.ts';
import { inShard, readShard, type ShardingSettings, type ShardTuple, shardOf } from './sharding.ts';

export interface GatewayOptions {
  readonly token: string;
  readonly heartbeatIntervalMs: number;
  /** Dispatches kept per session for RESUME. */
  readonly backlogSize: number;
  /** How long a disconnected session may still be resumed. */
  readonly resumeWindowMs: number;
  readonly gatewayUrl: () => string;
  readonly sharding: ShardingSettings;
  /** Checks the objects inside each dispatch against the specification (`contract/answer-check.ts`). */
  readonly checkDispatch?: ((event: string, data: unknown) => void) | null;
}

export interface GatewaySessionInfo {
  readonly id: string;
  readonly connected: boolean;
  readonly sequence: number;
  readonly intents: number;
  readonly shard: ShardTuple;
  readonly compression: GatewayCompression;
  readonly resumes: number;
}

interface Dispatch {
  readonly s: number;
  readonly text: string;
}

class Session {
  readonly id = randomBytes(16).toString('hex');
  sequence = 0;
  readonly backlog: Dispatch[] = [];
  connection: Connection | null = null;
  disconnectedAt: number | null = null;
  resumes = 0;

  constructor(
    readonly intents: number,
    readonly shard: ShardTuple,
  ) {}
}

class Connection {
  session: Session | null = null;
  closed = false;

  constructor(
    readonly socket: WebSocket,
    readonly framer: GatewayFramer,
    readonly compression: GatewayCompression,
  ) {}
}

const INTENT_OF: Partial<Record<GatewayDispatchEvents, (guildId: string | null) => number>> = {
  [GatewayDispatchEvents.GuildCreate]: () => GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.GuildDelete]: () => GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.ChannelCreate]: () => GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.ChannelUpdate]: () => GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.ChannelDelete]: () => GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.ThreadCreate]: () => GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.ThreadUpdate]: () => GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.ThreadDelete]: () => GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.GuildMemberAdd]: () => GatewayIntentBits.GuildMembers,
  [GatewayDispatchEvents.GuildMemberUpdate]: () => GatewayIntentBits.GuildMembers,
  [GatewayDispatchEvents.GuildRoleCreate]: () => GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.MessageCreate]: messageIntent,
  [GatewayDispatchEvents.MessageUpdate]: messageIntent,
  [GatewayDispatchEvents.MessageDelete]: messageIntent,
};

function messageIntent(guildId: string | null): number {
  return guildId === null ? GatewayIntentBits.DirectMessages : GatewayIntentBits.GuildMessages;
}

/**
 * The gateway websocket: HELLO, IDENTIFY (token checked, close 4004 otherwise), READY followed by one
 * GUILD_CREATE per guild, heartbeats, RESUME with replay of missed dispatches, and the dispatches that
 * keep discord.js's caches in step with the model. Ephemeral messages are never dispatched. Sharded
 * as Discord shards (`sharding.ts`): each session gets only its shard's guilds, and DMs go to shard 0.
 */
export class Gateway {
  readonly #world: World;
  readonly #options: GatewayOptions;
  readonly #onError: (error: unknown) => void;
  readonly #changed: () => void;
  readonly #server = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  readonly #sessions = new Map<string, Session>();
  /** Dispatch payloads already checked (`checkDispatch`), so a broadcast is checked once, not per session. */
  readonly #checked = new WeakSet<object>();
  readonly #connections = new Set<Connection>();
  readonly #unsubscribe: () => void;
  /** Fault: stop answering heartbeats, so the client declares the connection a zombie and resumes. */
  ignoreHeartbeats = false;
  identifyCount = 0;
  resumeCount = 0;

  constructor(world: World, options: GatewayOptions, onError: (error: unknown) => void, changed: () => void) {
    this.#world = world;
    this.#options = options;
    this.#onError = onError;
    this.#changed = changed;
    this.#unsubscribe = world.events.on((event) => this.#onWorldEvent(event));
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://loopback.invalid');
    const compress = url.searchParams.get('compress');
    const encoding = url.searchParams.get('encoding') ?? 'json';
    this.#server.handleUpgrade(request, socket, head, (ws) => {
      if (encoding !== 'json' || (compress !== null && compress !== 'zlib-stream')) {
        // Discord refuses ETF and unknown compressions with a decode error; say why in the reason.
        ws.close(GatewayCloseCodes.DecodeError, `unsupported encoding=${encoding} compress=${compress}`);
        return;
      }
      const compression: GatewayCompression = compress === 'zlib-stream' ? 'zlib-stream' : null;
      const connection = new Connection(ws, createFramer(compression), compression);
      this.#connections.add(connection);
      ws.on('message', (data) => this.#onMessage(connection, data));
      ws.on('close', (code) => this.#onClose(connection, code));
      ws.on('error', (error) => this.#onError(error));
      this.#send(connection, {
        op: GatewayOpcodes.Hello,
        d: { heartbeat_interval: this.#options.heartbeatIntervalMs },
      });
    });
  }

  sessions(): GatewaySessionInfo[] {
    this.#expireSessions();
    return [...this.#sessions.values()].map((s) => ({
      id: s.id,
      connected: s.connection !== null,
      sequence: s.sequence,
      intents: s.intents,
      shard: s.shard,
      compression: s.connection?.compression ?? null,
      resumes: s.resumes,
    }));
  }

  /**
   * Sends an interaction to one session, as Discord does; if the bot is between connections it waits
   * in the backlog and arrives on RESUME. Throws if no bot could ever receive it.
   */
  dispatchInteraction(payload: APIInteraction): void {
    this.#expireSessions();
    const guildId = 'guild_id' in payload && payload.guild_id ? payload.guild_id : null;
    const candidates = [...this.#sessions.values()].filter((s) => inShard(guildId, s.shard));
    const target = candidates.find((s) => s.connection !== null) ?? candidates[0];
    if (!target) {
      // Discord would deliver it to no one and the user would see "The application did not respond".
      const sessions = [...this.#sessions.values()];
      const counts = [...new Set(sessions.map((s) => s.shard[1]))];
      const shards = counts.map((count) => `shard ${shardOf(guildId, count)} of ${count}`).join(', ');
      const where =
        guildId === null
          ? 'a DM, which only shard 0 receives'
          : `guild ${guildId} (${shards || 'no session'})`;
      throw new Error(
        `no gateway session holds the shard of ${where}, so no one would receive the interaction; ` +
          `sessions: ${sessions.map((s) => `[${s.shard.join(', ')}]`).join(' ') || 'none'}`,
      );
    }
    this.#dispatchTo(target, GatewayDispatchEvents.InteractionCreate, payload);
  }

  /** Fault: cut every connection without a close frame (code 1006); discord.js resumes. */
  dropConnections(): number {
    const live = [...this.#connections].filter((c) => !c.closed);
    for (const connection of live) connection.socket.terminate();
    return live.length;
  }

  /** Fault: opcode 7 RECONNECT; discord.js closes, waits about 500 ms and resumes. */
  requestReconnect(): void {
    for (const connection of this.#connections) {
      if (connection.session) this.#send(connection, { op: GatewayOpcodes.Reconnect, d: null });
    }
  }

  /** Fault: opcode 9 INVALID_SESSION; not resumable means a fresh IDENTIFY. */
  invalidateSessions(resumable: boolean): void {
    for (const connection of this.#connections) {
      if (!connection.session) continue;
      if (!resumable) this.#sessions.delete(connection.session.id);
      this.#send(connection, { op: GatewayOpcodes.InvalidSession, d: resumable });
    }
  }

  async close(): Promise<void> {
    this.#unsubscribe();
    for (const connection of this.#connections) {
      connection.closed = true;
      connection.framer.close();
      connection.socket.terminate();
    }
    this.#connections.clear();
    this.#sessions.clear();
    await new Promise<void>((resolve, reject) =>
      this.#server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  // ── client → server ────────────────────────────────────────────────────────────────────────────

  #onMessage(connection: Connection, data: RawData): void {
    let payload: { op?: unknown; d?: unknown };
    try {
      payload = JSON.parse(rawToString(data));
    } catch {
      connection.socket.close(GatewayCloseCodes.DecodeError, 'payload is not JSON');
      return;
    }
    try {
      switch (payload.op) {
        case GatewayOpcodes.Heartbeat:
          if (!this.ignoreHeartbeats) this.#send(connection, { op: GatewayOpcodes.HeartbeatAck });
          return;
        case GatewayOpcodes.Identify:
          this.#identify(connection, payload.d);
          return;
        case GatewayOpcodes.Resume:
          this.#resume(connection, payload.d);
          return;
        case GatewayOpcodes.RequestGuildMembers:
          this.#requestMembers(connection, payload.d);
          return;
        case GatewayOpcodes.PresenceUpdate:
        case GatewayOpcodes.VoiceStateUpdate:
        case GatewayOpcodes.RequestSoundboardSounds:
          if (!connection.session)
            connection.socket.close(GatewayCloseCodes.NotAuthenticated, 'identify first');
          return;
        default:
          connection.socket.close(GatewayCloseCodes.UnknownOpcode, `unknown opcode ${String(payload.op)}`);
      }
    } catch (error) {
      this.#onError(error);
      connection.socket.close(GatewayCloseCodes.UnknownError, 'loopback gateway error');
    }
  }

  #identify(connection: Connection, data: unknown): void {
    const d = (data ?? {}) as { token?: unknown; intents?: unknown; shard?: unknown };
    if (connection.session) {
      connection.socket.close(GatewayCloseCodes.AlreadyAuthenticated, 'already identified');
      return;
    }
    if (!this.#tokenOk(d.token)) {
      connection.socket.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
      return;
    }
    const shard = readShard(d.shard);
    if (!shard) {
      connection.socket.close(GatewayCloseCodes.InvalidShard, 'Invalid shard.');
      return;
    }
    const guilds = this.#world.botGuilds().filter((g) => inShard(g.id, shard));
    if (guilds.length > this.#options.sharding.maxGuildsPerShard) {
      // Discord checks at IDENTIFY only: a live session that grows past the cap keeps running.
      connection.socket.close(GatewayCloseCodes.ShardingRequired, 'Sharding required.');
      return;
    }
    const session = new Session(typeof d.intents === 'number' ? d.intents : 0, shard);
    this.#sessions.set(session.id, session);
    this.#attach(connection, session);
    this.identifyCount += 1;
    const ready: GatewayReadyDispatchData = {
      v: 10,
      user: userJson(this.#world.bot),
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.#options.gatewayUrl(),
      shard: [shard[0], shard[1]],
      application: { id: this.#world.applicationId, flags: 0 as ApplicationFlags, flags_new: '0' },
    };
    this.#dispatchTo(session, GatewayDispatchEvents.Ready, ready);
    // Without a GUILD_CREATE for every guild in READY, discord.js waits 15 s before 'clientReady' (P7).
    for (const guild of guilds)
      this.#dispatchTo(session, GatewayDispatchEvents.GuildCreate, guildCreateJson(this.#world, guild));
    this.#changed();
  }

  #resume(connection: Connection, data: unknown): void {
    const d = (data ?? {}) as { token?: unknown; session_id?: unknown; seq?: unknown };
    if (!this.#tokenOk(d.token)) {
      connection.socket.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
      return;
    }
    this.#expireSessions();
    const session = typeof d.session_id === 'string' ? this.#sessions.get(d.session_id) : undefined;
    const seq = typeof d.seq === 'number' ? d.seq : 0;
    const first = session?.backlog[0];
    const replayable =
      session !== undefined && (first === undefined || first.s <= seq + 1 || seq >= session.sequence);
    if (!session || !replayable) {
      this.#send(connection, { op: GatewayOpcodes.InvalidSession, d: false });
      return;
    }
    const previous = session.connection;
    if (previous && previous !== connection) {
      previous.session = null;
      previous.socket.terminate();
    }
    this.#attach(connection, session);
    session.resumes += 1;
    this.resumeCount += 1;
    for (const dispatch of session.backlog)
      if (dispatch.s > seq) void this.#sendText(connection, dispatch.text);
    this.#send(connection, {
      op: GatewayOpcodes.Dispatch,
      t: GatewayDispatchEvents.Resumed,
      s: session.sequence,
      d: {},
    });
    this.#changed();
  }

  #requestMembers(connection: Connection, data: unknown): void {
    const session = connection.session;
    if (!session) {
      connection.socket.close(GatewayCloseCodes.NotAuthenticated, 'identify first');
      return;
    }
    const d = (data ?? {}) as {
      guild_id?: unknown;
      user_ids?: unknown;
      query?: unknown;
      limit?: unknown;
      nonce?: unknown;
    };
    const guildIds = Array.isArray(d.guild_id) ? d.guild_id : [d.guild_id];
    for (const guildId of guildIds) {
      const guild = typeof guildId === 'string' ? this.#world.guild(guildId) : undefined;
      // A session holds only its shard's guilds. Discord does not document the answer for another
      // shard's guild; none, as for an unknown guild, is the cautious guess.
      if (!guild || !inShard(guild.id, session.shard)) continue;
      const wanted = Array.isArray(d.user_ids)
        ? d.user_ids.map(String)
        : typeof d.user_ids === 'string'
          ? [d.user_ids]
          : null;
      const query = typeof d.query === 'string' ? d.query.toLowerCase() : '';
      const limit = typeof d.limit === 'number' && d.limit > 0 ? d.limit : Number.POSITIVE_INFINITY;
      const ids = [...guild.members.keys()]
        .filter((id) =>
          wanted
            ? wanted.includes(id)
            : (this.#world.user(id)?.username ?? '').toLowerCase().startsWith(query),
        )
        .slice(0, limit);
      this.#dispatchTo(session, GatewayDispatchEvents.GuildMembersChunk, {
        guild_id: guild.id,
        members: ids.map((id) => memberJson(this.#world, guild, id)),
        chunk_index: 0,
        chunk_count: 1,
        ...(wanted ? { not_found: wanted.filter((id) => !guild.members.has(id)) } : {}),
        ...(d.nonce !== undefined ? { nonce: d.nonce } : {}),
      });
    }
  }

  #onClose(connection: Connection, code: number): void {
    connection.closed = true;
    connection.framer.close();
    this.#connections.delete(connection);
    const session = connection.session;
    if (!session || session.connection !== connection) return;
    session.connection = null;
    // A client that closes with 1000/1001 ends its session; Discord will not let it resume.
    if (code === 1000 || code === 1001) this.#sessions.delete(session.id);
    else session.disconnectedAt = this.#world.clock.now();
    this.#changed();
  }

  // ── server → client ────────────────────────────────────────────────────────────────────────────

  #onWorldEvent(event: LoopbackEvent): void {
    switch (event.type) {
      case 'message-create':
      case 'message-update':
      case 'message-delete':
        this.#dispatchMessage(event.type, event.message);
        return;
      case 'channel-create':
      case 'channel-update':
      case 'channel-delete':
        this.#dispatchChannel(event.type, event.channel);
        return;
      case 'guild-create':
        this.#broadcast(
          GatewayDispatchEvents.GuildCreate,
          event.guild.id,
          guildCreateJson(this.#world, event.guild),
        );
        return;
      case 'guild-delete': {
        // A removal leaves `unavailable` out; an outage would send `unavailable: true`. Typed here because
        // the gateway is not in Discord's specification.
        const data: GatewayGuildDeleteDispatchData = { id: event.guildId };
        this.#broadcast(GatewayDispatchEvents.GuildDelete, event.guildId, data, { botLeft: true });
        return;
      }
      case 'guild-update': {
        // GUILD_UPDATE carries the guild object without GUILD_CREATE's extra fields (channels, members…).
        this.#broadcast(
          GatewayDispatchEvents.GuildUpdate,
          event.guild.id,
          guildJson(this.#world, event.guild),
        );
        return;
      }
      case 'role-create':
        this.#broadcast(GatewayDispatchEvents.GuildRoleCreate, event.role.guildId, {
          guild_id: event.role.guildId,
          role: roleJson(event.role),
        });
        return;
      case 'member-update': {
        const guild = this.#world.guild(event.guildId);
        if (!guild) return;
        this.#broadcast(GatewayDispatchEvents.GuildMemberUpdate, guild.id, {
          ...memberJson(this.#world, guild, event.userId),
          guild_id: guild.id,
        });
        return;
      }
      case 'member-add': {
        const guild = this.#world.guild(event.guildId);
        if (!guild) return;
        this.#broadcast(GatewayDispatchEvents.GuildMemberAdd, guild.id, {
          ...memberJson(this.#world, guild, event.user.id),
          guild_id: guild.id,
        });
        return;
      }
      default:
        return;
    }
  }

  #dispatchMessage(
    type: 'message-create' | 'message-update' | 'message-delete',
    message: LoopbackMessage,
  ): void {
    // Ephemeral messages exist only between Discord and one user's client; bots never receive them.
    if (message.visibleTo !== null) return;
    const guildId = message.guildId;
    if (type === 'message-delete') {
      this.#broadcast(GatewayDispatchEvents.MessageDelete, guildId, {
        id: message.id,
        channel_id: message.channelId,
        ...(guildId ? { guild_id: guildId } : {}),
      });
      return;
    }
    const guild = guildId === null ? undefined : this.#world.guild(guildId);
    const member = guild?.members.has(message.authorId)
      ? memberJson(this.#world, guild, message.authorId)
      : undefined;
    const { user: _user, ...partialMember } = member ?? {};
    this.#broadcast(
      type === 'message-create' ? GatewayDispatchEvents.MessageCreate : GatewayDispatchEvents.MessageUpdate,
      guildId,
      {
        ...messageJson(this.#world, message),
        ...(guildId ? { guild_id: guildId } : {}),
        ...(member ? { member: partialMember } : {}),
      },
    );
  }

  #dispatchChannel(
    type: 'channel-create' | 'channel-update' | 'channel-delete',
    channel: Readonly<LoopbackChannel>,
  ): void {
    // Discord has not sent CHANNEL_CREATE for DMs since API v8; discord.js caches them from REST.
    if (channel.type === ChannelType.DM) return;
    const thread = channel.parentId !== null;
    if (type === 'channel-delete') {
      const data = thread
        ? { id: channel.id, guild_id: channel.guildId, parent_id: channel.parentId, type: channel.type }
        : channelJson(this.#world, channel);
      this.#broadcast(
        thread ? GatewayDispatchEvents.ThreadDelete : GatewayDispatchEvents.ChannelDelete,
        channel.guildId,
        data,
      );
      return;
    }
    if (!thread) {
      const event =
        type === 'channel-create' ? GatewayDispatchEvents.ChannelCreate : GatewayDispatchEvents.ChannelUpdate;
      this.#broadcast(event, channel.guildId, channelJson(this.#world, channel));
      return;
    }
    const data = threadJson(this.#world, channel);
    if (type === 'channel-create') {
      this.#broadcast(GatewayDispatchEvents.ThreadCreate, channel.guildId, { ...data, newly_created: true });
    } else {
      this.#broadcast(GatewayDispatchEvents.ThreadUpdate, channel.guildId, data);
    }
  }

  #broadcast(
    event: GatewayDispatchEvents,
    guildId: string | null,
    data: unknown,
    options: { botLeft?: boolean } = {},
  ): void {
    this.#expireSessions();
    // A guild the bot is not in sends it nothing, but the GUILD_DELETE that says it was removed.
    if (guildId !== null && !options.botLeft && !this.#world.isMember(guildId, this.#world.bot.id)) return;
    const intentOf = INTENT_OF[event];
    for (const session of this.#sessions.values()) {
      if (!inShard(guildId, session.shard)) continue;
      if (intentOf && (session.intents & intentOf(guildId)) === 0) continue;
      this.#dispatchTo(session, event, data);
    }
  }

  #dispatchTo(session: Session, event: GatewayDispatchEvents, data: unknown): void {
    // A broadcast hands every session the same object: it is checked once.
    if (
      this.#options.checkDispatch &&
      typeof data === 'object' &&
      data !== null &&
      !this.#checked.has(data)
    ) {
      this.#checked.add(data);
      this.#options.checkDispatch(event, data);
    }
    session.sequence += 1;
    const text = JSON.stringify({ op: GatewayOpcodes.Dispatch, t: event, s: session.sequence, d: data });
    session.backlog.push({ s: session.sequence, text });
    if (session.backlog.length > this.#options.backlogSize) session.backlog.shift();
    if (session.connection) void this.#sendText(session.connection, text);
  }

  #attach(connection: Connection, session: Session): void {
    connection.session = session;
    session.connection = connection;
    session.disconnectedAt = null;
  }

  #send(connection: Connection, payload: { op: GatewayOpcodes; d?: unknown; t?: string; s?: number }): void {
    void this.#sendText(connection, JSON.stringify({ t: null, s: null, d: null, ...payload }));
  }

  async #sendText(connection: Connection, text: string): Promise<void> {
    if (connection.closed) return;
    try {
      const frame = await connection.framer.encode(text);
      if (connection.closed || connection.socket.readyState !== connection.socket.OPEN) return;
      connection.socket.send(frame, (error) => {
        if (error && !connection.closed) this.#onError(error);
      });
    } catch (error) {
      if (!connection.closed) this.#onError(error);
    }
  }

  #tokenOk(token: unknown): boolean {
    return typeof token === 'string' && token.replace(/^Bot\s+/i, '') === this.#options.token;
  }

  #expireSessions(): void {
    const now = this.#world.clock.now();
    for (const session of this.#sessions.values()) {
      if (session.disconnectedAt !== null && now - session.disconnectedAt > this.#options.resumeWindowMs) {
        this.#sessions.delete(session.id);
      }
    }
  }
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
