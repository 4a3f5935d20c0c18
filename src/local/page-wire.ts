import {
  type APIApplicationCommand,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
  type APIApplicationCommandSubcommandGroupOption,
  type APIApplicationCommandSubcommandOption,
  ApplicationCommandOptionType,
  ChannelType,
  type LocalizationMap,
  MessageFlags,
} from 'discord-api-types/v10';
import type { LoopbackChannel, LoopbackEvent, LoopbackMessage, LoopbackUser } from '../loopback/index.ts';
import { resolveComponentMedia } from './component-media.ts';
import type {
  PageChannel,
  PageChannelKind,
  PageCommand,
  PageCommandOption,
  PageEvent,
  PageMessage,
  PageUser,
} from './page-types.ts';

export type {
  PageChannel,
  PageCommand,
  PageCommandOption,
  PageEvent,
  PageMessage,
  PageUser,
} from './page-types.ts';

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
  const attachments = m.attachments.map((a) => ({
    id: a.id,
    filename: a.filename,
    description: a.description,
    contentType: a.contentType,
    size: a.size,
    width: a.width,
    height: a.height,
    url: attachmentPath(m.channelId, a.id, a.filename),
  }));
  return {
    id: m.id,
    channelId: m.channelId,
    authorId: m.authorId,
    content: m.content,
    text: m.text,
    embeds: m.embeds,
    components: resolveComponentMedia(
      m.components,
      attachments.map((a) => ({ ...a, pageUrl: a.url })),
    ),
    componentsV2: (m.flags & MessageFlags.IsComponentsV2) !== 0,
    attachments,
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

/**
 * The commands as a Discord client in `locale` lists them: `/manage` becomes `manage cancel` and
 * `manage replace-seat` (`gestionar cancelar`… in Spanish), sorted as the reader reads them.
 */
export function pageCommands(commands: readonly APIApplicationCommand[], locale = 'en-US'): PageCommand[] {
  const out: PageCommand[] = [];
  const walk = (
    path: string,
    label: string,
    node: Localizable,
    options: readonly APIApplicationCommandOption[],
  ) => {
    const nested = options.filter(isNested);
    if (nested.length === 0) {
      out.push({
        path,
        label,
        description: localized(node.description, node.description_localizations, locale),
        options: options.filter(isBasic).map((o) => pageOption(o, locale)),
      });
      return;
    }
    for (const sub of nested)
      walk(
        `${path} ${sub.name}`,
        `${label} ${localized(sub.name, sub.name_localizations, locale)}`,
        sub,
        sub.options ?? [],
      );
  };
  for (const c of commands) walk(c.name, localized(c.name, c.name_localizations, locale), c, c.options ?? []);
  return out.sort((a, b) => a.label.localeCompare(b.label, locale) || a.path.localeCompare(b.path));
}

interface Localizable {
  readonly description: string;
  readonly description_localizations?: LocalizationMap | null;
}

function isNested(
  o: APIApplicationCommandOption,
): o is APIApplicationCommandSubcommandOption | APIApplicationCommandSubcommandGroupOption {
  return (
    o.type === ApplicationCommandOptionType.Subcommand ||
    o.type === ApplicationCommandOptionType.SubcommandGroup
  );
}

function isBasic(o: APIApplicationCommandOption): o is APIApplicationCommandBasicOption {
  return !isNested(o);
}

function pageOption(option: APIApplicationCommandBasicOption, locale: string): PageCommandOption {
  const { name_localizations, description_localizations, ...rest } = option;
  return {
    ...rest,
    label: localized(option.name, name_localizations, locale),
    description: localized(option.description, description_localizations, locale),
    ...('choices' in option && option.choices
      ? {
          choices: option.choices.map((c) => ({
            name: localized(c.name, c.name_localizations, locale),
            value: c.value,
          })),
        }
      : {}),
  } as PageCommandOption;
}

/**
 * Discord's documented fallbacks for a locale its localizations lack ("Locale fallbacks" in the
 * application commands docs); past them, the default text.
 */
const LOCALE_FALLBACKS: Readonly<Record<string, string>> = {
  'en-US': 'en-GB',
  'en-GB': 'en-US',
  'es-419': 'es-ES',
};

/** A name or description as a Discord client in `locale` shows it. */
export function localized(
  text: string,
  localizations: LocalizationMap | null | undefined,
  locale: string,
): string {
  const map: Readonly<Record<string, string | null | undefined>> = localizations ?? {};
  const fallback = LOCALE_FALLBACKS[locale];
  return map[locale] ?? (fallback === undefined ? undefined : map[fallback]) ?? text;
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
