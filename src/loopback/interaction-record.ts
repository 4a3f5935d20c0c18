import { randomBytes } from 'node:crypto';
import type {
  APIApplicationCommandOptionChoice,
  APIInteraction,
  APIModalInteractionResponseCallbackData,
  InteractionResponseType,
  InteractionType,
} from 'discord-api-types/v10';

export type InteractionKind = 'slash' | 'autocomplete' | 'button' | 'select' | 'modal';

/** Everything that happened to an interaction, in order; handles and failure messages read this. */
export type InteractionEvent =
  | {
      readonly kind: 'callback';
      readonly callbackType: InteractionResponseType;
      readonly messageId: string | null;
      readonly at: number;
    }
  | { readonly kind: 'original-edit'; readonly messageId: string; readonly at: number }
  | { readonly kind: 'original-delete'; readonly messageId: string; readonly at: number }
  | {
      readonly kind: 'follow-up';
      readonly messageId: string;
      readonly replacedOriginal: boolean;
      readonly at: number;
    }
  | { readonly kind: 'follow-up-edit'; readonly messageId: string; readonly at: number }
  | { readonly kind: 'follow-up-delete'; readonly messageId: string; readonly at: number }
  | {
      readonly kind: 'rejected';
      readonly request: string;
      readonly status: number;
      readonly code: number;
      readonly message: string;
      readonly at: number;
    }
  | { readonly kind: 'failed'; readonly reason: string; readonly at: number };

export interface InteractionRecord {
  readonly id: string;
  readonly token: string;
  readonly type: InteractionType;
  readonly kind: InteractionKind;
  /** How a person would name it, for error messages: `/game start`, `button "join"`. */
  readonly label: string;
  readonly userId: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly createdAt: number;
  /** The message whose component was used (also for a modal opened from a component). */
  readonly sourceMessageId: string | null;
  readonly commandName: string | null;
  /** A modal submission's: the interaction whose modal it submits. */
  readonly openerId: string | null;
  readonly payload: APIInteraction;
  ackType: InteractionResponseType | null;
  originalMessageId: string | null;
  readonly followUpIds: string[];
  modal: APIModalInteractionResponseCallbackData | null;
  choices: APIApplicationCommandOptionChoice[] | null;
  readonly events: InteractionEvent[];
  failed: boolean;
}

export function newInteractionToken(id: string): string {
  // Discord's tokens are opaque, long and URL-safe; tying in the id makes a mix-up obvious in logs.
  return Buffer.from(`interaction:${id}:${randomBytes(32).toString('base64url')}`).toString('base64url');
}

/** Interactions by id and by token. Old ones are forgotten once their token can no longer be used. */
export class InteractionStore {
  readonly #byId = new Map<string, InteractionRecord>();
  readonly #byToken = new Map<string, InteractionRecord>();
  readonly #retainMs: number;

  constructor(tokenLifetimeMs: number) {
    // Kept a little past expiry so that a late request is answered "token expired", not "unknown".
    this.#retainMs = tokenLifetimeMs * 2;
  }

  add(record: InteractionRecord, now: number): void {
    this.#prune(now);
    this.#byId.set(record.id, record);
    this.#byToken.set(record.token, record);
  }

  byId(id: string): InteractionRecord | undefined {
    return this.#byId.get(id);
  }

  byToken(token: string): InteractionRecord | undefined {
    return this.#byToken.get(token);
  }

  all(): InteractionRecord[] {
    return [...this.#byId.values()];
  }

  #prune(now: number): void {
    for (const record of this.#byId.values()) {
      if (now - record.createdAt <= this.#retainMs) break;
      this.#byId.delete(record.id);
      this.#byToken.delete(record.token);
    }
  }
}
