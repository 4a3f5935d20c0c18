import type { APIApplicationCommand } from 'discord-api-types/v10';
import type { CommandRegistry } from './commands.ts';
import type { ContractLog, ContractViolation } from './contract/violations.ts';
import type { Faults } from './faults.ts';
import { EventFeed, subscribe } from './feed.ts';
import type { Gateway, GatewaySessionInfo } from './gateway.ts';
import { InteractionHandle } from './interaction-handle.ts';
import type { InteractionRecord, InteractionStore } from './interaction-record.ts';
import type { InteractionResponder } from './interaction-responder.ts';
import type { World } from './model.ts';
import type {
  LoopbackChannel,
  LoopbackEvent,
  LoopbackGuild,
  LoopbackMessage,
  LoopbackRole,
  LoopbackUser,
} from './model-types.ts';
import type { ResolvedOptions } from './options.ts';
import { type PermissionName, permissionBits } from './permissions.ts';
import type { RecordedRequest } from './request-log.ts';
import { guildIdOnShard, type ShardingSettings, type ShardTuple, shardOf } from './sharding.ts';
import { UserActor } from './user-actor.ts';
import type { Waiters, WaitOptions } from './waiters.ts';

export interface ControlDeps {
  readonly world: World;
  readonly commands: CommandRegistry;
  readonly store: InteractionStore;
  readonly responder: InteractionResponder;
  readonly gateway: Gateway;
  readonly sharding: ShardingSettings;
  readonly faults: Faults;
  readonly waiters: Waiters;
  readonly options: ResolvedOptions;
  readonly requests: () => readonly RecordedRequest[];
  readonly internalErrors: () => readonly unknown[];
  readonly contract: ContractLog;
}

export interface MessageQuery {
  readonly channelId?: string;
  /** Only messages this user can see. */
  readonly as?: string;
  readonly where?: (message: LoopbackMessage) => boolean;
  /** For timeout messages. */
  readonly description?: string;
}

/**
 * The typed control API: build the world, act as users, read and wait for what the bot did, inject
 * faults. Tests use it in-process; `control-http.ts` exposes the same over HTTP.
 */
export class LoopbackControl {
  readonly faults: Faults;
  readonly gateway: GatewayControl;
  readonly #deps: ControlDeps;
  readonly #actors = new Map<string, UserActor>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #feeds = new Set<EventFeed>();
  #defaultGuildId: string | null = null;
  #defaultChannelId: string | null = null;

  constructor(deps: ControlDeps) {
    this.#deps = deps;
    this.faults = deps.faults;
    this.gateway = new GatewayControl(deps.gateway, deps.waiters, deps.sharding, deps.world);
  }

  get bot(): LoopbackUser {
    return this.#deps.world.bot;
  }

  get applicationId(): string {
    return this.#deps.world.applicationId;
  }

  get defaultGuildId(): string | null {
    return this.#defaultGuildId;
  }

  get defaultChannelId(): string | null {
    return this.#defaultChannelId;
  }

  get defaultGuild(): LoopbackGuild {
    const guild = this.#defaultGuildId === null ? undefined : this.#deps.world.guild(this.#defaultGuildId);
    if (!guild) throw new Error('the loopback was started without a default guild');
    return guild;
  }

  get defaultChannel(): LoopbackChannel {
    const channel =
      this.#defaultChannelId === null ? undefined : this.#deps.world.channel(this.#defaultChannelId);
    if (!channel) throw new Error('the loopback was started without a default channel');
    return channel;
  }

  setDefaults(guildId: string, channelId: string): void {
    this.#defaultGuildId = guildId;
    this.#defaultChannelId = channelId;
  }

  // ── building the world ─────────────────────────────────────────────────────────────────────────

  /** A user who joins every existing guild unless `guildIds` says otherwise. */
  createUser(
    input:
      | string
      | {
          username: string;
          globalName?: string;
          guildIds?: readonly string[];
          grants?: readonly PermissionName[];
          /** Their Discord client's language, e.g. 'es-ES' (default 'en-US'). */
          locale?: string;
        },
  ): LoopbackUser {
    return this.#deps.world.createUser(typeof input === 'string' ? { username: input } : input);
  }

  /** The language a person's Discord client is set to, sent with each of their interactions. */
  userLocale(userId: string): string {
    return this.#deps.world.userLocale(userId);
  }

  /** A person switches their Discord client's language (Settings → Language). */
  setUserLocale(userId: string, locale: string): void {
    this.#deps.world.setUserLocale(userId, locale);
  }

  /**
   * A person closes (or opens again) their DMs to the bot: Privacy → "Allow direct messages from server
   * members" off, or a block. The bot's DMs to them then fail with 403 {code: 50007}.
   */
  setDmsOpen(userId: string, open: boolean): void {
    this.#deps.world.setDmsOpen(userId, open);
  }

  /**
   * A server manager makes a role (Server Settings → Roles) with these permissions: whoever has it gets
   * them on top of @everyone's, in `member.permissions` of their interactions (Administrator: all).
   */
  createRole(
    guildId: string,
    input: { name: string; permissions?: readonly PermissionName[] },
  ): LoopbackRole {
    return this.#deps.world.createRole(guildId, input);
  }

  /** A server manager gives a member a role, or (`has` false) takes it away. */
  setMemberRole(guildId: string, userId: string, roleId: string, has = true): void {
    this.#deps.world.setMemberRole(guildId, userId, roleId, has);
  }

  /** A server manager sets the server's language (Server Settings → Community → Server Primary Language). */
  setGuildLocale(guildId: string, locale: string): void {
    this.#deps.world.setGuildLocale(guildId, locale);
  }

  /**
   * A guild the bot is in (GUILD_CREATE is dispatched to the sessions of its shard), with text
   * channels named in `channels`. `onShard: [id, count]` picks an id that Discord's formula puts on
   * shard `id` of `count`, so a test can place guilds on each shard deterministically.
   */
  createGuild(
    name: string,
    channels: readonly string[] = ['general'],
    options: { preferredLocale?: string; onShard?: ShardTuple } = {},
  ): { guild: LoopbackGuild; channels: LoopbackChannel[] } {
    const { onShard, ...rest } = options;
    const world = this.#deps.world;
    const id =
      onShard === undefined
        ? undefined
        : guildIdOnShard(world.clock.now(), onShard, (candidate) => world.guild(candidate) !== undefined);
    const guild = world.createGuild({ name, ...rest, ...(id === undefined ? {} : { id }) });
    return {
      guild,
      channels: channels.map((channelName) => this.createChannel({ guildId: guild.id, name: channelName })),
    };
  }

  /** A text channel. `denyBot` lists permissions refused to the bot there (e.g. `CreatePublicThreads`). */
  createChannel(input: {
    name: string;
    guildId?: string;
    denyBot?: readonly PermissionName[];
  }): LoopbackChannel {
    return this.#deps.world.createTextChannel({
      guildId: input.guildId ?? this.defaultGuild.id,
      name: input.name,
      botDeny: permissionBits(input.denyBot ?? []),
    });
  }

  /** A thread created by a user (the bot creates its own through REST). */
  createThread(input: {
    parentId?: string;
    name: string;
    private?: boolean;
    ownerId: string;
    memberIds?: readonly string[];
  }): LoopbackChannel {
    return this.#deps.world.createThread({
      parentId: input.parentId ?? this.defaultChannel.id,
      name: input.name,
      private: input.private ?? false,
      ownerId: input.ownerId,
      memberIds: [this.bot.id, ...(input.memberIds ?? [])],
    });
  }

  addThreadMember(threadId: string, userId: string): void {
    this.#deps.world.addThreadMember(threadId, userId);
  }

  /**
   * A moderator deletes a channel or thread (Discord's `DELETE /channels/:id` from their client): its
   * messages and threads go with it, and the bot gets CHANNEL_DELETE or THREAD_DELETE.
   */
  deleteChannel(id: string): LoopbackChannel {
    const channel = this.#deps.world.channel(id);
    if (!channel || channel.guildId === null) throw new Error(`no guild channel ${id}`);
    return this.#deps.world.deleteChannel(id);
  }

  /**
   * The bot is removed from a guild, as when a moderator kicks it: its sessions get GUILD_DELETE (no
   * `unavailable`: a removal, not an outage), the guild's routes refuse it (10004 for the guild, 50001 for
   * its channels and members), and nothing of the guild is dispatched to it any more. The guild, its
   * channels and its messages stay, for `addBot`.
   */
  removeBot(guildId: string): void {
    this.#deps.world.removeBot(guildId);
  }

  /** A person leaves a guild: its member routes answer 10007 Unknown Member for them (nothing is dispatched). */
  removeMember(guildId: string, userId: string): void {
    this.#deps.world.removeMember(guildId, userId);
  }

  /** The bot is invited back to a guild it was removed from: GUILD_CREATE with the whole guild, as on a join. */
  addBot(guildId: string): void {
    this.#deps.world.addBot(guildId);
  }

  /** Replaces the permissions refused to the bot in a channel (and its threads). */
  denyBot(channelId: string, permissions: readonly PermissionName[]): void {
    this.#deps.world.setBotDeny(channelId, permissionBits(permissions));
  }

  user(idOrName: string): LoopbackUser {
    const user = this.#deps.world.findUser(idOrName);
    if (!user) throw new Error(`no user "${idOrName}"`);
    return user;
  }

  users(): LoopbackUser[] {
    return this.#deps.world.users();
  }

  guild(id: string): LoopbackGuild | undefined {
    return this.#deps.world.guild(id);
  }

  channel(id: string): LoopbackChannel | undefined {
    return this.#deps.world.channel(id);
  }

  channelsOf(guildId: string = this.defaultGuild.id): LoopbackChannel[] {
    return this.#deps.world.channelsOf(guildId);
  }

  // ── acting ─────────────────────────────────────────────────────────────────────────────────────

  /** The user at the keyboard: `control.as(alice).slash('game start', { players: 3 })`. */
  as(user: LoopbackUser | string): UserActor {
    const resolved = typeof user === 'string' ? this.user(user) : user;
    let actor = this.#actors.get(resolved.id);
    if (!actor) {
      const deps = this.#deps;
      actor = new UserActor(resolved, {
        world: deps.world,
        commands: deps.commands,
        store: deps.store,
        waiters: deps.waiters,
        events: deps.world.events,
        attachmentSizeLimit: deps.options.attachmentSizeLimit,
        defaultChannelId: () => this.#defaultChannelId,
        dispatch: (payload) => deps.gateway.dispatchInteraction(payload),
        scheduleDeadline: (record) => this.#scheduleDeadline(record),
        trackFeed: (feed) => this.#feeds.add(feed),
        untrackFeed: (feed) => this.#feeds.delete(feed),
      });
      this.#actors.set(resolved.id, actor);
    }
    return actor;
  }

  /** A handle on an interaction injected earlier (by id), e.g. from the HTTP API. */
  interaction(id: string): InteractionHandle {
    const record = this.#deps.store.byId(id);
    if (!record) throw new Error(`no interaction ${id}`);
    return new InteractionHandle(record, this.#deps.world, this.#deps.waiters);
  }

  // ── reading ────────────────────────────────────────────────────────────────────────────────────

  message(id: string): LoopbackMessage | undefined {
    return this.#deps.world.message(id);
  }

  /** Every message in a channel, ephemeral ones included (what Discord itself knows). */
  messages(channelId: string = this.defaultChannel.id): LoopbackMessage[] {
    return this.#deps.world.messagesIn(channelId);
  }

  visibleMessages(userId: string, channelId: string = this.defaultChannel.id): LoopbackMessage[] {
    return this.#deps.world.visibleMessages(userId, channelId);
  }

  /** Resolves with the first current message matching the query (latest version of each message). */
  waitForMessage(query: MessageQuery, options?: WaitOptions): Promise<LoopbackMessage> {
    return this.#deps.waiters.until(
      () => this.#deps.world.messages().find((m) => this.#matches(m, query)),
      () => `a message ${query.description ?? describeQuery(query)}`,
      options,
    );
  }

  /** Resolves with the first message created after this call that matches the query. */
  nextMessage(query: MessageQuery = {}, options?: WaitOptions): Promise<LoopbackMessage> {
    const known = new Set(this.#deps.world.messages().map((m) => m.id));
    return this.#deps.waiters.until(
      () => this.#deps.world.messages().find((m) => !known.has(m.id) && this.#matches(m, query)),
      () => `a new message ${query.description ?? describeQuery(query)}`,
      options,
    );
  }

  commands(guildId: string | null = null): APIApplicationCommand[] {
    return this.#deps.commands.list(guildId);
  }

  /** Resolves once every name is registered, globally or in the default guild. */
  waitForCommands(names: readonly string[], options?: WaitOptions): Promise<APIApplicationCommand[]> {
    const guildId = this.#defaultGuildId;
    return this.#deps.waiters.until(
      () => {
        const found = names.map((name) => this.#deps.commands.find(name, guildId));
        return found.every((c) => c !== undefined) ? (found as APIApplicationCommand[]) : undefined;
      },
      () => {
        const have = this.#deps.commands.available(guildId).map((c) => `/${c.name}`);
        return `commands ${names.map((n) => `/${n}`).join(', ')} (registered so far: ${have.join(', ') || 'none'})`;
      },
      options,
    );
  }

  /** Every REST request received, oldest first (bounded by `requestLogSize`). */
  requests(): readonly RecordedRequest[] {
    return this.#deps.requests();
  }

  waitForRequest(
    predicate: (request: RecordedRequest) => boolean,
    description: string,
    options?: WaitOptions,
  ): Promise<RecordedRequest> {
    return this.#deps.waiters.until(
      () => this.#deps.requests().find(predicate),
      () => `a request: ${description}`,
      options,
    );
  }

  /**
   * The contract violations this server saw and no test took yet (`contract/violations.ts`): taking them
   * is how a test that sends a refused body on purpose says it expected the refusal.
   */
  takeContractViolations(): ContractViolation[] {
    return this.#deps.contract.take();
  }

  /** Errors the loopback hit itself (answered 500 or logged); a test can assert there were none. */
  internalErrors(): readonly unknown[] {
    return this.#deps.internalErrors();
  }

  /**
   * Waits until `probe` returns something other than undefined. It is re-checked on every change in
   * the loopback and every 10 ms, since it may read state the loopback does not own (discord.js's cache).
   */
  waitUntil<T>(probe: () => T | undefined, description: string, options?: WaitOptions): Promise<T> {
    return this.#deps.waiters.until(probe, () => description, { pollMs: 10, ...options });
  }

  // ── event feed ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Every change, or only what `as` may see: a per-user subscription never receives another user's
   * ephemeral messages, modals or autocomplete results.
   */
  subscribe(listener: (event: LoopbackEvent) => void, options: { as?: string } = {}): () => void {
    return subscribe(this.#deps.world, this.#deps.world.events, options.as ?? null, listener);
  }

  feed(options: { as?: string; signal?: AbortSignal } = {}): EventFeed {
    const feed = new EventFeed(
      this.#deps.world,
      this.#deps.world.events,
      options.as ?? null,
      (f) => this.#feeds.delete(f),
      options.signal,
    );
    this.#feeds.add(feed);
    return feed;
  }

  /** Called by the server when it stops. */
  shutdown(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const feed of [...this.#feeds]) feed.end();
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────────────

  /** Marks the interaction failed when its deadline passes, so waits reject at once with the reason. */
  #scheduleDeadline(record: InteractionRecord): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#deps.responder.expireIfLate(record);
    }, this.#deps.options.ackDeadlineMs + 1);
    timer.unref();
    this.#timers.add(timer);
  }

  #matches(message: LoopbackMessage, query: MessageQuery): boolean {
    if (query.channelId !== undefined && message.channelId !== query.channelId) return false;
    if (query.as !== undefined && !this.#deps.world.canSeeMessage(query.as, message)) return false;
    return query.where ? query.where(message) : true;
  }
}

function describeQuery(query: MessageQuery): string {
  const parts = [
    query.channelId ? `in channel ${query.channelId}` : '',
    query.as ? `visible to ${query.as}` : '',
    query.where ? 'matching the predicate' : '',
  ].filter((p) => p !== '');
  return parts.join(', ') || '(any)';
}

/** Gateway faults, observation and sharding. */
export class GatewayControl {
  readonly #gateway: Gateway;
  readonly #waiters: Waiters;
  readonly #sharding: ShardingSettings;
  readonly #world: World;

  constructor(gateway: Gateway, waiters: Waiters, sharding: ShardingSettings, world: World) {
    this.#gateway = gateway;
    this.#waiters = waiters;
    this.#sharding = sharding;
    this.#world = world;
  }

  /** The `shards` that `GET /gateway/bot` answers now. */
  recommendedShards(): number {
    return this.#sharding.recommended(this.#world.botGuilds().length);
  }

  /** A fixed recommendation, or null for Discord's rule (one shard per 1,000 guilds, at least 1). */
  setRecommendedShards(count: number | null): void {
    this.#sharding.setRecommendedShards(count);
  }

  get maxGuildsPerShard(): number {
    return this.#sharding.maxGuildsPerShard;
  }

  /** The shard Discord routes a guild's events to (a DM's, `null`, to shard 0). */
  shardOf(guildId: string | null, shardCount: number): number {
    if (!Number.isInteger(shardCount) || shardCount < 1) {
      throw new RangeError(`a shard count is an integer >= 1, got ${shardCount}`);
    }
    return shardOf(guildId, shardCount);
  }

  sessions(): GatewaySessionInfo[] {
    return this.#gateway.sessions();
  }

  get identifyCount(): number {
    return this.#gateway.identifyCount;
  }

  get resumeCount(): number {
    return this.#gateway.resumeCount;
  }

  /** Cuts every connection without a close frame; returns how many were cut. */
  drop(): number {
    return this.#gateway.dropConnections();
  }

  requestReconnect(): void {
    this.#gateway.requestReconnect();
  }

  invalidateSession(resumable: boolean): void {
    this.#gateway.invalidateSessions(resumable);
  }

  ignoreHeartbeats(ignore: boolean): void {
    this.#gateway.ignoreHeartbeats = ignore;
  }

  /** Resolves once `count` sessions have identified since the server started. */
  waitForIdentify(count = 1, options?: WaitOptions): Promise<number> {
    return this.#waiters.until(
      () => (this.#gateway.identifyCount >= count ? this.#gateway.identifyCount : undefined),
      () => `${count} gateway identify(s) (so far ${this.#gateway.identifyCount})`,
      options,
    );
  }

  /** Resolves once `count` resumes have happened since the server started. */
  waitForResume(count = 1, options?: WaitOptions): Promise<number> {
    return this.#waiters.until(
      () => (this.#gateway.resumeCount >= count ? this.#gateway.resumeCount : undefined),
      () => `${count} gateway resume(s) (so far ${this.#gateway.resumeCount})`,
      options,
    );
  }
}
