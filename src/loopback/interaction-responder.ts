import {
  type APIApplicationCommandOptionChoice,
  type APIModalInteractionResponseCallbackData,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageType,
  type RESTPostAPIInteractionCallbackWithResponseResult,
} from 'discord-api-types/v10';
import { messageJson } from './api-json.ts';
import { validateModal } from './components.ts';
import { DiscordError, discordErrors, type FormPath, type FormProblem } from './errors.ts';
import type { InteractionEvent, InteractionRecord, InteractionStore } from './interaction-record.ts';
import { messageFields, readMessageBody } from './message-body.ts';
import type { World } from './model.ts';
import type { LoopbackMessage, LoopbackMessageInteraction } from './model-types.ts';
import type { UploadedFile } from './multipart.ts';

export interface ResponderOptions {
  readonly ackDeadlineMs: number;
  readonly tokenLifetimeMs: number;
  readonly attachmentSizeLimit: number;
}

/** Which callback types Discord accepts for which interaction type. */
const ALLOWED_CALLBACKS: Record<number, readonly InteractionResponseType[]> = {
  [InteractionType.ApplicationCommand]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.Modal,
  ],
  [InteractionType.MessageComponent]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
    InteractionResponseType.Modal,
  ],
  [InteractionType.ApplicationCommandAutocomplete]: [
    InteractionResponseType.ApplicationCommandAutocompleteResult,
  ],
  [InteractionType.ModalSubmit]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
  ],
};

/**
 * The interaction side of Discord: the callback (the one acknowledgement) and the webhook that the
 * interaction token opens for 15 minutes (`@original`, follow-ups). It enforces the rules the bot
 * must live with: acknowledge within 3 seconds (10062), only once (40060), token expiry (50027),
 * and that only the user who caused an ephemeral reply ever sees it.
 */
export class InteractionResponder {
  readonly #world: World;
  readonly #store: InteractionStore;
  readonly #options: ResponderOptions;
  readonly #changed: () => void;

  constructor(world: World, store: InteractionStore, options: ResponderOptions, changed: () => void) {
    this.#world = world;
    this.#store = store;
    this.#options = options;
    this.#changed = changed;
  }

  /** Marks an interaction failed if its deadline has passed unacknowledged; true if it did now. */
  expireIfLate(record: InteractionRecord): boolean {
    if (record.ackType !== null || record.failed) return false;
    if (this.#world.clock.now() - record.createdAt <= this.#options.ackDeadlineMs) return false;
    record.failed = true;
    const reason = `not acknowledged within ${this.#options.ackDeadlineMs} ms`;
    this.#event(record, { kind: 'failed', reason, at: this.#world.clock.now() });
    this.#world.events.emit({
      type: 'interaction-failed',
      interactionId: record.id,
      reason,
      audience: { kind: 'user', userId: record.userId },
    });
    return true;
  }

  callback(
    id: string,
    token: string,
    json: unknown,
    files: readonly UploadedFile[],
    withResponse: boolean,
  ): RESTPostAPIInteractionCallbackWithResponseResult | null {
    const record = this.#store.byId(id);
    if (!record || record.token !== token) throw discordErrors.unknownInteraction();
    return this.#guard(record, 'POST /callback', () => {
      if (record.ackType !== null) throw discordErrors.alreadyAcknowledged();
      this.expireIfLate(record);
      if (record.failed) throw discordErrors.unknownInteraction();
      const body = readCallbackBody(json);
      if (!(ALLOWED_CALLBACKS[record.type] ?? []).includes(body.type)) {
        throw discordErrors.invalidFormBody([
          `type: callback type ${body.type} (${InteractionResponseType[body.type] ?? 'unknown'}) is not valid for a ${record.label} interaction`,
        ]);
      }
      const message = this.#applyCallback(record, body.type, body.data, files);
      record.ackType = body.type;
      this.#event(record, {
        kind: 'callback',
        callbackType: body.type,
        messageId: message?.id ?? null,
        at: this.#world.clock.now(),
      });
      this.#world.events.emit({
        type: 'interaction-acknowledged',
        interactionId: record.id,
        callbackType: body.type,
        audience: { kind: 'user', userId: record.userId },
      });
      if (!withResponse) return null;
      return {
        interaction: {
          id: record.id,
          type: record.type,
          ...(message
            ? {
                response_message_id: message.id,
                response_message_loading: message.loading,
                response_message_ephemeral: message.ephemeral,
              }
            : {}),
        },
        resource: { type: body.type, ...(message ? { message: messageJson(this.#world, message) } : {}) },
      };
    });
  }

  getOriginal(applicationId: string, token: string): LoopbackMessage {
    const record = this.#webhook(applicationId, token);
    return this.#guard(record, 'GET @original', () => this.#original(record));
  }

  editOriginal(
    applicationId: string,
    token: string,
    json: unknown,
    files: readonly UploadedFile[],
  ): LoopbackMessage {
    const record = this.#webhook(applicationId, token);
    return this.#guard(record, 'PATCH @original', () => {
      const original = this.#original(record);
      const message = this.#edit(original, json, files);
      this.#event(record, { kind: 'original-edit', messageId: message.id, at: this.#world.clock.now() });
      return message;
    });
  }

  deleteOriginal(applicationId: string, token: string): void {
    const record = this.#webhook(applicationId, token);
    this.#guard(record, 'DELETE @original', () => {
      const original = this.#original(record);
      this.#world.deleteMessage(original.id);
      this.#event(record, { kind: 'original-delete', messageId: original.id, at: this.#world.clock.now() });
    });
  }

  followUp(
    applicationId: string,
    token: string,
    json: unknown,
    files: readonly UploadedFile[],
  ): LoopbackMessage {
    const record = this.#webhook(applicationId, token);
    return this.#guard(record, 'POST follow-up', () => {
      const body = readMessageBody(json);
      const original =
        record.originalMessageId === null ? undefined : this.#world.message(record.originalMessageId);
      // Discord fills a still-"thinking" deferred reply with the first follow-up, keeping the
      // deferral's ephemerality; that is also why such a follow-up pings no one.
      if (record.ackType === InteractionResponseType.DeferredChannelMessageWithSource && original?.loading) {
        const message = this.#edit(original, json, files);
        record.followUpIds.push(message.id);
        this.#event(record, {
          kind: 'follow-up',
          messageId: message.id,
          replacedOriginal: true,
          at: this.#world.clock.now(),
        });
        return message;
      }
      const fields = messageFields(this.#world, record.channelId, body, files, {
        mode: 'create',
        sizeLimit: this.#options.attachmentSizeLimit,
      });
      const message = this.#world.createMessage({
        ...fields,
        channelId: record.channelId,
        authorId: this.#world.bot.id,
        webhookId: this.#world.applicationId,
        type: MessageType.Default,
        visibleTo: ((fields.flags ?? 0) & MessageFlags.Ephemeral) !== 0 ? record.userId : null,
        interaction: this.#meta(record, record.originalMessageId),
      });
      record.followUpIds.push(message.id);
      this.#event(record, {
        kind: 'follow-up',
        messageId: message.id,
        replacedOriginal: false,
        at: this.#world.clock.now(),
      });
      return message;
    });
  }

  getWebhookMessage(applicationId: string, token: string, messageId: string): LoopbackMessage {
    const record = this.#webhook(applicationId, token);
    return this.#guard(record, 'GET webhook message', () => this.#ownMessage(record, messageId));
  }

  editWebhookMessage(
    applicationId: string,
    token: string,
    messageId: string,
    json: unknown,
    files: readonly UploadedFile[],
  ): LoopbackMessage {
    const record = this.#webhook(applicationId, token);
    return this.#guard(record, 'PATCH webhook message', () => {
      const message = this.#edit(this.#ownMessage(record, messageId), json, files);
      const kind = message.id === record.originalMessageId ? 'original-edit' : 'follow-up-edit';
      this.#event(record, { kind, messageId: message.id, at: this.#world.clock.now() });
      return message;
    });
  }

  deleteWebhookMessage(applicationId: string, token: string, messageId: string): void {
    const record = this.#webhook(applicationId, token);
    this.#guard(record, 'DELETE webhook message', () => {
      const message = this.#ownMessage(record, messageId);
      this.#world.deleteMessage(message.id);
      const kind = message.id === record.originalMessageId ? 'original-delete' : 'follow-up-delete';
      this.#event(record, { kind, messageId: message.id, at: this.#world.clock.now() });
    });
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────────────

  #applyCallback(
    record: InteractionRecord,
    type: InteractionResponseType,
    data: unknown,
    files: readonly UploadedFile[],
  ): LoopbackMessage | null {
    const world = this.#world;
    switch (type) {
      case InteractionResponseType.ChannelMessageWithSource:
      case InteractionResponseType.DeferredChannelMessageWithSource: {
        const deferred = type === InteractionResponseType.DeferredChannelMessageWithSource;
        const body = readMessageBody(data, 'data.');
        const fields = deferred
          ? { flags: body.flags ?? 0 }
          : messageFields(world, record.channelId, body, files, {
              mode: 'create',
              sizeLimit: this.#options.attachmentSizeLimit,
              at: ['data'],
            });
        const message = world.createMessage({
          ...fields,
          channelId: record.channelId,
          authorId: world.bot.id,
          webhookId: world.applicationId,
          type:
            record.type === InteractionType.ApplicationCommand
              ? MessageType.ChatInputCommand
              : MessageType.Default,
          visibleTo: ((fields.flags ?? 0) & MessageFlags.Ephemeral) !== 0 ? record.userId : null,
          loading: deferred,
          interaction: this.#meta(record),
        });
        record.originalMessageId = message.id;
        return message;
      }
      case InteractionResponseType.DeferredMessageUpdate:
      case InteractionResponseType.UpdateMessage: {
        const source = record.sourceMessageId === null ? undefined : world.message(record.sourceMessageId);
        if (!source) {
          throw discordErrors.invalidFormBody([
            `type: ${record.label} has no message to update (only components, and modals opened from one, do)`,
          ]);
        }
        record.originalMessageId = source.id;
        if (type === InteractionResponseType.DeferredMessageUpdate) return source;
        return this.#edit(source, data, files, ['data']);
      }
      case InteractionResponseType.ApplicationCommandAutocompleteResult: {
        record.choices = readChoices(data);
        world.events.emit({
          type: 'autocomplete-result',
          interactionId: record.id,
          choices: record.choices,
          audience: { kind: 'user', userId: record.userId },
        });
        return null;
      }
      case InteractionResponseType.Modal: {
        const modal = readModal(data);
        record.modal = modal;
        world.events.emit({
          type: 'modal-open',
          interactionId: record.id,
          modal,
          audience: { kind: 'user', userId: record.userId },
        });
        return null;
      }
      default:
        throw discordErrors.invalidFormBody([`type: callback type ${type} is not simulated`]);
    }
  }

  #edit(
    message: LoopbackMessage,
    json: unknown,
    files: readonly UploadedFile[],
    at: FormPath = [],
  ): LoopbackMessage {
    const body = readMessageBody(json);
    const fields = messageFields(this.#world, message.channelId, body, files, {
      mode: 'edit',
      existing: message.attachments,
      previous: message,
      sizeLimit: this.#options.attachmentSizeLimit,
      at,
    });
    return this.#world.editMessage(message.id, { ...fields, ...(message.loading ? { loading: false } : {}) });
  }

  #original(record: InteractionRecord): LoopbackMessage {
    const message =
      record.originalMessageId === null ? undefined : this.#world.message(record.originalMessageId);
    if (!message) throw discordErrors.unknownMessage();
    return message;
  }

  #ownMessage(record: InteractionRecord, messageId: string): LoopbackMessage {
    const own = messageId === record.originalMessageId || record.followUpIds.includes(messageId);
    const message = own ? this.#world.message(messageId) : undefined;
    if (!message) throw discordErrors.unknownMessage();
    return message;
  }

  /** The webhook an interaction token opens, once acknowledged and for tokenLifetimeMs after creation. */
  #webhook(applicationId: string, token: string): InteractionRecord {
    const record = this.#store.byToken(token);
    if (!record || applicationId !== this.#world.applicationId) throw discordErrors.unknownWebhook();
    if (this.#world.clock.now() - record.createdAt > this.#options.tokenLifetimeMs) {
      this.#event(record, rejection('webhook', discordErrors.invalidWebhookToken(), this.#world.clock.now()));
      throw discordErrors.invalidWebhookToken();
    }
    if (record.ackType === null) {
      const error = discordErrors.unknownWebhook();
      this.#event(record, rejection('webhook before acknowledgement', error, this.#world.clock.now()));
      throw error;
    }
    return record;
  }

  #guard<T>(record: InteractionRecord, request: string, run: () => T): T {
    try {
      return run();
    } catch (error) {
      if (error instanceof DiscordError)
        this.#event(record, rejection(request, error, this.#world.clock.now()));
      throw error;
    }
  }

  #event(record: InteractionRecord, event: InteractionEvent): void {
    record.events.push(event);
    this.#changed();
  }

  /** What a message answering `record` says of it (`interaction_metadata`); a follow-up names the original. */
  #meta(
    record: InteractionRecord,
    originalResponseMessageId: string | null = null,
  ): LoopbackMessageInteraction {
    const opener = record.openerId === null ? undefined : this.#store.byId(record.openerId);
    return {
      id: record.id,
      type: record.type,
      userId: record.userId,
      name: record.commandName,
      guildId: record.guildId,
      interactedMessageId: record.type === InteractionType.MessageComponent ? record.sourceMessageId : null,
      triggering: opener ? this.#meta(opener) : null,
      originalResponseMessageId,
    };
  }
}

function rejection(request: string, error: DiscordError, at: number): InteractionEvent {
  return { kind: 'rejected', request, status: error.status, code: error.code, message: error.message, at };
}

function readCallbackBody(json: unknown): { type: InteractionResponseType; data: unknown } {
  if (typeof json !== 'object' || json === null || !('type' in json) || typeof json.type !== 'number') {
    throw discordErrors.invalidFormBody(['type: an interaction callback needs a numeric type']);
  }
  return { type: json.type, data: 'data' in json ? json.data : undefined };
}

function readChoices(data: unknown): APIApplicationCommandOptionChoice[] {
  const choices = typeof data === 'object' && data !== null && 'choices' in data ? data.choices : undefined;
  if (!Array.isArray(choices)) throw discordErrors.invalidFormBody(['data.choices: expected an array']);
  const problems: string[] = [];
  if (choices.length > 25) problems.push(`data.choices: at most 25 choices, got ${choices.length}`);
  choices.forEach((choice: { name?: unknown; value?: unknown }, i) => {
    if (typeof choice.name !== 'string' || choice.name.length < 1 || choice.name.length > 100) {
      problems.push(`data.choices[${i}].name: must be 1 to 100 characters`);
    }
    if (typeof choice.value !== 'string' && typeof choice.value !== 'number') {
      problems.push(`data.choices[${i}].value: must be a string or a number`);
    }
  });
  if (problems.length > 0) throw discordErrors.invalidFormBody(problems);
  return choices as APIApplicationCommandOptionChoice[];
}

function readModal(data: unknown): APIModalInteractionResponseCallbackData {
  if (typeof data !== 'object' || data === null)
    throw discordErrors.invalidFormBody(['data: a modal needs data']);
  const problems: FormProblem[] = [];
  validateModal(data, problems);
  if (problems.length > 0) throw discordErrors.invalidFormBody(problems);
  return data as APIModalInteractionResponseCallbackData;
}
