import type { IncomingMessage, ServerResponse } from 'node:http';
import { type APIModalInteractionResponseCallbackData, InteractionResponseType } from 'discord-api-types/v10';
import type { Logger } from 'pino';
import type { InteractionHandle, LoopbackMessage, LoopbackUser, UserActor } from '../loopback/index.ts';
import type { PageFeeds } from './feed.ts';
import {
  type JsonBody,
  modalValues,
  optionValues,
  readJson,
  requireString,
  requireStringArray,
  sendError,
  sendJson,
} from './http-json.ts';
import { LocalInputError } from './local-errors.ts';
import type { LocalWorld } from './local-world.ts';
import type { Pace } from './pace.ts';
import { pageTexts } from './page-texts.ts';
import { type PageChannel, pageChannel, pageCommands, pageMessage, pageUser } from './page-wire.ts';
import { tableState } from './table-state.ts';

/** What an action answers once the bot has acknowledged it (or failed to). */
export interface ActionResult {
  readonly interactionId: string;
  /** Discord's callback type: 4 reply, 5 deferred reply, 6 deferred update, 7 update, 9 modal. */
  readonly acknowledgement: number;
  readonly modal?: APIModalInteractionResponseCallbackData;
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new LocalInputError(400, `the path segment "${part}" is not valid percent-encoding`);
  }
}

/**
 * The page's JSON endpoints under /api. Everything a person does goes through the loopback's control
 * API as that user (a slash command, a click, a choice, a modal), so the bot only ever sees Discord
 * interactions; everything read is filtered to what that user may see. Mistakes answer 4xx with
 * `{ error }` saying what was wrong.
 */
export class LocalApi {
  readonly #world: LocalWorld;
  readonly #feeds: PageFeeds;
  readonly #pace: Pace;
  readonly #log: Logger;
  /** A little over Discord's 3 s: the loopback marks a late interaction failed at the deadline. */
  readonly #ackWaitMs: number;

  readonly #lobbyCommands: readonly string[];

  /** `lobbyCommands`: the commands that open a game's lobby, which the newcomer's first line names. */
  constructor(
    world: LocalWorld,
    feeds: PageFeeds,
    pace: Pace,
    log: Logger,
    lobbyCommands: readonly string[] = [],
  ) {
    this.#lobbyCommands = lobbyCommands;
    this.#world = world;
    this.#feeds = feeds;
    this.#pace = pace;
    this.#log = log;
    this.#ackWaitMs = world.loopback.options.ackDeadlineMs + 2_000;
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const method = request.method ?? 'GET';
    const parts = url.pathname
      .split('/')
      .filter((p) => p !== '')
      .slice(1);
    const route = `${method} /${parts.map((p, i) => (i % 2 === 1 ? ':id' : p)).join('/')}`;
    try {
      const id = decodePart(parts[1] ?? '');
      if (route === 'GET /feed') {
        this.#feeds.open(response, this.#actor(url.searchParams.get('as')).id);
        return;
      }
      const body = method === 'POST' ? await readJson(request) : {};
      const [status, result] = await this.#route(route, id, body, url);
      sendJson(response, status, result);
    } catch (error) {
      if (error instanceof LocalInputError) {
        sendError(response, error.status, error.message);
        return;
      }
      this.#log.error({ err: error, route, url: url.pathname }, 'local table: an API request failed');
      sendError(response, 500, `internal error: ${String(error)}`);
    }
  }

  async #route(route: string, id: string, body: JsonBody, url: URL): Promise<[number, unknown]> {
    const q = url.searchParams;
    switch (route) {
      case 'GET /state':
        return [200, tableState(this.#world, this.#pace, this.#lobbyCommands)];
      case 'GET /texts/:id':
        return [200, pageTexts(id)];
      case 'GET /pace':
        return [200, this.#pace.get()];
      case 'POST /pace': {
        const pace = this.#pace.set(body.pace);
        this.#feeds.broadcast({ type: 'pace', pace });
        return [200, pace];
      }
      case 'GET /users':
        return [200, this.#world.humans().map((u) => this.#pageUser(u))];
      case 'POST /users':
        return [201, this.#pageUser(this.#world.createUser(requireString(body, 'name')))];
      case 'GET /users/:id':
        return [200, this.#pageUser(this.#actor(id))];
      case 'POST /users/:id/locale': {
        const user = this.#actor(id);
        this.#world.setLocale(user.id, requireString(body, 'locale'));
        return [200, this.#pageUser(user)];
      }
      case 'GET /channels':
        return [200, this.#channels(this.#actor(q.get('as')))];
      case 'GET /channels/:id/messages': {
        const user = this.#actor(q.get('as'));
        this.#visibleChannel(user, id);
        return [200, this.#control.visibleMessages(user.id, id).map(pageMessage)];
      }
      case 'GET /messages/:id':
        return [200, pageMessage(this.#visibleMessage(this.#actor(q.get('as')), id))];
      case 'GET /commands': {
        const user = this.#actor(q.get('as'));
        const channelId = this.#visibleChannel(user, q.get('channelId') ?? this.#world.channelId);
        return [200, this.#commands(channelId, this.#world.locale(user.id))];
      }
      case 'POST /commands': {
        const user = this.#actor(body.as);
        const channelId = this.#visibleChannel(user, requireString(body, 'channelId'));
        const command = requireString(body, 'command');
        const options = optionValues(body, 'options');
        return this.#act(user, (a) => a.slash(command, options, { channelId }));
      }
      case 'POST /autocomplete': {
        const user = this.#actor(body.as);
        const channelId = this.#visibleChannel(user, requireString(body, 'channelId'));
        const command = requireString(body, 'command');
        const focused = requireString(body, 'focused');
        const options = optionValues(body, 'options');
        const handle = this.#inject(user, (a) => a.autocomplete(command, options, focused, { channelId }));
        const choices = await this.#await(handle, () => handle.choices({ timeoutMs: this.#ackWaitMs }));
        return [200, { interactionId: handle.id, choices }];
      }
      case 'POST /messages/:id/click': {
        const user = this.#actor(body.as);
        const message = this.#visibleMessage(user, id);
        const customId = requireString(body, 'customId');
        return this.#act(user, (a) => a.click(message, customId));
      }
      case 'POST /messages/:id/select': {
        const user = this.#actor(body.as);
        const message = this.#visibleMessage(user, id);
        const customId = requireString(body, 'customId');
        const values = requireStringArray(body, 'values');
        return this.#act(user, (a) => a.select(message, customId, values));
      }
      case 'POST /modals/:id': {
        const user = this.#actor(body.as);
        const values = modalValues(body, 'values');
        this.#openedModal(user, id);
        return this.#act(user, (a) => a.submitModal(id, values));
      }
      default:
        throw new LocalInputError(404, `no API route ${route}`);
    }
  }

  get #control() {
    return this.#world.loopback.control;
  }

  #pageUser(user: LoopbackUser) {
    return pageUser(user, this.#world.isManager(user.id), this.#world.locale(user.id));
  }

  /** The person acting or reading: given by id (the page) or by name (someone using curl). */
  #actor(as: unknown): LoopbackUser {
    if (typeof as !== 'string' || as === '')
      throw new LocalInputError(400, '"as" is required: the id of the user at the keyboard');
    const user = this.#world.user(as) ?? this.#world.humans().find((u) => u.username === as);
    if (!user) throw new LocalInputError(404, `no user "${as}"; create one with POST /api/users`);
    if (user.bot) throw new LocalInputError(403, 'the page cannot act as the bot');
    return user;
  }

  #visibleChannel(user: LoopbackUser, channelId: string): string {
    if (!this.#world.loopback.world.canSeeChannel(user.id, channelId))
      throw new LocalInputError(404, `no channel ${channelId} that ${user.username} can see`);
    return channelId;
  }

  #visibleMessage(user: LoopbackUser, messageId: string): LoopbackMessage {
    const message = this.#control.message(messageId);
    // The same answer whether it does not exist or is someone else's: an id alone reveals nothing.
    if (!message || !this.#world.loopback.world.canSeeMessage(user.id, message))
      throw new LocalInputError(404, `no message ${messageId} that ${user.username} can see`);
    return message;
  }

  #openedModal(user: LoopbackUser, interactionId: string): void {
    let opener: InteractionHandle;
    try {
      opener = this.#control.interaction(interactionId);
    } catch {
      throw new LocalInputError(404, `no interaction ${interactionId}`);
    }
    if (opener.userId !== user.id)
      throw new LocalInputError(404, `no modal of interaction ${interactionId} for ${user.username}`);
  }

  #channels(user: LoopbackUser): PageChannel[] {
    const rank = { text: 0, thread: 1, dm: 2 } as const;
    return this.#control
      .as(user)
      .visibleChannels()
      .map(pageChannel)
      .sort((a, b) => rank[a.kind] - rank[b.kind] || a.createdAt - b.createdAt);
  }

  /**
   * The commands offered in a channel: the guild's and the global ones (only global ones in a DM),
   * named and described in the reader's locale, as their Discord client would show them.
   */
  #commands(channelId: string, locale: string) {
    const guildId = this.#control.channel(channelId)?.guildId ?? null;
    const guild = guildId === null ? [] : this.#control.commands(guildId);
    const names = new Set(guild.map((c) => c.name));
    return pageCommands(
      [...guild, ...this.#control.commands(null).filter((c) => !names.has(c.name))],
      locale,
    );
  }

  /** Runs the user's action; the loopback's checks (a disabled button, an unknown option) answer 400. */
  #inject(user: LoopbackUser, action: (actor: UserActor) => InteractionHandle): InteractionHandle {
    try {
      return action(this.#control.as(user));
    } catch (error) {
      if (error instanceof Error && !(error instanceof TypeError) && !(error instanceof RangeError))
        throw new LocalInputError(400, error.message);
      throw error;
    }
  }

  async #act(
    user: LoopbackUser,
    action: (actor: UserActor) => InteractionHandle,
  ): Promise<[number, unknown]> {
    const handle = this.#inject(user, action);
    const ack = await this.#await(handle, () => handle.acknowledged({ timeoutMs: this.#ackWaitMs }));
    const result: ActionResult = {
      interactionId: handle.id,
      acknowledgement: ack.callbackType,
      ...(ack.callbackType === InteractionResponseType.Modal
        ? { modal: await handle.modal({ timeoutMs: this.#ackWaitMs }) }
        : {}),
    };
    return [200, result];
  }

  /** The bot's side failing is not the caller's mistake: 504, with what Discord would say. */
  async #await<T>(handle: InteractionHandle, wait: () => Promise<T>): Promise<T> {
    try {
      return await wait();
    } catch (error) {
      if (handle.failed || (error instanceof Error && error.name === 'WaitTimeoutError')) {
        this.#log.warn(
          { interaction: handle.label, err: error },
          'local table: the bot did not answer in time',
        );
        throw new LocalInputError(
          504,
          `This interaction failed: the bot did not answer ${handle.label} in time (${(error as Error).message})`,
        );
      }
      throw error;
    }
  }
}
