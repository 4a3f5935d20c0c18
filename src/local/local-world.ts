import { ChannelType } from 'discord-api-types/v10';
import type { Logger } from 'pino';
import { DISCORD_LOCALES } from '../i18n/locales.ts';
import { LANGUAGES } from '../i18n/messages.ts';
import { makeAttachment } from '../loopback/attachments.ts';
import type {
  LoopbackAttachment,
  LoopbackDiscord,
  LoopbackEvent,
  LoopbackMessage,
  LoopbackUser,
} from '../loopback/index.ts';
import { LocalInputError } from './local-errors.ts';
import {
  type ArchivedChannel,
  type ArchivedMessage,
  type ArchiveProblem,
  BOT,
  type WorldArchive,
} from './world-archive.ts';

export const GUILD_NAME = 'Scarab local table';
export const CHANNEL_NAME = 'general';
const MAX_NAME = 32;

/**
 * The local table's Discord: one guild with #general, the people at the table, and every thread and
 * message the bot made. It is rebuilt from the archive at start (before the bot logs in, so the bot
 * finds its threads where the game store says they are) and archived as it changes.
 */
/** The languages the page offers: one Discord locale per language Scarab speaks. */
export const LOCAL_LOCALES: readonly string[] = LANGUAGES.map((l) => DISCORD_LOCALES[l]?.[0] ?? 'en-US');

export class LocalWorld {
  readonly loopback: LoopbackDiscord;
  readonly guildId: string;
  readonly channelId: string;
  readonly #archive: WorldArchive;
  readonly #log: Logger;
  readonly #managers = new Set<string>();
  readonly #unsubscribe: () => void;

  constructor(loopback: LoopbackDiscord, archive: WorldArchive, log: Logger) {
    this.loopback = loopback;
    this.#archive = archive;
    this.#log = log;
    const { guildId, channelId } = this.#restore();
    this.guildId = guildId;
    this.channelId = channelId;
    loopback.control.setDefaults(guildId, channelId);
    this.#unsubscribe = loopback.control.subscribe((event) => this.#save(event));
  }

  get bot(): LoopbackUser {
    return this.loopback.control.bot;
  }

  /** The people at the table, in the order they arrived. */
  humans(): LoopbackUser[] {
    return this.loopback.control.users().filter((u) => !u.bot);
  }

  user(id: string): LoopbackUser | undefined {
    return this.loopback.world.user(id);
  }

  isManager(userId: string): boolean {
    return this.#managers.has(userId);
  }

  /** The language a person's interactions carry (their Discord client's, here the page's switch). */
  locale(userId: string): string {
    return this.loopback.control.userLocale(userId);
  }

  /**
   * The page's language switch: the person's interactions carry `locale` from now on, and the table's
   * one server takes it as its language too (new games are opened in it), as its owner would set it.
   */
  setLocale(userId: string, locale: string): void {
    if (!LOCAL_LOCALES.includes(locale))
      throw new LocalInputError(
        400,
        `the language must be one of ${LOCAL_LOCALES.join(', ')}, not "${locale}"`,
      );
    this.loopback.control.setUserLocale(userId, locale);
    this.loopback.control.setGuildLocale(this.guildId, locale);
  }

  /** A new person at the table. The first one manages the server (Manage Server), as its owner would. */
  createUser(rawName: string): LoopbackUser {
    const name = rawName.trim();
    if (name === '') throw new LocalInputError(400, 'a name is required');
    if (name.length > MAX_NAME) throw new LocalInputError(400, `a name has at most ${MAX_NAME} characters`);
    if (/[@#:`<>]/.test(name) || /\p{Cc}/u.test(name))
      throw new LocalInputError(400, 'a name cannot contain @ # : ` < > or control characters');
    const taken = this.loopback.control.users().find((u) => u.username.toLowerCase() === name.toLowerCase());
    if (taken) throw new LocalInputError(409, `the name "${taken.username}" is taken`);
    const manager = this.humans().length === 0;
    const user = this.loopback.world.createUser({
      username: name,
      guildIds: [this.guildId],
      grants: manager ? ['ManageGuild'] : [],
    });
    if (manager) this.#managers.add(user.id);
    this.#archive.addUser({ id: user.id, username: user.username, manager });
    return user;
  }

  close(): void {
    this.#unsubscribe();
  }

  // ── restore ────────────────────────────────────────────────────────────────────────────────────

  #restore(): { guildId: string; channelId: string } {
    const world = this.loopback.world;
    const saved = this.#archive.guild();
    if (!saved) {
      const guild = world.createGuild({ name: GUILD_NAME });
      const channel = world.createTextChannel({ guildId: guild.id, name: CHANNEL_NAME });
      this.#archive.saveGuild({ id: guild.id, name: guild.name, channelId: channel.id });
      this.#archive.saveChannel(channel, this.bot.id);
      return { guildId: guild.id, channelId: channel.id };
    }
    world.createGuild({ id: saved.id, name: saved.name });
    for (const user of this.#archive.users()) {
      world.createUser({
        id: user.id,
        username: user.username,
        guildIds: [saved.id],
        grants: user.manager ? ['ManageGuild'] : [],
      });
      if (user.manager) this.#managers.add(user.id);
    }
    const problems: ArchiveProblem[] = [];
    const channelIds = this.#restoreChannels(this.#archive.channels(problems), saved);
    const restored = this.#restoreMessages(this.#archive.messages(problems), channelIds);
    for (const p of problems)
      this.#log.error(
        { err: p.error, table: p.table, id: p.id },
        'local table: an archived row is unreadable',
      );
    this.#log.info(
      { users: this.humans().length, channels: channelIds.size, messages: restored },
      'local table restored',
    );
    return { guildId: saved.id, channelId: saved.channelId };
  }

  /** Returns archived channel id → channel id now (a DM gets a new id; the rest keep theirs). */
  #restoreChannels(channels: readonly ArchivedChannel[], guild: { id: string; channelId: string }) {
    const world = this.loopback.world;
    const bot = (id: string | null) => (id === BOT ? this.bot.id : id);
    const ids = new Map<string, string>();
    // Parents first: a thread's row can come before its channel's only if the channel was renamed.
    const ordered = [...channels].sort((a, b) => Number(a.parentId !== null) - Number(b.parentId !== null));
    if (!ordered.some((c) => c.id === guild.channelId))
      world.createTextChannel({ guildId: guild.id, name: CHANNEL_NAME, id: guild.channelId });
    for (const c of ordered) {
      try {
        if (c.type === ChannelType.GuildText) {
          world.createTextChannel({ guildId: guild.id, name: c.name, id: c.id });
        } else if (c.type === ChannelType.DM) {
          if (c.recipientId === null || !world.user(c.recipientId)) throw new Error('no recipient');
          ids.set(c.id, world.openDm(c.recipientId).id);
          continue;
        } else {
          world.createThread({
            id: c.id,
            parentId: c.parentId ?? guild.channelId,
            name: c.name,
            private: c.type === ChannelType.PrivateThread,
            ownerId: bot(c.ownerId) ?? this.bot.id,
            memberIds: c.memberIds.map((m) => bot(m) ?? m),
            autoArchiveDuration: c.autoArchiveDuration,
          });
          if (c.archived || c.locked) world.updateChannel(c.id, { archived: c.archived, locked: c.locked });
        }
        ids.set(c.id, c.id);
      } catch (error) {
        this.#log.error({ err: error, channel: c.id, name: c.name }, 'local table: cannot restore a channel');
      }
    }
    ids.set(guild.channelId, guild.channelId);
    return ids;
  }

  #restoreMessages(messages: readonly ArchivedMessage[], channelIds: ReadonlyMap<string, string>): number {
    const world = this.loopback.world;
    let restored = 0;
    for (const m of messages) {
      const channelId = channelIds.get(m.channelId);
      if (channelId === undefined) {
        this.#log.warn({ message: m.id, channel: m.channelId }, 'local table: a message lost its channel');
        continue;
      }
      const attachments: LoopbackAttachment[] = [];
      for (const a of m.attachments) {
        const bytes = this.#archive.attachmentBytes(a.id);
        if (!bytes) {
          this.#log.warn({ message: m.id, attachment: a.id }, 'local table: an image is missing');
          continue;
        }
        attachments.push(
          makeAttachment(a.id, channelId, world.baseUrl, {
            filename: a.filename,
            bytes,
            contentType: a.contentType,
            description: a.description,
          }),
        );
      }
      const message: LoopbackMessage = {
        ...m,
        channelId,
        authorId: m.authorId === BOT ? this.bot.id : m.authorId,
        webhookId: m.webhookId === BOT ? this.bot.id : m.webhookId,
        attachments,
      };
      try {
        world.restoreMessage(message);
        restored++;
      } catch (error) {
        this.#log.error({ err: error, message: m.id }, 'local table: cannot restore a message');
      }
    }
    return restored;
  }

  // ── archiving ──────────────────────────────────────────────────────────────────────────────────

  #save(event: LoopbackEvent): void {
    try {
      switch (event.type) {
        case 'message-create':
        case 'message-update': {
          // Ephemeral replies are gone after a reload on Discord too; a reply still "thinking" is saved once it has content.
          const m = event.message;
          if (m.ephemeral || m.loading) return;
          this.#archive.saveMessage(m, event.type === 'message-update' ? event.previous : null, this.bot.id);
          return;
        }
        case 'message-delete':
          this.#archive.deleteMessage(event.message);
          return;
        case 'channel-create':
        case 'channel-update':
          this.#archive.saveChannel(event.channel, this.bot.id);
          return;
        case 'channel-delete':
          this.#archive.deleteChannel(event.channel.id);
          return;
        default:
          return;
      }
    } catch (error) {
      this.#log.error({ err: error, event: event.type }, 'local table: cannot archive a change');
    }
  }
}
