import { ChannelType, PermissionFlagsBits, ThreadAutoArchiveDuration } from 'discord-api-types/v10';
import { channelJson, iso, messageJson, threadJson } from './api-json.ts';
import { DiscordError, discordErrors } from './errors.ts';
import { messageFields, readMessageBody } from './message-body.ts';
import type { World } from './model.ts';
import type { LoopbackChannel, LoopbackMessage } from './model-types.ts';
import { json, noContent, ok, type RestRoute } from './rest-router.ts';

const AUTO_ARCHIVE = new Set<number>([
  ThreadAutoArchiveDuration.OneHour,
  ThreadAutoArchiveDuration.OneDay,
  ThreadAutoArchiveDuration.ThreeDays,
  ThreadAutoArchiveDuration.OneWeek,
]);

/** Channels, their messages, threads and DMs, as the bot (authenticated with its token) uses them. */
export function channelRoutes(world: World, options: { attachmentSizeLimit: number }): RestRoute[] {
  const param = (params: Readonly<Record<string, string>>, name: string): string => params[name] ?? '';

  /**
   * Discord tells a channel the bot cannot view (50001 Missing Access) from a permission it lacks
   * where it can view (50013 Missing Permissions); a bot that branches on one must not get the other.
   */
  const channelOf = (id: string): LoopbackChannel => {
    const channel = world.channel(id);
    // A channel of a guild the bot was removed from exists, but not for the bot: Discord says 50001.
    if (channel?.guildId && !world.isMember(channel.guildId, world.bot.id))
      throw discordErrors.missingAccess();
    if (!channel || !world.canSeeChannel(world.bot.id, id)) throw discordErrors.unknownChannel();
    if (
      channel.guildId !== null &&
      (world.botPermissions(channel.id) & PermissionFlagsBits.ViewChannel) === 0n
    ) {
      throw discordErrors.missingAccess();
    }
    return channel;
  };
  const require = (channel: LoopbackChannel, bit: bigint): void => {
    if (channel.guildId !== null && (world.botPermissions(channel.id) & bit) === 0n) {
      throw discordErrors.missingPermissions();
    }
  };
  /**
   * Uploading needs Attach Files in the channel. Keeping or dropping attachments an edit already has
   * does not. Interaction responses are exempt on Discord, so the interaction routes never ask.
   */
  const requireAttach = (channel: LoopbackChannel, files: readonly unknown[]): void => {
    if (files.length > 0) require(channel, PermissionFlagsBits.AttachFiles);
  };
  /** The bot reaches ephemeral messages only through the interaction webhook, never the channel. */
  const messageOf = (channel: LoopbackChannel, id: string): LoopbackMessage => {
    const message = world.message(id);
    if (!message || message.channelId !== channel.id || message.visibleTo !== null)
      throw discordErrors.unknownMessage();
    return message;
  };
  const threadName = (value: unknown): string => {
    if (typeof value !== 'string' || value.length < 1 || value.length > 100) {
      throw discordErrors.invalidFormBody(['name: a thread name needs 1 to 100 characters']);
    }
    return value;
  };
  const autoArchive = (value: unknown): number | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !AUTO_ARCHIVE.has(value)) {
      throw discordErrors.invalidFormBody([
        `auto_archive_duration: must be one of ${[...AUTO_ARCHIVE].join(', ')}`,
      ]);
    }
    return value;
  };
  const body = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};

  return [
    {
      method: 'GET',
      pattern: '/channels/:channelId',
      auth: 'bot',
      handle: ({ params }) => ok(channelJson(world, channelOf(param(params, 'channelId')))),
    },
    {
      method: 'PATCH',
      pattern: '/channels/:channelId',
      auth: 'bot',
      handle: ({ params, json: raw }) => {
        const channel = channelOf(param(params, 'channelId'));
        const patch = body(raw);
        const thread = channel.parentId !== null;
        require(channel, thread ? PermissionFlagsBits.ManageThreads : PermissionFlagsBits.ManageChannels);
        const updated = world.updateChannel(channel.id, {
          ...(patch.name !== undefined ? { name: threadName(patch.name) } : {}),
          ...(thread && typeof patch.archived === 'boolean' ? { archived: patch.archived } : {}),
          ...(thread && typeof patch.locked === 'boolean' ? { locked: patch.locked } : {}),
          ...(thread && patch.auto_archive_duration !== undefined
            ? { autoArchiveDuration: autoArchive(patch.auto_archive_duration) }
            : {}),
        });
        return ok(channelJson(world, updated));
      },
    },
    {
      method: 'DELETE',
      pattern: '/channels/:channelId',
      auth: 'bot',
      handle: ({ params }) => {
        const channel = channelOf(param(params, 'channelId'));
        if (channel.type === ChannelType.DM) throw discordErrors.missingAccess();
        require(channel, channel.parentId
          ? PermissionFlagsBits.ManageThreads
          : PermissionFlagsBits.ManageChannels);
        const snapshot = channelJson(world, channel);
        world.deleteChannel(channel.id);
        return ok(snapshot);
      },
    },
    {
      method: 'POST',
      pattern: '/channels/:channelId/typing',
      auth: 'bot',
      handle: ({ params }) => {
        channelOf(param(params, 'channelId'));
        return noContent();
      },
    },
    {
      method: 'GET',
      pattern: '/channels/:channelId/messages',
      auth: 'bot',
      handle: ({ params, query }) => {
        const channel = channelOf(param(params, 'channelId'));
        const limit = Math.min(Math.max(Number(query.get('limit') ?? 50) || 50, 1), 100);
        const before = query.get('before');
        const after = query.get('after');
        let list = world.messagesIn(channel.id).filter((m) => m.visibleTo === null);
        if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
        if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after));
        const page = after ? list.slice(0, limit) : list.slice(-limit);
        return ok(page.reverse().map((m) => messageJson(world, m)));
      },
    },
    {
      method: 'POST',
      pattern: '/channels/:channelId/messages',
      auth: 'bot',
      handle: ({ params, json: raw, files }) => {
        const channel = channelOf(param(params, 'channelId'));
        if (
          channel.type === ChannelType.DM &&
          channel.recipientId !== null &&
          !world.acceptsDms(channel.recipientId)
        )
          throw discordErrors.cannotMessageUser();
        const thread = channel.parentId !== null;
        require(channel, thread
          ? PermissionFlagsBits.SendMessagesInThreads
          : PermissionFlagsBits.SendMessages);
        requireAttach(channel, files);
        if (thread && channel.archived) {
          if (channel.locked) throw discordErrors.threadArchived();
          // Discord unarchives a thread when someone who may posts in it.
          world.updateChannel(channel.id, { archived: false });
        }
        const request = readMessageBody(raw);
        const fields = messageFields(world, channel.id, request, files, {
          mode: 'create',
          sizeLimit: options.attachmentSizeLimit,
        });
        const referenceId = request.message_reference?.message_id;
        if (referenceId !== undefined) {
          const referenced = world.message(referenceId);
          if (!referenced || referenced.channelId !== channel.id || referenced.visibleTo !== null) {
            throw new DiscordError(400, 50035, 'Invalid Form Body: message_reference: Unknown message');
          }
        }
        const message = world.createMessage({
          ...fields,
          channelId: channel.id,
          authorId: world.bot.id,
          reference: referenceId === undefined ? null : { messageId: referenceId, channelId: channel.id },
        });
        return ok(messageJson(world, message));
      },
    },
    {
      method: 'GET',
      pattern: '/channels/:channelId/messages/:messageId',
      auth: 'bot',
      handle: ({ params }) => {
        const channel = channelOf(param(params, 'channelId'));
        return ok(messageJson(world, messageOf(channel, param(params, 'messageId'))));
      },
    },
    {
      method: 'PATCH',
      pattern: '/channels/:channelId/messages/:messageId',
      auth: 'bot',
      handle: ({ params, json: raw, files }) => {
        const channel = channelOf(param(params, 'channelId'));
        const message = messageOf(channel, param(params, 'messageId'));
        if (message.authorId !== world.bot.id) throw discordErrors.cannotEditOthersMessage();
        requireAttach(channel, files);
        const fields = messageFields(world, channel.id, readMessageBody(raw), files, {
          mode: 'edit',
          existing: message.attachments,
          previous: message,
          sizeLimit: options.attachmentSizeLimit,
        });
        return ok(messageJson(world, world.editMessage(message.id, fields)));
      },
    },
    {
      method: 'DELETE',
      pattern: '/channels/:channelId/messages/:messageId',
      auth: 'bot',
      handle: ({ params }) => {
        const channel = channelOf(param(params, 'channelId'));
        const message = messageOf(channel, param(params, 'messageId'));
        if (message.authorId !== world.bot.id) require(channel, PermissionFlagsBits.ManageMessages);
        world.deleteMessage(message.id);
        return noContent();
      },
    },
    {
      method: 'POST',
      pattern: '/channels/:channelId/threads',
      auth: 'bot',
      handle: ({ params, json: raw }) => {
        const parent = channelOf(param(params, 'channelId'));
        if (parent.type !== ChannelType.GuildText) {
          throw new DiscordError(400, 50024, 'Cannot execute action on this channel type');
        }
        const request = body(raw);
        // Without a starting message Discord defaults to a private thread.
        const type = request.type ?? ChannelType.PrivateThread;
        if (type !== ChannelType.PublicThread && type !== ChannelType.PrivateThread) {
          throw discordErrors.invalidFormBody([
            `type: ${String(type)} is not a thread type the loopback simulates`,
          ]);
        }
        const isPrivate = type === ChannelType.PrivateThread;
        require(parent, isPrivate
          ? PermissionFlagsBits.CreatePrivateThreads
          : PermissionFlagsBits.CreatePublicThreads);
        const thread = world.createThread({
          parentId: parent.id,
          name: threadName(request.name),
          private: isPrivate,
          ownerId: world.bot.id,
          autoArchiveDuration: autoArchive(request.auto_archive_duration),
        });
        return json(201, threadJson(world, thread));
      },
    },
    {
      method: 'POST',
      pattern: '/channels/:channelId/messages/:messageId/threads',
      auth: 'bot',
      handle: ({ params, json: raw }) => {
        const parent = channelOf(param(params, 'channelId'));
        if (parent.type !== ChannelType.GuildText) {
          throw new DiscordError(400, 50024, 'Cannot execute action on this channel type');
        }
        const message = messageOf(parent, param(params, 'messageId'));
        if (message.threadId !== null) throw discordErrors.threadAlreadyCreated();
        require(parent, PermissionFlagsBits.CreatePublicThreads);
        const request = body(raw);
        const thread = world.createThread({
          id: message.id,
          parentId: parent.id,
          name: threadName(request.name),
          private: false,
          ownerId: world.bot.id,
          autoArchiveDuration: autoArchive(request.auto_archive_duration),
        });
        world.editMessage(message.id, { threadId: thread.id });
        return json(201, threadJson(world, thread));
      },
    },
    {
      method: 'GET',
      pattern: '/channels/:channelId/thread-members',
      auth: 'bot',
      handle: ({ params }) => {
        const thread = threadOf(channelOf(param(params, 'channelId')));
        return ok([...thread.memberIds].map((userId) => threadMemberJson(thread, userId)));
      },
    },
    {
      method: 'GET',
      pattern: '/channels/:channelId/thread-members/:userId',
      auth: 'bot',
      handle: ({ params }) => {
        const thread = threadOf(channelOf(param(params, 'channelId')));
        const userId = param(params, 'userId');
        if (!thread.memberIds.has(userId)) throw discordErrors.unknownMember();
        return ok(threadMemberJson(thread, userId));
      },
    },
    {
      method: 'PUT',
      pattern: '/channels/:channelId/thread-members/:userId',
      auth: 'bot',
      handle: ({ params }) => {
        const thread = threadOf(channelOf(param(params, 'channelId')));
        const userId = param(params, 'userId') === '@me' ? world.bot.id : param(params, 'userId');
        if (!world.user(userId)) throw discordErrors.unknownUser();
        if (thread.guildId === null || !world.isMember(thread.guildId, userId))
          throw discordErrors.unknownMember();
        if (thread.archived) throw discordErrors.threadArchived();
        world.addThreadMember(thread.id, userId);
        return noContent();
      },
    },
    {
      method: 'DELETE',
      pattern: '/channels/:channelId/thread-members/:userId',
      auth: 'bot',
      handle: ({ params }) => {
        const thread = threadOf(channelOf(param(params, 'channelId')));
        const userId = param(params, 'userId') === '@me' ? world.bot.id : param(params, 'userId');
        world.removeThreadMember(thread.id, userId);
        return noContent();
      },
    },
    {
      method: 'POST',
      pattern: '/users/@me/channels',
      auth: 'bot',
      handle: ({ json: raw }) => {
        const recipient = body(raw).recipient_id;
        if (typeof recipient !== 'string') throw discordErrors.invalidFormBody(['recipient_id: required']);
        if (!world.user(recipient) || recipient === world.bot.id) throw discordErrors.unknownUser();
        return ok(channelJson(world, world.openDm(recipient)));
      },
    },
  ];
}

function threadOf(channel: LoopbackChannel): LoopbackChannel {
  if (channel.parentId === null)
    throw new DiscordError(400, 50024, 'Cannot execute action on this channel type');
  return channel;
}

function threadMemberJson(thread: LoopbackChannel, userId: string) {
  return { id: thread.id, user_id: userId, join_timestamp: iso(thread.createdAt), flags: 0 };
}
