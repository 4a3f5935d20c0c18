import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoopbackControl } from './control-api.ts';
import { type InteractionRequest, toWire, type WaitTarget, type WireInteraction } from './control-wire.ts';
import type { FaultRule } from './faults.ts';
import type { InteractionHandle } from './interaction-handle.ts';
import type { World } from './model.ts';
import type { PermissionName } from './permissions.ts';
import { WaitTimeoutError } from './waiters.ts';

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;

/**
 * The control API over HTTP, for a bot running in another process and for the local web page:
 * JSON in and out under /_loopback, long-polling waits, and a per-user Server-Sent Events feed.
 * Mistakes (an unknown command, a button that is not there) answer 400 with the control API's message.
 */
export class ControlHttp {
  readonly #control: LoopbackControl;
  readonly #world: World;
  readonly #onError: (error: unknown) => void;
  readonly #streams = new Set<ServerResponse>();

  constructor(control: LoopbackControl, world: World, onError: (error: unknown) => void) {
    this.#control = control;
    this.#world = world;
    this.#onError = onError;
  }

  close(): void {
    for (const stream of this.#streams) stream.end();
    this.#streams.clear();
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const method = request.method ?? 'GET';
    const parts = url.pathname
      .split('/')
      .filter((p) => p !== '')
      .slice(1)
      .map(decodeURIComponent);
    const route = `${method} /${parts.map((p, i) => (i > 0 && /^\d{17,20}$/.test(p) ? ':id' : p)).join('/')}`;
    const id = parts[1] ?? '';
    const bytes = url.searchParams.get('bytes') === '1';
    try {
      if (route === 'GET /feed') {
        this.#feed(response, url.searchParams.get('as'));
        return;
      }
      const body = method === 'GET' || method === 'DELETE' ? {} : await readJson(request);
      const result = await this.#route(route, id, body, url, parts);
      if (result === undefined) {
        response.writeHead(204);
        response.end();
        return;
      }
      send(response, 200, toWire(result, bytes));
    } catch (error) {
      if (error instanceof ControlError) {
        send(response, error.status, JSON.stringify({ message: error.message }));
      } else if (error instanceof WaitTimeoutError) {
        send(response, 408, JSON.stringify({ message: error.message }));
      } else if (error instanceof Error && !(error instanceof TypeError) && !(error instanceof RangeError)) {
        // The control API reports misuse (unknown user, missing button...) by throwing Error.
        send(response, 400, JSON.stringify({ message: error.message }));
      } else {
        this.#onError(error);
        send(response, 500, JSON.stringify({ message: String(error) }));
      }
    }
  }

  async #route(route: string, id: string, body: Body, url: URL, parts: readonly string[]): Promise<unknown> {
    const c = this.#control;
    switch (route) {
      case 'GET /state':
        return {
          applicationId: c.applicationId,
          bot: c.bot,
          users: c.users(),
          guilds: this.#world.guilds().map((guild) => ({ ...guild, channels: c.channelsOf(guild.id) })),
          defaultGuildId: c.defaultGuildId,
          defaultChannelId: c.defaultChannelId,
          gateway: c.gateway.sessions(),
          sharding: {
            recommendedShards: c.gateway.recommendedShards(),
            maxGuildsPerShard: c.gateway.maxGuildsPerShard,
          },
        };
      case 'POST /users':
        return c.createUser({
          username: str(body, 'username'),
          ...(typeof body.globalName === 'string' ? { globalName: body.globalName } : {}),
          ...(Array.isArray(body.guildIds) ? { guildIds: body.guildIds.map(String) } : {}),
          ...(typeof body.locale === 'string' ? { locale: body.locale } : {}),
        });
      case 'PUT /users/:id/locale':
        return c.setUserLocale(id, str(body, 'locale'));
      case 'PUT /guilds/:id/locale':
        return c.setGuildLocale(id, str(body, 'locale'));
      case 'GET /users/:id/channels':
        return c.as(id).visibleChannels();
      case 'POST /users/:id/dm':
        return c.as(id).dm();
      case 'POST /guilds':
        return c.createGuild(
          str(body, 'name'),
          Array.isArray(body.channels) ? body.channels.map(String) : undefined,
          body.onShard === undefined ? {} : { onShard: shardTuple(body.onShard) },
        );
      case 'DELETE /guilds/:id/bot':
        return c.removeBot(id);
      case 'PUT /guilds/:id/bot':
        return c.addBot(id);
      case 'GET /guilds/:id/shard': {
        const count = Number(url.searchParams.get('count') ?? 1);
        return { shard: c.gateway.shardOf(id, count), count };
      }
      case 'POST /channels':
        return c.createChannel({
          name: str(body, 'name'),
          ...(typeof body.guildId === 'string' ? { guildId: body.guildId } : {}),
          ...(Array.isArray(body.denyBot) ? { denyBot: body.denyBot.map(String) as PermissionName[] } : {}),
        });
      case 'DELETE /channels/:id':
        return c.deleteChannel(id);
      case 'POST /channels/:id/deny-bot':
        c.denyBot(
          id,
          Array.isArray(body.permissions) ? (body.permissions.map(String) as PermissionName[]) : [],
        );
        return undefined;
      case 'GET /channels/:id/messages': {
        const as = url.searchParams.get('as');
        return as === null ? c.messages(id) : c.visibleMessages(c.user(as).id, id);
      }
      case 'POST /threads':
        return c.createThread({
          name: str(body, 'name'),
          ownerId: str(body, 'ownerId'),
          ...(typeof body.parentId === 'string' ? { parentId: body.parentId } : {}),
          ...(typeof body.private === 'boolean' ? { private: body.private } : {}),
          ...(Array.isArray(body.memberIds) ? { memberIds: body.memberIds.map(String) } : {}),
        });
      case 'GET /messages/:id': {
        const message = c.message(id);
        if (!message) throw new ControlError(404, `no message ${id}`);
        return message;
      }
      case 'GET /commands':
        return c.commands(url.searchParams.get('guildId'));
      case 'GET /requests':
        return c.requests().slice(Number(url.searchParams.get('since') ?? 0) || 0);
      case 'POST /interactions':
        return this.#wireInteraction(this.#inject(body as unknown as InteractionRequest));
      case 'GET /interactions/:id':
        return this.#wireInteraction(c.interaction(id));
      case 'GET /interactions/:id/wait':
        return this.#wait(c.interaction(id), url);
      case 'POST /faults': {
        const fault = c.faults.add(body as unknown as FaultRule);
        return { id: fault.id };
      }
      case 'DELETE /faults':
        c.faults.clear();
        return undefined;
      case 'POST /gateway/drop':
        return { dropped: c.gateway.drop() };
      case 'POST /gateway/reconnect':
        c.gateway.requestReconnect();
        return undefined;
      case 'POST /gateway/invalidate':
        c.gateway.invalidateSession(body.resumable === true);
        return undefined;
      case 'PUT /gateway/recommended-shards': {
        const shards = body.shards;
        if (shards !== null && (typeof shards !== 'number' || !Number.isInteger(shards) || shards < 1))
          throw new ControlError(400, '"shards" is required: an integer >= 1, or null for Discord\'s rule');
        c.gateway.setRecommendedShards(shards);
        return { recommendedShards: c.gateway.recommendedShards() };
      }
      default:
        throw new ControlError(404, `no control route ${route} (${parts.join('/')})`);
    }
  }

  #inject(request: InteractionRequest): InteractionHandle {
    const actor = this.#control.as(request.as);
    switch (request.kind) {
      case 'slash':
        return actor.slash(
          request.command,
          request.options ?? {},
          request.channelId ? { channelId: request.channelId } : {},
        );
      case 'autocomplete':
        return actor.autocomplete(
          request.command,
          request.options,
          request.focused,
          request.channelId ? { channelId: request.channelId } : {},
        );
      case 'click':
        return actor.click(request.messageId, request.customId);
      case 'select':
        return actor.select(request.messageId, request.customId, request.values);
      case 'modal':
        return actor.submitModal(request.interactionId, request.values);
      default:
        throw new ControlError(
          400,
          `unknown interaction kind ${JSON.stringify((request as { kind?: unknown }).kind)}`,
        );
    }
  }

  async #wait(handle: InteractionHandle, url: URL): Promise<unknown> {
    const target = (url.searchParams.get('for') ?? 'reply') as WaitTarget;
    const timeout = Number(url.searchParams.get('timeoutMs'));
    const options = Number.isFinite(timeout) && timeout > 0 ? { timeoutMs: timeout } : {};
    switch (target) {
      case 'ack':
        return handle.acknowledged(options);
      case 'reply':
        return handle.reply(options);
      case 'modal':
        return handle.modal(options);
      case 'choices':
        return handle.choices(options);
      case 'follow-up':
        return handle.followUp(Number(url.searchParams.get('index') ?? 0) || 0, options);
      default:
        throw new ControlError(
          400,
          `cannot wait for "${String(target)}"; use ack, reply, modal, choices or follow-up`,
        );
    }
  }

  #wireInteraction(handle: InteractionHandle): WireInteraction {
    return {
      id: handle.id,
      kind: handle.kind,
      label: handle.label,
      userId: handle.userId,
      channelId: handle.channelId,
      acknowledgement: handle.acknowledgement,
      failed: handle.failed,
      events: handle.events,
      original: handle.original() ?? null,
      followUps: handle.followUps(),
    };
  }

  /** Server-Sent Events: one `event: <type>` per change the user may see (or every change without `as`). */
  #feed(response: ServerResponse, as: string | null): void {
    const userId = as === null ? null : this.#control.user(as).id;
    response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    response.write(': loopback feed\n\n');
    this.#streams.add(response);
    const unsubscribe = this.#control.subscribe(
      (event) => response.write(`event: ${event.type}\ndata: ${toWire(event)}\n\n`),
      userId === null ? {} : { as: userId },
    );
    response.on('close', () => {
      unsubscribe();
      this.#streams.delete(response);
    });
  }
}

function send(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function readJson(request: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ControlError(400, `the body is not JSON: ${String(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ControlError(400, 'the body must be a JSON object');
  return value as Body;
}

function shardTuple(value: unknown): readonly [number, number] {
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !value.every((n) => Number.isInteger(n)) ||
    value[0] < 0 ||
    value[0] >= value[1]
  )
    throw new ControlError(400, `"onShard" must be [id, count] with 0 <= id < count`);
  return [value[0], value[1]];
}

function str(body: Body, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value === '')
    throw new ControlError(400, `"${key}" is required (a string)`);
  return value;
}
