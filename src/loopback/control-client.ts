import type {
  APIApplicationCommand,
  APIApplicationCommandOptionChoice,
  APIModalInteractionResponseCallbackData,
} from 'discord-api-types/v10';
import type {
  InteractionRequest,
  WaitTarget,
  WireChannel,
  WireGuild,
  WireInteraction,
  WireMessage,
} from './control-wire.ts';
import type { FaultRule } from './faults.ts';
import type { InteractionEvent } from './interaction-record.ts';
import type { LoopbackEvent, LoopbackUser } from './model-types.ts';
import type { RecordedRequest } from './request-log.ts';

export interface RemoteState {
  readonly applicationId: string;
  readonly bot: LoopbackUser;
  readonly users: readonly LoopbackUser[];
  readonly guilds: readonly (WireGuild & { readonly channels: readonly WireChannel[] })[];
  readonly defaultGuildId: string | null;
  readonly defaultChannelId: string | null;
  readonly sharding: { readonly recommendedShards: number; readonly maxGuildsPerShard: number };
}

/** Wire events carry Set/Map/bigint fields converted as described in control-wire.ts. */
export type WireEvent = { readonly type: LoopbackEvent['type'] } & Record<string, unknown>;

/**
 * The HTTP control API from another process, with the same verbs as `LoopbackControl`:
 * `const remote = new LoopbackHttpClient(url); const hi = await remote.slash('alice', 'ping'); await hi.reply()`.
 */
export class LoopbackHttpClient {
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/$/, '');
  }

  state(): Promise<RemoteState> {
    return this.#call('GET', '/state');
  }

  createUser(
    username: string,
    options: { globalName?: string; guildIds?: readonly string[]; locale?: string } = {},
  ): Promise<LoopbackUser> {
    return this.#call('POST', '/users', { username, ...options });
  }

  setUserLocale(userId: string, locale: string): Promise<void> {
    return this.#call('PUT', `/users/${userId}/locale`, { locale });
  }

  setGuildLocale(guildId: string, locale: string): Promise<void> {
    return this.#call('PUT', `/guilds/${guildId}/locale`, { locale });
  }

  /** The bot is removed from the guild (a kick): GUILD_DELETE, and the guild's routes refuse it. */
  removeBot(guildId: string): Promise<void> {
    return this.#call('DELETE', `/guilds/${guildId}/bot`);
  }

  /** The bot is invited back: GUILD_CREATE with the whole guild. */
  addBot(guildId: string): Promise<void> {
    return this.#call('PUT', `/guilds/${guildId}/bot`);
  }

  /** `onShard: [id, count]` puts the guild on that shard of Discord's sharding formula. */
  createGuild(
    name: string,
    channels?: readonly string[],
    options: { onShard?: readonly [number, number] } = {},
  ): Promise<{ guild: WireGuild; channels: WireChannel[] }> {
    return this.#call('POST', '/guilds', { name, ...(channels ? { channels } : {}), ...options });
  }

  /** The shard of `count` that Discord routes the guild's events to. */
  async shardOf(guildId: string, count: number): Promise<number> {
    const { shard } = await this.#call<{ shard: number }>('GET', `/guilds/${guildId}/shard?count=${count}`);
    return shard;
  }

  /** What `GET /gateway/bot` recommends; null restores Discord's rule. */
  setRecommendedShards(shards: number | null): Promise<{ recommendedShards: number }> {
    return this.#call('PUT', '/gateway/recommended-shards', { shards });
  }

  createChannel(input: {
    name: string;
    guildId?: string;
    denyBot?: readonly string[];
  }): Promise<WireChannel> {
    return this.#call('POST', '/channels', input);
  }

  createThread(input: {
    name: string;
    ownerId: string;
    parentId?: string;
    private?: boolean;
    memberIds?: readonly string[];
  }): Promise<WireChannel> {
    return this.#call('POST', '/threads', input);
  }

  /** A moderator deletes a channel or thread; the bot gets CHANNEL_DELETE or THREAD_DELETE. */
  deleteChannel(channelId: string): Promise<WireChannel> {
    return this.#call('DELETE', `/channels/${channelId}`);
  }

  denyBot(channelId: string, permissions: readonly string[]): Promise<void> {
    return this.#call('POST', `/channels/${channelId}/deny-bot`, { permissions });
  }

  /** The channels, threads and DMs a user can see. */
  channels(userId: string): Promise<WireChannel[]> {
    return this.#call('GET', `/users/${userId}/channels`);
  }

  openDm(userId: string): Promise<WireChannel> {
    return this.#call('POST', `/users/${userId}/dm`, {});
  }

  messages(channelId: string, options: { as?: string; bytes?: boolean } = {}): Promise<WireMessage[]> {
    const query = new URLSearchParams({
      ...(options.as ? { as: options.as } : {}),
      ...(options.bytes ? { bytes: '1' } : {}),
    });
    return this.#call('GET', `/channels/${channelId}/messages?${query}`);
  }

  message(id: string, options: { bytes?: boolean } = {}): Promise<WireMessage> {
    return this.#call('GET', `/messages/${id}${options.bytes ? '?bytes=1' : ''}`);
  }

  commands(guildId?: string): Promise<APIApplicationCommand[]> {
    return this.#call('GET', `/commands${guildId ? `?guildId=${guildId}` : ''}`);
  }

  requests(since = 0): Promise<RecordedRequest[]> {
    return this.#call('GET', `/requests?since=${since}`);
  }

  async attachment(url: string): Promise<Uint8Array> {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  async interact(request: InteractionRequest): Promise<RemoteInteraction> {
    const wire = await this.#call<WireInteraction>('POST', '/interactions', request);
    return new RemoteInteraction(this, wire);
  }

  slash(
    as: string,
    command: string,
    options: Readonly<Record<string, string | number | boolean>> = {},
    channelId?: string,
  ) {
    return this.interact({ kind: 'slash', as, command, options, ...(channelId ? { channelId } : {}) });
  }

  autocomplete(
    as: string,
    command: string,
    options: Readonly<Record<string, string | number | boolean>>,
    focused: string,
    channelId?: string,
  ) {
    return this.interact({
      kind: 'autocomplete',
      as,
      command,
      options,
      focused,
      ...(channelId ? { channelId } : {}),
    });
  }

  click(as: string, messageId: string, customId: string) {
    return this.interact({ kind: 'click', as, messageId, customId });
  }

  select(as: string, messageId: string, customId: string, values: readonly string[]) {
    return this.interact({ kind: 'select', as, messageId, customId, values });
  }

  submitModal(
    as: string,
    interactionId: string,
    values: Readonly<Record<string, string | readonly string[]>>,
  ) {
    return this.interact({ kind: 'modal', as, interactionId, values });
  }

  interaction(id: string): Promise<WireInteraction> {
    return this.#call('GET', `/interactions/${id}`);
  }

  wait<T>(id: string, target: WaitTarget, options: { index?: number; timeoutMs?: number } = {}): Promise<T> {
    const query = new URLSearchParams({ for: target });
    if (options.index !== undefined) query.set('index', String(options.index));
    if (options.timeoutMs !== undefined) query.set('timeoutMs', String(options.timeoutMs));
    return this.#call('GET', `/interactions/${id}/wait?${query}`);
  }

  addFault(rule: Omit<FaultRule, 'match'>): Promise<{ id: number }> {
    return this.#call('POST', '/faults', rule);
  }

  clearFaults(): Promise<void> {
    return this.#call('DELETE', '/faults');
  }

  dropGateway(): Promise<{ dropped: number }> {
    return this.#call('POST', '/gateway/drop', {});
  }

  /**
   * Reads the Server-Sent Events feed (per user with `as`) until `signal` aborts; `onEvent` receives
   * each event. Resolves when the stream ends.
   */
  async feed(
    onEvent: (event: WireEvent) => void,
    options: { as?: string; signal?: AbortSignal } = {},
  ): Promise<void> {
    const response = await fetch(
      `${this.baseUrl}/_loopback/feed${options.as ? `?as=${encodeURIComponent(options.as)}` : ''}`,
      {
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
    if (!response.ok || !response.body) throw new Error(`the feed answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) onEvent(JSON.parse(data.slice('data: '.length)) as WireEvent);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch (error) {
      if (!options.signal?.aborted) throw error;
    }
  }

  async #call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/_loopback${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (response.status === 204) return undefined as T;
    const payload = (await response.json()) as unknown;
    if (!response.ok) {
      const message =
        typeof payload === 'object' && payload !== null && 'message' in payload
          ? String(payload.message)
          : response.statusText;
      throw new Error(`${method} /_loopback${path} answered ${response.status}: ${message}`);
    }
    return payload as T;
  }
}

/** The remote twin of `InteractionHandle`. */
export class RemoteInteraction {
  readonly #client: LoopbackHttpClient;
  readonly wire: WireInteraction;

  constructor(client: LoopbackHttpClient, wire: WireInteraction) {
    this.#client = client;
    this.wire = wire;
  }

  get id(): string {
    return this.wire.id;
  }

  acknowledged(
    options: { timeoutMs?: number } = {},
  ): Promise<Extract<InteractionEvent, { kind: 'callback' }>> {
    return this.#client.wait(this.id, 'ack', options);
  }

  reply(options: { timeoutMs?: number } = {}): Promise<WireMessage> {
    return this.#client.wait(this.id, 'reply', options);
  }

  followUp(index = 0, options: { timeoutMs?: number } = {}): Promise<WireMessage> {
    return this.#client.wait(this.id, 'follow-up', { ...options, index });
  }

  modal(options: { timeoutMs?: number } = {}): Promise<APIModalInteractionResponseCallbackData> {
    return this.#client.wait(this.id, 'modal', options);
  }

  choices(options: { timeoutMs?: number } = {}): Promise<APIApplicationCommandOptionChoice[]> {
    return this.#client.wait(this.id, 'choices', options);
  }

  state(): Promise<WireInteraction> {
    return this.#client.interaction(this.id);
  }
}
