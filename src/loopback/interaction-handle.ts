import {
  type APIApplicationCommandOptionChoice,
  type APIModalInteractionResponseCallbackData,
  InteractionResponseType,
} from 'discord-api-types/v10';
import type { InteractionEvent, InteractionKind, InteractionRecord } from './interaction-record.ts';
import type { World } from './model.ts';
import type { LoopbackMessage } from './model-types.ts';
import type { Waiters, WaitOptions } from './waiters.ts';

/**
 * What a test holds after injecting an interaction: it can await the bot's acknowledgement, the reply
 * the user ends up seeing, a follow-up, a modal or autocomplete choices. Every wait times out with a
 * message naming the interaction, the user and what the bot has done so far.
 */
export class InteractionHandle {
  readonly #record: InteractionRecord;
  readonly #world: World;
  readonly #waiters: Waiters;

  constructor(record: InteractionRecord, world: World, waiters: Waiters) {
    this.#record = record;
    this.#world = world;
    this.#waiters = waiters;
  }

  get id(): string {
    return this.#record.id;
  }

  get token(): string {
    return this.#record.token;
  }

  get kind(): InteractionKind {
    return this.#record.kind;
  }

  get label(): string {
    return this.#record.label;
  }

  get userId(): string {
    return this.#record.userId;
  }

  get channelId(): string {
    return this.#record.channelId;
  }

  /** The callback type the bot acknowledged with, or null. */
  get acknowledgement(): InteractionResponseType | null {
    return this.#record.ackType;
  }

  get failed(): boolean {
    return this.#record.failed;
  }

  get events(): readonly InteractionEvent[] {
    return [...this.#record.events];
  }

  /** The current state of the interaction's original response, if any. */
  original(): LoopbackMessage | undefined {
    const id = this.#record.originalMessageId;
    return id === null ? undefined : this.#world.message(id);
  }

  followUps(): LoopbackMessage[] {
    return this.#record.followUpIds
      .map((id) => this.#world.message(id))
      .filter((m): m is LoopbackMessage => m !== undefined);
  }

  /** Resolves with the acknowledgement event. */
  acknowledged(options?: WaitOptions): Promise<Extract<InteractionEvent, { kind: 'callback' }>> {
    return this.#until('an acknowledgement', options, () => {
      this.#throwIfFailed();
      return this.#record.events.find((e) => e.kind === 'callback');
    });
  }

  /**
   * The first response the user can read: a reply (type 4), an updated message (type 7), or the content
   * that later fills a deferral (`editReply`, or the first follow-up after `deferReply`). Resolves with
   * the message as it is at that moment.
   */
  reply(options?: WaitOptions): Promise<LoopbackMessage> {
    return this.#until('a reply', options, () => {
      this.#throwIfFailed();
      const type = this.#record.ackType;
      if (
        type === InteractionResponseType.Modal ||
        type === InteractionResponseType.ApplicationCommandAutocompleteResult
      ) {
        throw new Error(
          `${this.#describe()} was answered with ${InteractionResponseType[type]}, not a message; use modal() or choices()`,
        );
      }
      const filled = this.#record.events.find(
        (e) =>
          (e.kind === 'callback' &&
            (e.callbackType === InteractionResponseType.ChannelMessageWithSource ||
              e.callbackType === InteractionResponseType.UpdateMessage)) ||
          e.kind === 'original-edit' ||
          e.kind === 'follow-up',
      );
      if (!filled) return undefined;
      const messageId = 'messageId' in filled ? filled.messageId : null;
      const message = messageId === null ? undefined : this.#world.message(messageId);
      if (!message) throw new Error(`${this.#describe()}: the reply was deleted before it could be read`);
      return message;
    });
  }

  /** The n-th follow-up (0 = first), including one that filled a deferred reply. */
  followUp(index = 0, options?: WaitOptions): Promise<LoopbackMessage> {
    return this.#until(`follow-up #${index + 1}`, options, () => {
      this.#throwIfFailed();
      const id = this.#record.followUpIds[index];
      return id === undefined ? undefined : this.#world.message(id);
    });
  }

  /** Resolves once the original response has had index + 1 edits (`editReply`), with its current state. */
  edited(index = 0, options?: WaitOptions): Promise<LoopbackMessage> {
    return this.#until(`edit #${index + 1} of the original response`, options, () => {
      this.#throwIfFailed();
      const edit = this.#record.events.filter((e) => e.kind === 'original-edit')[index];
      return edit === undefined ? undefined : this.#world.message(edit.messageId);
    });
  }

  modal(options?: WaitOptions): Promise<APIModalInteractionResponseCallbackData> {
    return this.#until('a modal', options, () => {
      this.#throwIfFailed();
      if (this.#record.modal) return this.#record.modal;
      if (this.#record.ackType !== null) {
        throw new Error(
          `${this.#describe()} was acknowledged with ${InteractionResponseType[this.#record.ackType]}, not a modal`,
        );
      }
      return undefined;
    });
  }

  choices(options?: WaitOptions): Promise<readonly APIApplicationCommandOptionChoice[]> {
    return this.#until('autocomplete choices', options, () => {
      this.#throwIfFailed();
      return this.#record.choices ?? undefined;
    });
  }

  /** Waits for any event matching `predicate`, e.g. a rejected request or an edit. */
  waitFor<E extends InteractionEvent>(
    predicate: (event: InteractionEvent) => event is E,
    what: string,
    options?: WaitOptions,
  ): Promise<E> {
    return this.#until(what, options, () => this.#record.events.find(predicate));
  }

  #until<T>(what: string, options: WaitOptions | undefined, probe: () => T | undefined): Promise<T> {
    return this.#waiters.until(
      probe,
      () => `${what} to ${this.#describe()}; so far: ${this.#history()}`,
      options,
    );
  }

  #throwIfFailed(): void {
    if (this.#record.failed) {
      throw new Error(
        `${this.#describe()} failed: ${this.#history()} (Discord shows "This interaction failed")`,
      );
    }
  }

  #describe(): string {
    const user = this.#world.user(this.#record.userId);
    return `${this.#record.label} (interaction ${this.#record.id}) by ${user?.username ?? this.#record.userId}`;
  }

  #history(): string {
    if (this.#record.events.length === 0) return 'the bot has not answered';
    return this.#record.events.map(describeEvent).join(', ');
  }
}

function describeEvent(event: InteractionEvent): string {
  switch (event.kind) {
    case 'callback':
      return `callback ${InteractionResponseType[event.callbackType]} (${event.callbackType})`;
    case 'rejected':
      return `${event.request} rejected ${event.status} ${event.code} "${event.message}"`;
    case 'failed':
      return `failed (${event.reason})`;
    default:
      return event.kind;
  }
}
