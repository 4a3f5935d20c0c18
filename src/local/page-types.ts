import type {
  APIApplicationCommandBasicOption,
  APIEmbed,
  APIMessageTopLevelComponent,
  APIModalInteractionResponseCallbackData,
} from 'discord-api-types/v10';

/**
 * What the page receives: Discord's message and component shapes as the bot sent them, with names
 * resolved where the page cannot, images at the page's own address, and nothing the viewer may not see.
 * `page/` reads these through JSDoc imports of this file.
 */
export interface PageUser {
  readonly id: string;
  readonly name: string;
  readonly bot: boolean;
  readonly manager: boolean;
  /** The Discord locale the page sends for them (its language switch). */
  readonly locale: string;
}

export type PageChannelKind = 'text' | 'thread' | 'dm';

export interface PageChannel {
  readonly id: string;
  readonly kind: PageChannelKind;
  readonly name: string;
  readonly parentId: string | null;
  readonly private: boolean;
  readonly archived: boolean;
  /** A DM's other end. */
  readonly recipientId: string | null;
  readonly createdAt: number;
}

export interface PageAttachment {
  readonly id: string;
  readonly filename: string;
  /** Alt text, as the bot wrote it. */
  readonly description: string | null;
  readonly contentType: string | null;
  readonly size: number;
  readonly width: number | null;
  readonly height: number | null;
  /** On the page's server: `/attachments/{channel}/{id}/{name}`. */
  readonly url: string;
}

export interface PageMessage {
  readonly id: string;
  readonly channelId: string;
  readonly authorId: string;
  readonly content: string;
  /** What a reader sees as text: the content, or a Components V2 message's text displays (tests read it). */
  readonly text: string;
  readonly embeds: readonly APIEmbed[];
  /**
   * As the bot sent them, with each `attachment://` media and file resolved as Discord answers them
   * (`component-media.ts`): `url` at the page's address, `width`, `height`, `content_type`,
   * `attachment_id`; a File component's `name` and `size`.
   */
  readonly components: readonly APIMessageTopLevelComponent[];
  /**
   * The message has the `IS_COMPONENTS_V2` flag: its components are its whole body (no content, no
   * embeds), and an attachment shows only where a component shows it.
   */
  readonly componentsV2: boolean;
  readonly attachments: readonly PageAttachment[];
  /** Only the viewer can see it (and only the viewer ever receives it). */
  readonly ephemeral: boolean;
  /** A deferred reply: "Scarab is thinking…". */
  readonly loading: boolean;
  readonly mentions: { readonly users: readonly string[]; readonly everyone: boolean };
  /** Who this message pinged when it was posted. */
  readonly notified: readonly string[];
  /** The command or component this message answers ("alice used /valley"). */
  readonly interaction: {
    /** The interaction's id, which the page's own actions answer with. */
    readonly id: string;
    readonly userId: string;
    readonly name: string | null;
  } | null;
  readonly createdAt: number;
  readonly editedAt: number | null;
  readonly version: number;
}

export type PaceName = 'slow' | 'normal' | 'fast' | 'instant' | 'custom';

/** How long computer players wait before each move; the page offers `choices`. */
export interface PagePace {
  readonly name: PaceName;
  readonly botDelayMs: number;
  readonly choices: readonly {
    readonly name: PaceName;
    readonly label: string;
    readonly botDelayMs: number;
  }[];
}

/** The table as a whole: `GET /api/state`, and the first event of every feed connection. */
export interface PageTableState {
  readonly guild: { readonly id: string; readonly name: string };
  readonly defaultChannelId: string;
  /** A new id at every start of the table. */
  readonly bot: PageUser;
  readonly users: readonly PageUser[];
  /** The newcomer's first line, in English (the page writes its own from `lobbyCommands`). */
  readonly hint: string;
  /** The commands that open a lobby, one per game the bot hosts: `valley`, `archaeology`. */
  readonly lobbyCommands: readonly string[];
  readonly pace: PagePace;
}

/** `GET /api/texts/:language`: the page's own messages (`page.*` keys of assets/i18n) in a language. */
export interface PageTexts {
  /** The catalogue's language: `en` for one that Scarab does not speak. */
  readonly language: string;
  /** ICU messages by key, English where the language lacks one. */
  readonly messages: Readonly<Record<string, string>>;
  /** The bot's wordings the hint line reads, in every language (the same whatever the reader's). */
  readonly patterns: StatusPatterns;
}

/** The kinds of line of the bot's public messages that the hint line reads (page/game-status.js). */
export type StatusKind =
  | 'lobby'
  | 'host'
  | 'board'
  | 'decision'
  | 'results'
  | 'cancelled'
  | 'toPlay'
  | 'turnOf'
  | 'gameOver';

/** One catalogue message as a regular expression that reads one line the bot wrote with it (page-texts.ts). */
export interface StatusPattern {
  readonly key: string;
  readonly language: string;
  /** A RegExp source, anchored at both ends. */
  readonly source: string;
  /**
   * What capture group i + 1 holds: a placeholder's value (`"id"`), or, when it took part in the
   * match, which option of a select was written (`"status=lobby"`).
   */
  readonly groups: readonly string[];
}

export type StatusPatterns = Readonly<Record<StatusKind, readonly StatusPattern[]>>;

/**
 * A command with each subcommand spelled out, as the slash box offers them, in the reader's locale
 * (as their Discord client shows it). Names come twice: Discord's interaction carries the canonical
 * ones whatever the reader sees, so the page shows `label` and sends `path` and option `name`s.
 */
export interface PageCommand {
  /** `manage cancel`: the canonical names, which the page sends. */
  readonly path: string;
  /** `gestionar cancelar`: the localized names where the command has them for the locale. */
  readonly label: string;
  /** Localized where it can be. */
  readonly description: string;
  readonly options: readonly PageCommandOption[];
}

/**
 * An option without its localization maps: `name` is canonical (the key the page sends), `label` and
 * `description` are the reader's, and so is each choice's `name` (its `value` is what is sent).
 */
export type PageCommandOption = APIApplicationCommandBasicOption extends infer O
  ? O extends APIApplicationCommandBasicOption
    ? Omit<O, 'name_localizations' | 'description_localizations'> & { readonly label: string }
    : never
  : never;

export type PageEvent =
  | { readonly type: 'table'; readonly state: PageTableState }
  | { readonly type: 'pace'; readonly pace: PagePace }
  | { readonly type: 'message-create' | 'message-update'; readonly message: PageMessage }
  | { readonly type: 'message-delete'; readonly id: string; readonly channelId: string }
  | { readonly type: 'channel-create' | 'channel-update'; readonly channel: PageChannel }
  | { readonly type: 'channel-delete'; readonly id: string }
  | { readonly type: 'user-add'; readonly user: PageUser }
  | { readonly type: 'commands-update' }
  | {
      readonly type: 'modal-open';
      readonly interactionId: string;
      readonly modal: APIModalInteractionResponseCallbackData;
    }
  | { readonly type: 'interaction-failed'; readonly interactionId: string; readonly reason: string };
