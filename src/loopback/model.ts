import {
  type APIAllowedMentions,
  type APIEmbed,
  type APIMessageTopLevelComponent,
  ChannelType,
  MessageFlags,
  MessageType,
  PermissionFlagsBits,
  ThreadAutoArchiveDuration,
} from 'discord-api-types/v10';
import type { Clock } from './clock.ts';
import { DISCORD_LOCALES } from './commands.ts';
import { readableText } from './components.ts';
import { EventHub } from './event-hub.ts';
import { parseMentions, repliedUserPinged } from './mentions.ts';
import type {
  Audience,
  LoopbackAttachment,
  LoopbackChannel,
  LoopbackEvent,
  LoopbackGuild,
  LoopbackMessage,
  LoopbackMessageInteraction,
  LoopbackRole,
  LoopbackUser,
} from './model-types.ts';
import {
  ALL_PERMISSIONS,
  EVERYONE_PERMISSIONS,
  MEMBER_PERMISSIONS,
  type PermissionName,
  permissionBits,
} from './permissions.ts';
import type { SnowflakeGenerator } from './snowflake.ts';

export interface MessageInput {
  readonly channelId: string;
  readonly authorId: string;
  readonly webhookId?: string | null;
  readonly type?: MessageType;
  readonly content?: string;
  readonly embeds?: readonly APIEmbed[];
  readonly components?: readonly APIMessageTopLevelComponent[];
  readonly attachments?: readonly LoopbackAttachment[];
  readonly flags?: number;
  readonly tts?: boolean;
  readonly visibleTo?: string | null;
  readonly loading?: boolean;
  readonly allowedMentions?: APIAllowedMentions;
  readonly interaction?: LoopbackMessageInteraction | null;
  readonly reference?: { readonly messageId: string; readonly channelId: string } | null;
}

export interface MessageEdit {
  readonly content?: string;
  readonly embeds?: readonly APIEmbed[];
  readonly components?: readonly APIMessageTopLevelComponent[];
  readonly attachments?: readonly LoopbackAttachment[];
  readonly flags?: number;
  readonly allowedMentions?: APIAllowedMentions;
  /** Set when a deferred reply receives its content. */
  readonly loading?: false;
  readonly threadId?: string;
}

export interface ThreadInput {
  readonly parentId: string;
  readonly name: string;
  readonly private: boolean;
  readonly ownerId: string;
  readonly memberIds?: readonly string[];
  /** A thread started from a message takes the message's id, as on Discord. */
  readonly id?: string;
  readonly autoArchiveDuration?: number;
}

/** Flags Discord keeps from the original message whatever an edit sends. */
const FIXED_FLAGS = MessageFlags.Ephemeral | MessageFlags.Loading;

/**
 * The simulated Discord: users, guilds, channels, threads, DMs and messages, with Discord's visibility
 * rules. Every change is published on `events`; the gateway turns public ones into dispatches and the
 * control API into per-user feeds.
 */
export class World {
  readonly events: EventHub<LoopbackEvent>;
  readonly clock: Clock;
  readonly ids: SnowflakeGenerator;
  readonly applicationId: string;
  readonly bot: LoopbackUser;
  /** Where attachments are served; set once the server listens. */
  baseUrl = 'http://127.0.0.1';

  readonly #users = new Map<string, LoopbackUser>();
  readonly #memberPermissions = new Map<string, bigint>();
  readonly #guilds = new Map<string, LoopbackGuild>();
  readonly #channels = new Map<string, LoopbackChannel>();
  readonly #messages = new Map<string, LoopbackMessage>();
  readonly #channelMessages = new Map<string, string[]>();
  readonly #attachments = new Map<string, LoopbackAttachment>();
  readonly #dms = new Map<string, string>();
  /** Each person's Discord client language, sent as an interaction's `locale`; default en-US. */
  readonly #locales = new Map<string, string>();
  /** People whose DMs are closed to the bot. */
  readonly #dmsClosed = new Set<string>();

  constructor(options: {
    clock: Clock;
    ids: SnowflakeGenerator;
    botName: string;
    onError: (error: unknown) => void;
  }) {
    this.clock = options.clock;
    this.ids = options.ids;
    this.events = new EventHub(options.onError);
    this.applicationId = this.ids.next();
    // The bot user shares the application's id, as every Discord bot does.
    this.bot = Object.freeze({
      id: this.applicationId,
      username: options.botName,
      globalName: null,
      bot: true,
    });
    this.#users.set(this.bot.id, this.bot);
  }

  // ── users ──────────────────────────────────────────────────────────────────────────────────────

  createUser(input: {
    /** A known id (the local table restoring its users after a restart); default: a new one. */
    id?: string;
    username: string;
    globalName?: string | null;
    guildIds?: readonly string[];
    /** Permissions beyond an ordinary member's (e.g. ['ManageGuild'] for a server manager). */
    grants?: readonly PermissionName[];
    /** Their Discord client's language (`interaction.locale`), e.g. 'es-ES'; default 'en-US'. */
    locale?: string;
  }): LoopbackUser {
    if (input.id !== undefined && this.#users.has(input.id))
      throw new Error(`user ${input.id} already exists`);
    if (input.locale !== undefined) checkLocale(input.locale);
    const user: LoopbackUser = Object.freeze({
      id: input.id ?? this.ids.next(),
      username: input.username,
      globalName: input.globalName ?? null,
      bot: false,
    });
    this.#users.set(user.id, user);
    if (input.locale !== undefined) this.#locales.set(user.id, input.locale);
    this.#memberPermissions.set(user.id, permissionBits([...MEMBER_PERMISSIONS, ...(input.grants ?? [])]));
    for (const guildId of input.guildIds ?? [...this.#guilds.keys()]) this.addMember(guildId, user.id);
    return user;
  }

  /** What a human member may do in guilds (the bot's own permissions come from @everyone). */
  memberPermissions(userId: string): bigint {
    return this.#memberPermissions.get(userId) ?? EVERYONE_PERMISSIONS;
  }

  /** The language their Discord client sends with every interaction. */
  userLocale(id: string): string {
    return this.#locales.get(id) ?? 'en-US';
  }

  /** They switch their Discord client's language: their next interactions carry it. */
  setUserLocale(id: string, locale: string): void {
    if (!this.#users.has(id)) throw new Error(`no user ${id}`);
    checkLocale(locale);
    this.#locales.set(id, locale);
  }

  /**
   * Whether the bot may send them a DM. Discord refuses it (50007) when they turned off DMs from server
   * members or blocked the bot; opening the DM channel still succeeds.
   */
  acceptsDms(id: string): boolean {
    return !this.#dmsClosed.has(id);
  }

  setDmsOpen(id: string, open: boolean): void {
    if (!this.#users.has(id)) throw new Error(`no user ${id}`);
    if (open) this.#dmsClosed.delete(id);
    else this.#dmsClosed.add(id);
  }

  user(id: string): LoopbackUser | undefined {
    return this.#users.get(id);
  }

  users(): LoopbackUser[] {
    return [...this.#users.values()];
  }

  findUser(name: string): LoopbackUser | undefined {
    return this.users().find((u) => u.username === name || u.id === name);
  }

  // ── guilds ─────────────────────────────────────────────────────────────────────────────────────

  createGuild(input: { name: string; id?: string; preferredLocale?: string }): LoopbackGuild {
    if (input.preferredLocale !== undefined) checkLocale(input.preferredLocale);
    const now = this.clock.now();
    if (input.id !== undefined && this.#guilds.has(input.id))
      throw new Error(`guild ${input.id} already exists`);
    const guild: LoopbackGuild = {
      id: input.id ?? this.ids.next(),
      name: input.name,
      ownerId: this.ids.next(),
      createdAt: now,
      members: new Map([[this.bot.id, now]]),
      preferredLocale: input.preferredLocale ?? 'en-US',
      roles: new Map(),
      memberRoles: new Map(),
    };
    this.#guilds.set(guild.id, guild);
    this.events.emit({ type: 'guild-create', guild, audience: { kind: 'guild', guildId: guild.id } });
    return guild;
  }

  /** A server manager changes the server's language: bots hear GUILD_UPDATE. */
  setGuildLocale(guildId: string, locale: string): void {
    const guild = this.#guilds.get(guildId);
    if (!guild) throw new Error(`no guild ${guildId}`);
    checkLocale(locale);
    guild.preferredLocale = locale;
    this.events.emit({ type: 'guild-update', guild, audience: { kind: 'guild', guildId } });
  }

  guild(id: string): LoopbackGuild | undefined {
    return this.#guilds.get(id);
  }

  guilds(): LoopbackGuild[] {
    return [...this.#guilds.values()];
  }

  addMember(guildId: string, userId: string): void {
    const guild = this.#guilds.get(guildId);
    const user = this.#users.get(userId);
    if (!guild) throw new Error(`no guild ${guildId}`);
    if (!user) throw new Error(`no user ${userId}`);
    if (guild.members.has(userId)) return;
    guild.members.set(userId, this.clock.now());
    this.events.emit({ type: 'member-add', guildId, user, audience: { kind: 'guild', guildId } });
  }

  // ── roles ──────────────────────────────────────────────────────────────────────────────────────

  /** A server manager makes a role: bots hear GUILD_ROLE_CREATE. */
  createRole(
    guildId: string,
    input: { name: string; permissions?: readonly PermissionName[] },
  ): LoopbackRole {
    const guild = this.#guilds.get(guildId);
    if (!guild) throw new Error(`no guild ${guildId}`);
    if (input.name.length < 1 || input.name.length > 100)
      throw new Error('a role name is 1 to 100 characters');
    const role: LoopbackRole = Object.freeze({
      id: this.ids.next(),
      guildId,
      name: input.name,
      permissions: permissionBits(input.permissions ?? []),
      position: guild.roles.size + 1,
    });
    guild.roles.set(role.id, role);
    this.events.emit({ type: 'role-create', role, audience: { kind: 'guild', guildId } });
    return role;
  }

  /** A member is given a role (or loses it): bots with the Server Members intent hear GUILD_MEMBER_UPDATE. */
  setMemberRole(guildId: string, userId: string, roleId: string, has: boolean): void {
    const guild = this.#guilds.get(guildId);
    if (!guild) throw new Error(`no guild ${guildId}`);
    if (!guild.members.has(userId)) throw new Error(`${userId} is not a member of guild ${guildId}`);
    if (!guild.roles.has(roleId)) throw new Error(`guild ${guildId} has no role ${roleId}`);
    const roles = guild.memberRoles.get(userId) ?? new Set<string>();
    if (roles.has(roleId) === has) return;
    if (has) roles.add(roleId);
    else roles.delete(roleId);
    guild.memberRoles.set(userId, roles);
    this.events.emit({ type: 'member-update', guildId, userId, audience: { kind: 'guild', guildId } });
  }

  /** The ids of a member's roles, @everyone left out, as a member object lists them. */
  memberRoleIds(guildId: string, userId: string): string[] {
    return [...(this.#guilds.get(guildId)?.memberRoles.get(userId) ?? [])];
  }

  /**
   * A member's permissions in a guild, as Discord computes them (its "Permissions" topic): the owner has
   * all; else @everyone's (here: an ordinary member's plus the test's grants) with each of their roles'
   * added; Administrator gives all.
   */
  memberPermissionsIn(guildId: string, userId: string): bigint {
    const guild = this.#guilds.get(guildId);
    if (guild?.ownerId === userId) return ALL_PERMISSIONS;
    let bits = this.memberPermissions(userId);
    for (const id of guild?.memberRoles.get(userId) ?? []) bits |= guild?.roles.get(id)?.permissions ?? 0n;
    return (bits & PermissionFlagsBits.Administrator) !== 0n ? ALL_PERMISSIONS : bits;
  }

  /**
   * A person leaves the guild (or is kicked): the member routes answer 10007 Unknown Member from now on.
   * Discord dispatches GUILD_MEMBER_REMOVE only with the privileged Server Members intent, which no bot
   * here asks for, so nothing is dispatched.
   */
  removeMember(guildId: string, userId: string): void {
    const guild = this.#guilds.get(guildId);
    if (!guild) throw new Error(`no guild ${guildId}`);
    if (userId === this.bot.id) throw new Error('the bot leaves with removeBot');
    if (!guild.members.delete(userId)) throw new Error(`${userId} is not in guild ${guildId}`);
    // A member who comes back has no roles: Discord does not keep them (unless a bot gives them back).
    guild.memberRoles.delete(userId);
  }

  isMember(guildId: string, userId: string): boolean {
    return this.#guilds.get(guildId)?.members.has(userId) ?? false;
  }

  /** The guilds the bot is in now: a guild it was removed from stays in the world, without it. */
  botGuilds(): LoopbackGuild[] {
    return this.guilds().filter((g) => g.members.has(this.bot.id));
  }

  /**
   * The bot is removed from a guild (kicked, banned, or it left): Discord sends GUILD_DELETE without
   * `unavailable`, and the guild's routes refuse the bot from then on. Its channels and messages stay.
   */
  removeBot(guildId: string): void {
    const guild = this.#guilds.get(guildId);
    if (!guild) throw new Error(`no guild ${guildId}`);
    if (!guild.members.delete(this.bot.id)) throw new Error(`the bot is not in guild ${guildId}`);
    this.events.emit({ type: 'guild-delete', guildId, audience: { kind: 'guild', guildId } });
  }

  /** The bot is invited back: it is a new member, and hears GUILD_CREATE with the whole guild, as on a join. */
  addBot(guildId: string): void {
    const guild = this.#guilds.get(guildId);
    if (!guild) throw new Error(`no guild ${guildId}`);
    if (guild.members.has(this.bot.id)) throw new Error(`the bot is already in guild ${guildId}`);
    guild.members.set(this.bot.id, this.clock.now());
    this.events.emit({ type: 'guild-create', guild, audience: { kind: 'guild', guildId } });
  }

  // ── channels ───────────────────────────────────────────────────────────────────────────────────

  createTextChannel(input: {
    guildId: string;
    name: string;
    botDeny?: bigint;
    id?: string;
  }): LoopbackChannel {
    if (!this.#guilds.has(input.guildId)) throw new Error(`no guild ${input.guildId}`);
    const channel = this.#newChannel({
      id: input.id,
      type: ChannelType.GuildText,
      guildId: input.guildId,
      name: input.name,
      botDeny: input.botDeny ?? 0n,
      position: this.channelsOf(input.guildId).filter((c) => c.type === ChannelType.GuildText).length,
    });
    this.events.emit({
      type: 'channel-create',
      channel,
      audience: { kind: 'channel', channelId: channel.id },
    });
    return channel;
  }

  createThread(input: ThreadInput): LoopbackChannel {
    const parent = this.#channels.get(input.parentId);
    if (!parent || parent.type !== ChannelType.GuildText || parent.guildId === null) {
      throw new Error(`threads live in guild text channels; ${input.parentId} is not one`);
    }
    const members = new Set([input.ownerId, ...(input.memberIds ?? [])]);
    const channel = this.#newChannel({
      id: input.id,
      type: input.private ? ChannelType.PrivateThread : ChannelType.PublicThread,
      guildId: parent.guildId,
      name: input.name,
      parentId: parent.id,
      ownerId: input.ownerId,
      memberIds: members,
      autoArchiveDuration: input.autoArchiveDuration,
    });
    this.events.emit({
      type: 'channel-create',
      channel,
      audience: { kind: 'channel', channelId: channel.id },
    });
    return channel;
  }

  /** Discord keeps one DM channel per user and bot, and opening it again returns the same one. */
  openDm(userId: string): LoopbackChannel {
    const existing = this.#dms.get(userId);
    const known = existing === undefined ? undefined : this.#channels.get(existing);
    if (known) return known;
    if (!this.#users.has(userId)) throw new Error(`no user ${userId}`);
    const channel = this.#newChannel({ type: ChannelType.DM, guildId: null, name: '', recipientId: userId });
    this.#dms.set(userId, channel.id);
    this.events.emit({ type: 'channel-create', channel, audience: { kind: 'user', userId } });
    return channel;
  }

  channel(id: string): LoopbackChannel | undefined {
    return this.#channels.get(id);
  }

  channelsOf(guildId: string): LoopbackChannel[] {
    return [...this.#channels.values()].filter((c) => c.guildId === guildId);
  }

  updateChannel(
    id: string,
    patch: { name?: string; archived?: boolean; locked?: boolean; autoArchiveDuration?: number },
  ): LoopbackChannel {
    const channel = this.#requireChannel(id);
    if (patch.name !== undefined) channel.name = patch.name;
    if (patch.archived !== undefined) channel.archived = patch.archived;
    if (patch.locked !== undefined) channel.locked = patch.locked;
    if (patch.autoArchiveDuration !== undefined) channel.autoArchiveDuration = patch.autoArchiveDuration;
    this.events.emit({ type: 'channel-update', channel, audience: this.#channelAudience(channel) });
    return channel;
  }

  deleteChannel(id: string): LoopbackChannel {
    const channel = this.#requireChannel(id);
    const audience: Audience = {
      kind: 'users',
      userIds: this.users()
        .filter((u) => this.canSeeChannel(u.id, id))
        .map((u) => u.id),
    };
    for (const child of [...this.#channels.values()].filter((c) => c.parentId === id))
      this.deleteChannel(child.id);
    this.#channels.delete(id);
    for (const messageId of this.#channelMessages.get(id) ?? []) this.#messages.delete(messageId);
    this.#channelMessages.delete(id);
    if (channel.recipientId !== null) this.#dms.delete(channel.recipientId);
    this.events.emit({ type: 'channel-delete', channel, audience });
    return channel;
  }

  addThreadMember(threadId: string, userId: string): void {
    const thread = this.#requireChannel(threadId);
    if (thread.parentId === null) throw new Error(`${threadId} is not a thread`);
    if (thread.memberIds.has(userId)) return;
    thread.memberIds.add(userId);
    this.events.emit({ type: 'channel-update', channel: thread, audience: this.#channelAudience(thread) });
  }

  removeThreadMember(threadId: string, userId: string): void {
    const thread = this.#requireChannel(threadId);
    if (!thread.memberIds.delete(userId)) return;
    this.events.emit({ type: 'channel-update', channel: thread, audience: this.#channelAudience(thread) });
    // The removed user can no longer see the thread, so a channel audience would not reach them.
    this.events.emit({ type: 'channel-update', channel: thread, audience: { kind: 'user', userId } });
  }

  setBotDeny(channelId: string, bits: bigint): void {
    const channel = this.#requireChannel(channelId);
    channel.botDeny = bits;
    this.events.emit({ type: 'channel-update', channel, audience: this.#channelAudience(channel) });
  }

  /** The bot's permissions in a channel: @everyone's, minus the channel's (or thread parent's) overwrite. */
  botPermissions(channelId: string): bigint {
    const channel = this.#requireChannel(channelId);
    if (channel.guildId === null) return EVERYONE_PERMISSIONS;
    const source = channel.parentId === null ? channel : this.#channels.get(channel.parentId);
    return EVERYONE_PERMISSIONS & ~(source?.botDeny ?? 0n);
  }

  // ── visibility ─────────────────────────────────────────────────────────────────────────────────

  canSeeChannel(userId: string, channelId: string): boolean {
    const channel = this.#channels.get(channelId);
    if (!channel) return false;
    if (channel.type === ChannelType.DM) return userId === this.bot.id || channel.recipientId === userId;
    if (channel.guildId === null || !this.isMember(channel.guildId, userId)) return false;
    if (userId === this.bot.id) return true;
    if (channel.type === ChannelType.PrivateThread) return channel.memberIds.has(userId);
    if (channel.parentId !== null) return this.canSeeChannel(userId, channel.parentId);
    return true;
  }

  /** The channels, threads and DMs a user can see, guild channels first. */
  visibleChannels(userId: string): LoopbackChannel[] {
    return [...this.#channels.values()].filter((c) => this.canSeeChannel(userId, c.id));
  }

  canSeeMessage(userId: string, message: LoopbackMessage): boolean {
    if (message.visibleTo !== null) return message.visibleTo === userId;
    return this.canSeeChannel(userId, message.channelId);
  }

  canReceive(userId: string, audience: Audience): boolean {
    switch (audience.kind) {
      case 'everyone':
        return true;
      case 'guild':
        return this.isMember(audience.guildId, userId);
      case 'channel':
        return this.canSeeChannel(userId, audience.channelId);
      case 'user':
        return audience.userId === userId;
      case 'users':
        return audience.userIds.includes(userId);
    }
  }

  /** Ephemeral messages go to their owner only; the rest to whoever can see the channel. */
  audienceOf(message: LoopbackMessage): Audience {
    return message.visibleTo === null
      ? { kind: 'channel', channelId: message.channelId }
      : { kind: 'user', userId: message.visibleTo };
  }

  /** What `userId` sees in a channel, oldest first: ephemeral messages only if they are theirs. */
  visibleMessages(userId: string, channelId: string): LoopbackMessage[] {
    if (!this.canSeeChannel(userId, channelId)) return [];
    return this.messagesIn(channelId).filter((m) => this.canSeeMessage(userId, m));
  }

  // ── messages ───────────────────────────────────────────────────────────────────────────────────

  message(id: string): LoopbackMessage | undefined {
    return this.#messages.get(id);
  }

  /** Every message, ephemeral ones included, oldest first. */
  messages(): LoopbackMessage[] {
    return [...this.#messages.values()];
  }

  /** Every message in a channel, ephemeral ones included, oldest first. */
  messagesIn(channelId: string): LoopbackMessage[] {
    const ids = this.#channelMessages.get(channelId) ?? [];
    return ids.map((id) => this.#messages.get(id)).filter((m): m is LoopbackMessage => m !== undefined);
  }

  attachment(id: string): LoopbackAttachment | undefined {
    return this.#attachments.get(id);
  }

  createMessage(input: MessageInput): LoopbackMessage {
    const channel = this.#requireChannel(input.channelId);
    const visibleTo = input.visibleTo ?? null;
    const loading = input.loading ?? false;
    let flags = (input.flags ?? 0) & ~FIXED_FLAGS;
    if (visibleTo !== null) flags |= MessageFlags.Ephemeral;
    if (loading) flags |= MessageFlags.Loading;
    const content = input.content ?? '';
    const mentions = parseMentions(
      readableText(content, input.components ?? []),
      input.allowedMentions,
      (id) => this.#users.has(id),
    );
    const message = this.#store({
      id: this.ids.next(),
      channelId: channel.id,
      guildId: channel.guildId,
      authorId: input.authorId,
      webhookId: input.webhookId ?? null,
      type: input.type ?? (input.reference ? MessageType.Reply : MessageType.Default),
      content,
      embeds: input.embeds ?? [],
      components: input.components ?? [],
      attachments: input.attachments ?? [],
      flags,
      tts: input.tts ?? false,
      visibleTo,
      ephemeral: visibleTo !== null,
      loading,
      mentions,
      notified: [],
      interaction: input.interaction ?? null,
      reference: input.reference ?? null,
      threadId: null,
      createdAt: this.clock.now(),
      editedAt: null,
      version: 1,
    });
    const notified = visibleTo === null && !loading ? this.#notify(message, input) : [];
    const final = notified.length > 0 ? this.#store({ ...message, notified }) : message;
    const list = this.#channelMessages.get(channel.id);
    if (list) list.push(final.id);
    else this.#channelMessages.set(channel.id, [final.id]);
    channel.lastMessageId = final.id;
    channel.messageCount += 1;
    this.events.emit({ type: 'message-create', message: final, audience: this.audienceOf(final) });
    return final;
  }

  editMessage(id: string, edit: MessageEdit): LoopbackMessage {
    const previous = this.#messages.get(id);
    if (!previous) throw new Error(`no message ${id}`);
    const content = edit.content ?? previous.content;
    let flags = previous.flags;
    if (edit.flags !== undefined) flags = (previous.flags & FIXED_FLAGS) | (edit.flags & ~FIXED_FLAGS);
    if (edit.loading === false) flags &= ~MessageFlags.Loading;
    const contentChanged =
      edit.content !== undefined ||
      edit.embeds !== undefined ||
      edit.components !== undefined ||
      edit.attachments !== undefined;
    const message = this.#store({
      ...previous,
      content,
      embeds: edit.embeds ?? previous.embeds,
      components: edit.components ?? previous.components,
      attachments: edit.attachments ?? previous.attachments,
      flags,
      loading: (flags & MessageFlags.Loading) !== 0,
      mentions:
        edit.content !== undefined ||
        edit.allowedMentions !== undefined ||
        (edit.components !== undefined && (flags & MessageFlags.IsComponentsV2) !== 0)
          ? parseMentions(
              readableText(content, edit.components ?? previous.components),
              edit.allowedMentions,
              (uid) => this.#users.has(uid),
            )
          : previous.mentions,
      threadId: edit.threadId ?? previous.threadId,
      // Filling a deferred reply is its first content, not an edit.
      editedAt: contentChanged && !previous.loading ? this.clock.now() : previous.editedAt,
      version: previous.version + 1,
    });
    this.events.emit({ type: 'message-update', message, previous, audience: this.audienceOf(message) });
    return message;
  }

  deleteMessage(id: string): LoopbackMessage {
    const message = this.#messages.get(id);
    if (!message) throw new Error(`no message ${id}`);
    this.#messages.delete(id);
    const ids = this.#channelMessages.get(message.channelId);
    if (ids) ids.splice(ids.indexOf(id), 1);
    this.events.emit({ type: 'message-delete', message, audience: this.audienceOf(message) });
    return message;
  }

  /**
   * Puts back a message saved earlier, as it was (the local table restoring a channel after a restart).
   * Nothing is published and nobody is notified again: it is history, not a new message.
   */
  restoreMessage(message: LoopbackMessage): LoopbackMessage {
    const channel = this.#requireChannel(message.channelId);
    if (this.#messages.has(message.id)) throw new Error(`message ${message.id} already exists`);
    const stored = this.#store(message);
    const list = this.#channelMessages.get(channel.id);
    if (list) list.push(stored.id);
    else this.#channelMessages.set(channel.id, [stored.id]);
    channel.lastMessageId = stored.id;
    channel.messageCount += 1;
    return stored;
  }

  addAttachment(attachment: LoopbackAttachment): void {
    this.#attachments.set(attachment.id, attachment);
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────────────

  #store(message: Omit<LoopbackMessage, 'text'>): LoopbackMessage {
    const frozen = Object.freeze({
      ...message,
      text: readableText(message.content, message.components),
      mentions: Object.freeze({ ...message.mentions }),
    });
    this.#messages.set(frozen.id, frozen);
    for (const attachment of frozen.attachments) this.#attachments.set(attachment.id, attachment);
    return frozen;
  }

  /**
   * Who a new message pings. On Discord a mention in a private thread also adds the user to it,
   * which is how a game thread can pull a player in.
   */
  #notify(message: LoopbackMessage, input: MessageInput): string[] {
    const channel = this.#requireChannel(message.channelId);
    const notified = new Set(message.mentions.users);
    if (message.mentions.everyone) {
      for (const user of this.#users.values())
        if (this.canSeeChannel(user.id, channel.id)) notified.add(user.id);
    }
    if (input.reference && repliedUserPinged(input.allowedMentions)) {
      const replied = this.#messages.get(input.reference.messageId);
      if (replied) notified.add(replied.authorId);
    }
    notified.delete(message.authorId);
    notified.delete(this.bot.id);
    if (channel.type === ChannelType.PrivateThread && channel.guildId !== null) {
      for (const userId of notified) {
        if (this.isMember(channel.guildId, userId) && !channel.memberIds.has(userId)) {
          this.addThreadMember(channel.id, userId);
        }
      }
    }
    return [...notified].filter((userId) => this.canSeeChannel(userId, channel.id));
  }

  #newChannel(input: {
    id?: string | undefined;
    type: LoopbackChannel['type'];
    guildId: string | null;
    name: string;
    parentId?: string;
    ownerId?: string;
    recipientId?: string;
    memberIds?: Set<string>;
    botDeny?: bigint;
    autoArchiveDuration?: number | undefined;
    position?: number;
  }): LoopbackChannel {
    const channel: LoopbackChannel = {
      id: input.id ?? this.ids.next(),
      type: input.type,
      guildId: input.guildId,
      name: input.name,
      parentId: input.parentId ?? null,
      ownerId: input.ownerId ?? null,
      recipientId: input.recipientId ?? null,
      memberIds: input.memberIds ?? new Set(),
      botDeny: input.botDeny ?? 0n,
      archived: false,
      locked: false,
      autoArchiveDuration: input.autoArchiveDuration ?? ThreadAutoArchiveDuration.OneDay,
      createdAt: this.clock.now(),
      lastMessageId: null,
      messageCount: 0,
      position: input.position ?? 0,
    };
    if (this.#channels.has(channel.id)) throw new Error(`channel ${channel.id} already exists`);
    this.#channels.set(channel.id, channel);
    return channel;
  }

  #requireChannel(id: string): LoopbackChannel {
    const channel = this.#channels.get(id);
    if (!channel) throw new Error(`no channel ${id}`);
    return channel;
  }

  #channelAudience(channel: LoopbackChannel): Audience {
    return channel.recipientId !== null
      ? { kind: 'user', userId: channel.recipientId }
      : { kind: 'channel', channelId: channel.id };
  }
}

/** Discord knows these locales only; a client or server set to anything else is a test's mistake. */
function checkLocale(locale: string): void {
  if (!DISCORD_LOCALES.has(locale)) throw new Error(`"${locale}" is not a Discord locale`);
}
