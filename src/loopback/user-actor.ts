import {
  type APIInteraction,
  type APIMessageSelectMenuInteractionData,
  type APIModalSubmission,
  ButtonStyle,
  ComponentType,
  InteractionType,
} from 'discord-api-types/v10';
import { messageJson } from './api-json.ts';
import { resolveCommandOptions, type SlashOptions } from './command-options.ts';
import type { CommandRegistry } from './commands.ts';
import { type ComponentNode, customIds, findComponent, isSelect } from './components.ts';
import type { EventHub } from './event-hub.ts';
import { EventFeed, subscribe } from './feed.ts';
import { InteractionHandle } from './interaction-handle.ts';
import {
  type InteractionKind,
  type InteractionRecord,
  type InteractionStore,
  newInteractionToken,
} from './interaction-record.ts';
import {
  autocompleteInteraction,
  buttonInteraction,
  chatInputInteraction,
  modalSubmitInteraction,
  type PayloadContext,
  selectInteraction,
} from './interactions.ts';
import { checkSelection, type ModalValues, modalComponents } from './modal-submission.ts';
import type { World } from './model.ts';
import type { LoopbackChannel, LoopbackEvent, LoopbackMessage, LoopbackUser } from './model-types.ts';
import type { Waiters } from './waiters.ts';

export interface Where {
  /** Default: the loopback's default channel. */
  readonly channelId?: string;
}

export interface ActorDeps {
  readonly world: World;
  readonly commands: CommandRegistry;
  readonly store: InteractionStore;
  readonly waiters: Waiters;
  readonly events: EventHub<LoopbackEvent>;
  readonly attachmentSizeLimit: number;
  readonly defaultChannelId: () => string | null;
  dispatch(payload: APIInteraction): void;
  scheduleDeadline(record: InteractionRecord): void;
  trackFeed(feed: EventFeed): void;
  untrackFeed(feed: EventFeed): void;
}

/**
 * One user at the keyboard: what they can do in the Discord client (run a command, click, choose,
 * fill a modal, type into an autocompleted option) and what they can see. Every action is checked
 * the way the Discord client would check it (the command exists, the button is on a message they
 * see and is enabled, the values are among the menu's options) and returns a handle to await the bot.
 */
export class UserActor {
  readonly user: LoopbackUser;
  readonly #deps: ActorDeps;
  readonly #submittedModals = new Set<string>();

  constructor(user: LoopbackUser, deps: ActorDeps) {
    this.user = user;
    this.#deps = deps;
  }

  /** Runs `/name [subcommand-group] [subcommand]` with options, e.g. `slash('game start', { players: 3 })`. */
  slash(command: string, options: SlashOptions = {}, where: Where = {}): InteractionHandle {
    const channelId = this.#channel(where);
    const { registered, path } = this.#command(command, channelId);
    const resolved = resolveCommandOptions(registered, path, options, this.#lookups(channelId), null);
    const label = `/${[registered.name, ...path].join(' ')}`;
    return this.#inject(
      'slash',
      InteractionType.ApplicationCommand,
      label,
      channelId,
      null,
      registered.name,
      (ctx) => chatInputInteraction(ctx, registered, resolved),
    );
  }

  /** Types `typed` into the option `focused` of a command; await `choices()` on the handle. */
  autocomplete(
    command: string,
    options: SlashOptions,
    focused: string,
    where: Where = {},
  ): InteractionHandle {
    const channelId = this.#channel(where);
    const { registered, path } = this.#command(command, channelId);
    if (options[focused] === undefined)
      throw new Error(`autocomplete: give the text typed into "${focused}" in options`);
    const resolved = resolveCommandOptions(registered, path, options, this.#lookups(channelId), focused);
    const label = `autocomplete /${[registered.name, ...path].join(' ')} (${focused})`;
    return this.#inject(
      'autocomplete',
      InteractionType.ApplicationCommandAutocomplete,
      label,
      channelId,
      null,
      registered.name,
      (ctx) => autocompleteInteraction(ctx, registered, resolved),
    );
  }

  click(message: LoopbackMessage | string, customId: string): InteractionHandle {
    const target = this.#visibleMessage(message);
    const component = this.#component(target, customId);
    if (component.type !== ComponentType.Button) {
      throw new Error(
        `"${customId}" on message ${target.id} is a component of type ${component.type}, not a button`,
      );
    }
    if (component.style === ButtonStyle.Link || component.style === ButtonStyle.Premium) {
      throw new Error(`"${customId}" is a link or premium button; it sends no interaction`);
    }
    return this.#inject(
      'button',
      InteractionType.MessageComponent,
      `button "${customId}"`,
      target.channelId,
      target.id,
      null,
      (ctx) => buttonInteraction(ctx, messageJson(this.#deps.world, target), customId),
    );
  }

  select(message: LoopbackMessage | string, customId: string, values: readonly string[]): InteractionHandle {
    const target = this.#visibleMessage(message);
    const component = this.#component(target, customId);
    if (!isSelect(component.type)) {
      throw new Error(
        `"${customId}" on message ${target.id} is a component of type ${component.type}, not a select menu`,
      );
    }
    checkSelection(component, values, this.#deps.world, `select "${customId}"`);
    const type = component.type as APIMessageSelectMenuInteractionData['component_type'];
    return this.#inject(
      'select',
      InteractionType.MessageComponent,
      `select "${customId}"`,
      target.channelId,
      target.id,
      null,
      (ctx) => selectInteraction(ctx, messageJson(this.#deps.world, target), customId, type, values),
    );
  }

  /**
   * Test tooling for forged input: a button interaction with any custom_id, on a message of the
   * bot's that this user can see. Discord does not check that the id is among the message's
   * components (a modified client can send any), so the bot must not trust it; `click` stays strict.
   */
  forgeClick(message: LoopbackMessage | string, customId: string): InteractionHandle {
    const target = this.#forgeTarget(message, customId);
    return this.#inject(
      'button',
      InteractionType.MessageComponent,
      `forged button "${customId}"`,
      target.channelId,
      target.id,
      null,
      (ctx) => buttonInteraction(ctx, messageJson(this.#deps.world, target), customId),
    );
  }

  /**
   * Test tooling for forged input: a string-select interaction with any custom_id and any values,
   * on a message of the bot's that this user can see. Neither the menu nor its options are checked,
   * as Discord does not check them against a modified client; `select` stays strict.
   */
  forgeSelect(
    message: LoopbackMessage | string,
    customId: string,
    values: readonly string[],
  ): InteractionHandle {
    const target = this.#forgeTarget(message, customId);
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'string')) {
      throw new Error(`forgeSelect "${customId}": values must be an array of strings`);
    }
    return this.#inject(
      'select',
      InteractionType.MessageComponent,
      `forged select "${customId}"`,
      target.channelId,
      target.id,
      null,
      (ctx) =>
        selectInteraction(
          ctx,
          messageJson(this.#deps.world, target),
          customId,
          ComponentType.StringSelect,
          values,
        ),
    );
  }

  /**
   * Fills and submits the modal the bot opened in answer to `from`. `values` maps each input's
   * custom_id to its text (or, for a select inside a label, its chosen values).
   */
  submitModal(from: InteractionHandle | string, values: ModalValues): InteractionHandle {
    const id = typeof from === 'string' ? from : from.id;
    const opener = this.#deps.store.byId(id);
    if (!opener?.modal)
      throw new Error(`interaction ${id} did not open a modal (or the bot has not answered yet)`);
    if (opener.userId !== this.user.id)
      throw new Error(`the modal of interaction ${id} was opened for another user`);
    if (this.#submittedModals.has(id))
      throw new Error(`the modal of interaction ${id} was already submitted`);
    const modal = opener.modal;
    const submission: APIModalSubmission = {
      custom_id: modal.custom_id,
      components: modalComponents(
        modal.components as readonly ComponentNode[],
        values,
        `modal "${modal.custom_id}"`,
        this.#deps.world,
      ),
    };
    const source =
      opener.sourceMessageId === null ? undefined : this.#deps.world.message(opener.sourceMessageId);
    const handle = this.#inject(
      'modal',
      InteractionType.ModalSubmit,
      `modal "${modal.custom_id}"`,
      opener.channelId,
      source?.id ?? null,
      opener.commandName,
      (ctx) => modalSubmitInteraction(ctx, submission, source ? messageJson(this.#deps.world, source) : null),
      opener.id,
    );
    this.#submittedModals.add(id);
    return handle;
  }

  /** What this user sees in a channel, oldest first; ephemeral messages only if they are theirs. */
  visibleMessages(channelId: string = this.#channel({})): LoopbackMessage[] {
    return this.#deps.world.visibleMessages(this.user.id, channelId);
  }

  /** The channels, threads and DMs this user can see. */
  visibleChannels(): LoopbackChannel[] {
    return this.#deps.world.visibleChannels(this.user.id);
  }

  canSee(channelId: string): boolean {
    return this.#deps.world.canSeeChannel(this.user.id, channelId);
  }

  /** The DM channel between this user and the bot (opened if needed). */
  dm(): LoopbackChannel {
    return this.#deps.world.openDm(this.user.id);
  }

  subscribe(listener: (event: LoopbackEvent) => void): () => void {
    return subscribe(this.#deps.world, this.#deps.events, this.user.id, listener);
  }

  feed(signal?: AbortSignal): EventFeed {
    const feed = new EventFeed(
      this.#deps.world,
      this.#deps.events,
      this.user.id,
      (f) => this.#deps.untrackFeed(f),
      signal,
    );
    this.#deps.trackFeed(feed);
    return feed;
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────────────

  #inject(
    kind: InteractionKind,
    type: InteractionType,
    label: string,
    channelId: string,
    sourceMessageId: string | null,
    commandName: string | null,
    build: (ctx: PayloadContext) => APIInteraction,
    openerId: string | null = null,
  ): InteractionHandle {
    const { world, store, waiters } = this.#deps;
    if (!world.canSeeChannel(this.user.id, channelId)) {
      throw new Error(`${this.user.username} cannot see channel ${channelId}`);
    }
    const guildId = world.channel(channelId)?.guildId ?? null;
    if (guildId !== null && !world.isMember(guildId, world.bot.id)) {
      // Discord offers no command or component of an app that is not in the server.
      throw new Error(`the bot is not in guild ${guildId}, so ${this.user.username} cannot reach it there`);
    }
    const id = world.ids.next();
    const token = newInteractionToken(id);
    const payload = build({
      world,
      id,
      token,
      userId: this.user.id,
      channelId,
      attachmentSizeLimit: this.#deps.attachmentSizeLimit,
    });
    const channel = world.channel(channelId);
    const record: InteractionRecord = {
      id,
      token,
      type,
      kind,
      label,
      userId: this.user.id,
      channelId,
      guildId: channel?.guildId ?? null,
      createdAt: world.clock.now(),
      sourceMessageId,
      commandName,
      openerId,
      payload,
      ackType: null,
      originalMessageId: null,
      followUpIds: [],
      modal: null,
      choices: null,
      events: [],
      failed: false,
    };
    store.add(record, record.createdAt);
    this.#deps.dispatch(payload);
    this.#deps.scheduleDeadline(record);
    return new InteractionHandle(record, world, waiters);
  }

  #channel(where: Where): string {
    const channelId = where.channelId ?? this.#deps.defaultChannelId();
    if (channelId === null) throw new Error('no channelId given and the loopback has no default channel');
    return channelId;
  }

  #command(command: string, channelId: string) {
    const [name, ...path] = command.trim().replace(/^\//, '').split(/\s+/);
    const guildId = this.#deps.world.channel(channelId)?.guildId ?? null;
    const registered = name === undefined ? undefined : this.#deps.commands.find(name, guildId);
    if (!registered) {
      const known = this.#deps.commands.available(guildId).map((c) => `/${c.name}`);
      throw new Error(`/${name} is not registered by the bot; registered: ${known.join(', ') || 'none'}`);
    }
    return { registered, path };
  }

  #lookups(channelId: string) {
    const world = this.#deps.world;
    const guild = world.guild(world.channel(channelId)?.guildId ?? '');
    return {
      userExists: (id: string) => world.user(id) !== undefined,
      channelType: (id: string) => world.channel(id)?.type,
      roleExists: (id: string) => guild !== undefined && (id === guild.id || guild.roles.has(id)),
    };
  }

  #visibleMessage(message: LoopbackMessage | string): LoopbackMessage {
    const id = typeof message === 'string' ? message : message.id;
    const current = this.#deps.world.message(id);
    if (!current) throw new Error(`message ${id} does not exist (deleted?)`);
    if (!this.#deps.world.canSeeMessage(this.user.id, current)) {
      throw new Error(`${this.user.username} cannot see message ${id}`);
    }
    return current;
  }

  /**
   * What even a modified client cannot get past Discord: the message must be one the user sees, and
   * the bot's (Discord routes a component interaction to the message's application), and the
   * custom_id a string of 1 to 100 characters.
   */
  #forgeTarget(message: LoopbackMessage | string, customId: string): LoopbackMessage {
    const target = this.#visibleMessage(message);
    if (target.authorId !== this.#deps.world.bot.id) {
      throw new Error(`message ${target.id} is not the bot's, so no interaction from it would reach the bot`);
    }
    if (typeof customId !== 'string' || customId.length < 1 || customId.length > 100) {
      throw new Error(`a custom_id has 1 to 100 characters, got ${JSON.stringify(customId)}`);
    }
    return target;
  }

  #component(message: LoopbackMessage, customId: string): ComponentNode {
    const component = findComponent(message.components, customId);
    if (!component) {
      throw new Error(
        `message ${message.id} has no component "${customId}" (it has ${describeIds(message)})`,
      );
    }
    if (component.disabled) throw new Error(`"${customId}" on message ${message.id} is disabled`);
    return component;
  }
}

function describeIds(message: LoopbackMessage): string {
  const ids = customIds(message.components);
  return ids.length === 0 ? 'none' : ids.map((i) => `"${i}"`).join(', ');
}
