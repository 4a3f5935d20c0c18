import type {
  APIApplicationCommandOptionChoice,
  APIEmbed,
  APIMessageTopLevelComponent,
  APIModalInteractionResponseCallbackData,
  ChannelType,
  InteractionType,
  MessageType,
} from 'discord-api-types/v10';

export interface LoopbackUser {
  readonly id: string;
  readonly username: string;
  readonly globalName: string | null;
  readonly bot: boolean;
}

export interface LoopbackGuild {
  readonly id: string;
  name: string;
  /** Never the bot: a guild owner bypasses permission overwrites, which would hide refusals. */
  readonly ownerId: string;
  readonly createdAt: number;
  /** Member id → join time (ms). Insertion order is join order. */
  readonly members: Map<string, number>;
  /** The server's language (Server Settings → Community), sent as `guild_locale` and `preferred_locale`. */
  preferredLocale: string;
  /** Its roles but @everyone (whose id is the guild's), by id, in creation order. */
  readonly roles: Map<string, LoopbackRole>;
  /** Member id → the ids of the roles they have (never @everyone, which everyone has), as Discord lists them. */
  readonly memberRoles: Map<string, Set<string>>;
}

/** A role a server made (Server Settings → Roles): its permissions add to @everyone's for whoever has it. */
export interface LoopbackRole {
  readonly id: string;
  readonly guildId: string;
  readonly name: string;
  readonly permissions: bigint;
  /** Above @everyone (0): 1 for the first role made, and so on. */
  readonly position: number;
}

export type LoopbackChannelType =
  | ChannelType.GuildText
  | ChannelType.DM
  | ChannelType.PublicThread
  | ChannelType.PrivateThread;

export interface LoopbackChannel {
  readonly id: string;
  readonly type: LoopbackChannelType;
  readonly guildId: string | null;
  name: string;
  /** The text channel a thread lives in. */
  readonly parentId: string | null;
  /** Who created a thread. */
  readonly ownerId: string | null;
  /** The user at the other end of a DM with the bot. */
  readonly recipientId: string | null;
  /** Thread members; a private thread is visible only to them. */
  readonly memberIds: Set<string>;
  /** Permission bits refused to the bot here (a member overwrite), so refusals can be tested. */
  botDeny: bigint;
  archived: boolean;
  locked: boolean;
  autoArchiveDuration: number;
  readonly createdAt: number;
  lastMessageId: string | null;
  messageCount: number;
  readonly position: number;
}

export interface LoopbackAttachment {
  readonly id: string;
  readonly filename: string;
  readonly description: string | null;
  readonly contentType: string | null;
  readonly size: number;
  readonly bytes: Uint8Array;
  readonly url: string;
  readonly width: number | null;
  readonly height: number | null;
}

export interface LoopbackMentions {
  readonly users: readonly string[];
  readonly roles: readonly string[];
  readonly everyone: boolean;
}

/**
 * One version of a message. Every edit stores a new frozen object, so a message held by a test is a
 * snapshot that never changes under it; `world.message(id)` gives the latest version.
 */
export interface LoopbackMessage {
  readonly id: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly authorId: string;
  /** Interaction responses and follow-ups come from the application's webhook. */
  readonly webhookId: string | null;
  readonly type: MessageType;
  readonly content: string;
  /**
   * Not a field of Discord's: what a reader sees as text, the content and then every text display in
   * reading order (a Components V2 message has text displays and no content). Tests read this.
   */
  readonly text: string;
  readonly embeds: readonly APIEmbed[];
  readonly components: readonly APIMessageTopLevelComponent[];
  readonly attachments: readonly LoopbackAttachment[];
  readonly flags: number;
  readonly tts: boolean;
  /** The only user who can see this message (an ephemeral reply), or null when the channel can. */
  readonly visibleTo: string | null;
  readonly ephemeral: boolean;
  /** A deferred reply that is still "thinking". */
  readonly loading: boolean;
  readonly mentions: LoopbackMentions;
  /** Who was pinged. Only a new, non-ephemeral message notifies; edits never do. */
  readonly notified: readonly string[];
  readonly interaction: LoopbackMessageInteraction | null;
  readonly reference: { readonly messageId: string; readonly channelId: string } | null;
  readonly threadId: string | null;
  readonly createdAt: number;
  readonly editedAt: number | null;
  readonly version: number;
}

/** The interaction a message answers: Discord's `interaction_metadata`. */
export interface LoopbackMessageInteraction {
  readonly id: string;
  readonly type: InteractionType;
  readonly userId: string;
  readonly name: string | null;
  /** Where it was used: `authorizing_integration_owners` is `{ 0: guildId }`, or `{ 0: '0' }` in the bot's DM. */
  readonly guildId: string | null;
  /** A component interaction's message: `interacted_message_id`. */
  readonly interactedMessageId: string | null;
  /** A modal submission's: the interaction that opened the modal (`triggering_interaction_metadata`). */
  readonly triggering: LoopbackMessageInteraction | null;
  /** A follow-up's: the interaction's original response (`original_response_message_id`). */
  readonly originalResponseMessageId: string | null;
}

/** Who may receive an event in a per-user feed. */
export type Audience =
  | { readonly kind: 'everyone' }
  | { readonly kind: 'guild'; readonly guildId: string }
  | { readonly kind: 'channel'; readonly channelId: string }
  | { readonly kind: 'user'; readonly userId: string }
  /** Fixed when the event happens, for a channel that will no longer exist to ask. */
  | { readonly kind: 'users'; readonly userIds: readonly string[] };

export type LoopbackEvent =
  | { readonly type: 'message-create'; readonly message: LoopbackMessage; readonly audience: Audience }
  | {
      readonly type: 'message-update';
      readonly message: LoopbackMessage;
      readonly previous: LoopbackMessage;
      readonly audience: Audience;
    }
  | { readonly type: 'message-delete'; readonly message: LoopbackMessage; readonly audience: Audience }
  | {
      readonly type: 'channel-create' | 'channel-update' | 'channel-delete';
      readonly channel: Readonly<LoopbackChannel>;
      readonly audience: Audience;
    }
  | {
      readonly type: 'guild-create' | 'guild-update';
      readonly guild: Readonly<LoopbackGuild>;
      readonly audience: Audience;
    }
  /** The bot was removed from the guild (not an outage): the guild stays, without the bot. */
  | { readonly type: 'guild-delete'; readonly guildId: string; readonly audience: Audience }
  | { readonly type: 'role-create'; readonly role: LoopbackRole; readonly audience: Audience }
  | {
      readonly type: 'member-update';
      readonly guildId: string;
      readonly userId: string;
      readonly audience: Audience;
    }
  | {
      readonly type: 'member-add';
      readonly guildId: string;
      readonly user: LoopbackUser;
      readonly audience: Audience;
    }
  | { readonly type: 'commands-update'; readonly guildId: string | null; readonly audience: Audience }
  | {
      readonly type: 'interaction-acknowledged';
      readonly interactionId: string;
      readonly callbackType: number;
      readonly audience: Audience;
    }
  | {
      readonly type: 'modal-open';
      readonly interactionId: string;
      readonly modal: APIModalInteractionResponseCallbackData;
      readonly audience: Audience;
    }
  | {
      readonly type: 'autocomplete-result';
      readonly interactionId: string;
      readonly choices: readonly APIApplicationCommandOptionChoice[];
      readonly audience: Audience;
    }
  | {
      readonly type: 'interaction-failed';
      readonly interactionId: string;
      readonly reason: string;
      readonly audience: Audience;
    };
