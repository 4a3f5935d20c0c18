import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ChannelType,
} from 'discord-api-types/v10';
import type { LoopbackChannel, LoopbackEvent, LoopbackMessage, LoopbackUser } from '../loopback/index.ts';
import type {
  PageChannel,
  PageChannelKind,
  PageCommand,
  PageEvent,
  PageMessage,
  PageUser,
} from './page-types.ts';

export type { PageChannel, PageCommand, PageEvent, PageMessage, PageUser } from './page-types.ts';

/** The page's shapes (page-types.ts) made from the loopback's records. */

export function pageUser(user: LoopbackUser, manager: boolean, locale = 'en-US'): PageUser {
  return { id: user.id, name: user.globalName ?? user.username, bot: user.bot, manager, locale };
}

export function pageChannel(c: Readonly<LoopbackChannel>): PageChannel {
  const kind: PageChannelKind =
    c.type === ChannelType.DM ? 'dm' : c.type === ChannelType.GuildText ? 'text' : 'thread';
  return {
    id: c.id,
    kind,
    name: c.name,
    parentId: c.parentId,
    private: c.type === ChannelType.PrivateThread,
    archived: c.archived,
    recipientId: c.recipientId,
    createdAt: c.createdAt,
  };
}

export function pageMessage(m: LoopbackMessage): PageMessage {
  return {
    id: m.id,
    channelId: m.channelId,
    authorId: m.authorId,
    content: m.content,
    embeds: m.embeds,
    components: m.components,
    attachments: m.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      description: a.description,
      contentType: a.contentType,
      size: a.size,
      width: a.width,
      height: a.height,
      url: attachmentPath(m.channelId, a.id, a.filename),
    })),
    ephemeral: m.ephemeral,
    loading: m.loading,
    mentions: { users: m.mentions.users, everyone: m.mentions.everyone },
    notified: m.notified,
    interaction: m.interaction
      ? { id: m.interaction.id, userId: m.interaction.userId, name: m.interaction.name }
      : null,
    createdAt: m.createdAt,
    editedAt: m.editedAt,
    version: m.version,
  };
}

export function attachmentPath(channelId: string, attachmentId: string, filename: string): string {
  return `/attachments/${channelId}/${attachmentId}/${encodeURIComponent(filename)}`;
}

/** `/manage` becomes `manage cancel` and `manage replace-seat`, as Discord's picker lists them. */
export function pageCommands(commands: readonly APIApplicationCommand[]): PageCommand[] {
  const out: PageCommand[] = [];
  const walk = (path: string, description: string, options: readonly APIApplicationCommandOption[]) => {
    const nested = options.filter(
      (o) =>
        o.type === ApplicationCommandOptionType.Subcommand ||
        o.type === ApplicationCommandOptionType.SubcommandGroup,
    );
    if (nested.length === 0) {
      out.push({ path, description, options });
      return;
    }
    for (const sub of nested)
      walk(`${path} ${sub.name}`, sub.description, 'options' in sub ? (sub.options ?? []) : []);
  };
  for (const c of commands) walk(c.name, c.description, c.options ?? []);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** The page's form of a loopback event, or null for those the page has no use for. */
export function pageEvent(event: LoopbackEvent, manager: (userId: string) => boolean): PageEvent | null {
  switch (event.type) {
    case 'message-create':
    case 'message-update':
      return { type: event.type, message: pageMessage(event.message) };
    case 'message-delete':
      return { type: 'message-delete', id: event.message.id, channelId: event.message.channelId };
    case 'channel-create':
    case 'channel-update':
      return { type: event.type, channel: pageChannel(event.channel) };
    case 'channel-delete':
      return { type: 'channel-delete', id: event.channel.id };
    case 'member-add':
      return { type: 'user-add', user: pageUser(event.user, manager(event.user.id)) };
    case 'commands-update':
      return { type: 'commands-update' };
    case 'modal-open':
      return { type: 'modal-open', interactionId: event.interactionId, modal: event.modal };
    case 'interaction-failed':
      return { type: 'interaction-failed', interactionId: event.interactionId, reason: event.reason };
    default:
      return null;
  }
}
