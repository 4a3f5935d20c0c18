import {
  type APIApplicationCommandInteractionMetadata,
  type APIAttachment,
  type APIChannel,
  type APIGuild,
  type APIGuildMember,
  type APIInteractionGuildMember,
  type APIMessage,
  type APIMessageComponentInteractionMetadata,
  type APIMessageInteractionMetadata,
  type APIMessageTopLevelComponent,
  type APIModalSubmitInteractionMetadata,
  type APIRole,
  type APIThreadChannel,
  type APIUser,
  ApplicationIntegrationType,
  type ChannelFlags,
  ChannelType,
  ComponentType,
  EmbedType,
  type GatewayGuildCreateDispatchData,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  type GuildMemberFlags,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildSystemChannelFlags,
  GuildVerificationLevel,
  InteractionType,
  type Locale,
  OverwriteType,
  type RoleFlags,
  SeparatorSpacingSize,
  type ThreadMemberFlags,
  type UserFlags,
} from 'discord-api-types/v10';
import { ATTACHMENT_SCHEME, isSelect, walkComponents } from './components.ts';
import type { World } from './model.ts';
import type {
  LoopbackAttachment,
  LoopbackChannel,
  LoopbackGuild,
  LoopbackMessage,
  LoopbackMessageInteraction,
  LoopbackRole,
  LoopbackUser,
} from './model-types.ts';
import { EVERYONE_PERMISSIONS } from './permissions.ts';

/** Renders the model as Discord's JSON. The model never holds API objects, so there is one way to build each. */

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function userJson(user: LoopbackUser): APIUser {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.globalName,
    avatar: null,
    // Discord sends these three on every user object (public_flags 0 and flags 0 for a user with no badges,
    // primary_guild null without a server tag), bots included.
    public_flags: 0 as UserFlags,
    flags: 0 as UserFlags,
    primary_guild: null,
    ...(user.bot ? { bot: true } : {}),
  };
}

export function memberJson(world: World, guild: LoopbackGuild, userId: string): APIGuildMember {
  const user = world.user(userId);
  const joinedAt = guild.members.get(userId);
  if (!user || joinedAt === undefined) throw new Error(`${userId} is not a member of guild ${guild.id}`);
  return {
    user: userJson(user),
    nick: null,
    avatar: null,
    banner: null,
    roles: world.memberRoleIds(guild.id, userId),
    joined_at: iso(joinedAt),
    premium_since: null,
    communication_disabled_until: null,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    pending: false,
  };
}

export function interactionMemberJson(
  world: World,
  guild: LoopbackGuild,
  userId: string,
): APIInteractionGuildMember {
  const member = memberJson(world, guild, userId);
  const user = member.user;
  if (!user) throw new Error(`member ${userId} has no user`);
  return { ...member, user, permissions: world.memberPermissionsIn(guild.id, userId).toString() };
}

/** A role the server made (`createRole`), as Discord's role object. */
export function roleJson(role: LoopbackRole): APIRole {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: false,
    mentionable: false,
    flags: 0 as RoleFlags,
  };
}

export function everyoneRoleJson(guild: LoopbackGuild): APIRole {
  return {
    id: guild.id,
    name: '@everyone',
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: 0,
    permissions: EVERYONE_PERMISSIONS.toString(),
    managed: false,
    mentionable: false,
    flags: 0 as RoleFlags,
  };
}

export function channelJson(world: World, channel: LoopbackChannel): APIChannel {
  switch (channel.type) {
    case ChannelType.DM: {
      const recipient = channel.recipientId === null ? undefined : world.user(channel.recipientId);
      return {
        id: channel.id,
        type: ChannelType.DM,
        name: null,
        recipients: recipient ? [userJson(recipient)] : [],
        last_message_id: channel.lastMessageId,
        flags: 0 as ChannelFlags,
      };
    }
    case ChannelType.GuildText:
      return {
        id: channel.id,
        type: ChannelType.GuildText,
        guild_id: channel.guildId ?? undefined,
        name: channel.name,
        position: channel.position,
        // The refusal is a member overwrite on the bot, so discord.js's own permissionsFor() agrees with REST.
        permission_overwrites:
          channel.botDeny === 0n
            ? []
            : [
                {
                  id: world.bot.id,
                  type: OverwriteType.Member,
                  allow: '0',
                  deny: channel.botDeny.toString(),
                },
              ],
        parent_id: null,
        topic: null,
        nsfw: false,
        last_message_id: channel.lastMessageId,
        rate_limit_per_user: 0,
        default_auto_archive_duration: channel.autoArchiveDuration,
        flags: 0 as ChannelFlags,
      };
    case ChannelType.PublicThread:
    case ChannelType.PrivateThread:
      return threadJson(world, channel);
  }
}

export function threadJson(world: World, channel: LoopbackChannel): APIThreadChannel {
  if (channel.type !== ChannelType.PublicThread && channel.type !== ChannelType.PrivateThread) {
    throw new Error(`${channel.id} is not a thread`);
  }
  const botIsMember = channel.memberIds.has(world.bot.id);
  return {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId ?? undefined,
    parent_id: channel.parentId ?? undefined,
    owner_id: channel.ownerId ?? undefined,
    name: channel.name,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    message_count: channel.messageCount,
    total_message_sent: channel.messageCount,
    member_count: Math.min(channel.memberIds.size, 50),
    flags: 0 as ChannelFlags,
    thread_metadata: {
      archived: channel.archived,
      auto_archive_duration: channel.autoArchiveDuration,
      archive_timestamp: iso(channel.createdAt),
      locked: channel.locked,
      create_timestamp: iso(channel.createdAt),
      ...(channel.type === ChannelType.PrivateThread ? { invitable: true } : {}),
    },
    ...(botIsMember
      ? {
          member: {
            id: channel.id,
            user_id: world.bot.id,
            join_timestamp: iso(channel.createdAt),
            flags: 0 as ThreadMemberFlags,
          },
        }
      : {}),
    applied_tags: [],
  };
}

/** The guild object of GUILD_UPDATE (and the base of GUILD_CREATE). */
export function guildJson(world: World, guild: LoopbackGuild): APIGuild {
  const firstText = world.channelsOf(guild.id).find((c) => c.type === ChannelType.GuildText);
  // Typed without a cast, so a field discord-api-types requires cannot be left out.
  const json: APIGuild = {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: [everyoneRoleJson(guild), ...[...guild.roles.values()].map(roleJson)],
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: firstText?.id ?? null,
    system_channel_flags: GuildSystemChannelFlags.SuppressJoinNotifications,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: GuildPremiumTier.None,
    preferred_locale: guild.preferredLocale as Locale,
    public_updates_channel_id: null,
    nsfw_level: GuildNSFWLevel.Default,
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
    // Fields Discord sends on every guild object, at their values for a small server without boosts.
    region: 'deprecated',
    widget_enabled: false,
    widget_channel_id: null,
    max_presences: null,
    max_members: 25_000_000,
    max_stage_video_channel_users: 50,
    max_video_channel_users: 25,
    premium_subscription_count: 0,
  };
  // Required by Discord's specification, not (yet) in discord-api-types' APIGuild.
  const specOnly = { home_header: null, nsfw: false };
  return { ...json, ...specOnly };
}

export function guildCreateJson(world: World, guild: LoopbackGuild): GatewayGuildCreateDispatchData {
  const channels = world.channelsOf(guild.id);
  return {
    ...guildJson(world, guild),
    joined_at: iso(guild.members.get(world.bot.id) ?? guild.createdAt),
    large: false,
    unavailable: false,
    member_count: guild.members.size,
    voice_states: [],
    members: [...guild.members.keys()].map((userId) => memberJson(world, guild, userId)),
    channels: channels
      .filter((c) => c.type === ChannelType.GuildText)
      .map((c) => channelJson(world, c)) as GatewayGuildCreateDispatchData['channels'],
    threads: channels
      .filter((c) => c.parentId !== null && !c.archived)
      .map((c) => threadJson(world, c)) as GatewayGuildCreateDispatchData['threads'],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function attachmentJson(attachment: LoopbackAttachment): APIAttachment {
  return {
    id: attachment.id,
    filename: attachment.filename,
    size: attachment.size,
    url: attachment.url,
    proxy_url: attachment.url,
    ...(attachment.description !== null ? { description: attachment.description } : {}),
    ...(attachment.contentType !== null ? { content_type: attachment.contentType } : {}),
    ...(attachment.width !== null ? { width: attachment.width, height: attachment.height } : {}),
  };
}

export function messageJson(world: World, message: LoopbackMessage): APIMessage {
  const author = world.user(message.authorId);
  if (!author) throw new Error(`message ${message.id} has an unknown author ${message.authorId}`);
  const thread = message.threadId === null ? undefined : world.channel(message.threadId);
  const interactionUser = message.interaction ? world.user(message.interaction.userId) : undefined;
  return {
    id: message.id,
    channel_id: message.channelId,
    author: userJson(author),
    content: message.content,
    timestamp: iso(message.createdAt),
    edited_timestamp: message.editedAt === null ? null : iso(message.editedAt),
    tts: message.tts,
    mention_everyone: message.mentions.everyone,
    mentions: message.mentions.users
      .map((id) => world.user(id))
      .filter((u): u is LoopbackUser => u !== undefined)
      .map(userJson),
    mention_roles: [...message.mentions.roles],
    attachments: message.attachments.map(attachmentJson),
    // Discord gives every embed a type; a bot's embeds are "rich".
    embeds: message.embeds.map((embed) => ({ type: EmbedType.Rich, ...embed })),
    components: componentsJson(message.components, message.attachments),
    pinned: false,
    type: message.type,
    flags: message.flags,
    ...(message.webhookId !== null
      ? { webhook_id: message.webhookId, application_id: world.applicationId }
      : {}),
    ...(message.reference
      ? {
          message_reference: {
            message_id: message.reference.messageId,
            channel_id: message.reference.channelId,
          },
        }
      : {}),
    ...(message.interaction && interactionUser
      ? { interaction_metadata: interactionMetadataJson(world, message.interaction) }
      : {}),
    ...(thread ? { thread: channelJson(world, thread) } : {}),
  };
}

/**
 * What Discord says of the interaction a message answers. Typed per interaction type, so a field Discord
 * always sends (`interacted_message_id` on a component's, `triggering_interaction_metadata` on a modal's)
 * cannot be left out without `tsc` failing.
 */
export function interactionMetadataJson(
  world: World,
  meta: LoopbackMessageInteraction,
): APIMessageInteractionMetadata {
  const user = world.user(meta.userId);
  if (!user) throw new Error(`interaction ${meta.id} has an unknown user ${meta.userId}`);
  const base = {
    id: meta.id,
    user: userJson(user),
    // A guild install (the only kind the loopback simulates): the guild's id, or "0" in the bot's DM.
    authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: meta.guildId ?? '0' },
    ...(meta.originalResponseMessageId !== null
      ? { original_response_message_id: meta.originalResponseMessageId }
      : {}),
  };
  switch (meta.type) {
    case InteractionType.MessageComponent:
      return {
        ...base,
        type: InteractionType.MessageComponent,
        interacted_message_id: meta.interactedMessageId ?? '0',
      } satisfies APIMessageComponentInteractionMetadata;
    case InteractionType.ModalSubmit: {
      const triggering = meta.triggering ? interactionMetadataJson(world, meta.triggering) : null;
      if (triggering === null || triggering.type === InteractionType.ModalSubmit) {
        throw new Error(`modal submission ${meta.id} has no command or component that opened it`);
      }
      return {
        ...base,
        type: InteractionType.ModalSubmit,
        triggering_interaction_metadata: triggering,
      } satisfies APIModalSubmitInteractionMetadata;
    }
    default:
      return {
        ...base,
        type: InteractionType.ApplicationCommand,
      } satisfies APIApplicationCommandInteractionMetadata;
  }
}

/**
 * A message's components as Discord returns them: every component numbered (`id`) in order, 1, 2, 3…
 * depth first, where the sender gave none (an id the sender gave is kept, and skipped by the numbering);
 * a select menu's `min_values` and `max_values` filled with their default, 1.
 */
export function componentsJson(
  components: readonly APIMessageTopLevelComponent[],
  attachments: readonly LoopbackAttachment[] = [],
): APIMessageTopLevelComponent[] {
  const given = new Set<number>();
  for (const node of walkComponents(components)) if (typeof node.id === 'number') given.add(node.id);
  let next = 1;
  const number = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(number);
    if (typeof value !== 'object' || value === null) return value;
    const node = value as Record<string, unknown>;
    if (typeof node.type !== 'number') return value;
    const out: Record<string, unknown> = { ...node };
    if (typeof node.id !== 'number') {
      while (given.has(next)) next++;
      out.id = next++;
    }
    if (isSelect(node.type)) {
      out.min_values = node.min_values ?? 1;
      out.max_values = node.max_values ?? 1;
    }
    Object.assign(out, v2Defaults(node, attachments));
    // Depth first, in the order Discord walks a component: its children, then its one component, then its accessory.
    for (const key of ['components', 'component', 'accessory'] as const)
      if (node[key] !== undefined) out[key] = number(node[key]);
    return out;
  };
  return number(components) as APIMessageTopLevelComponent[];
}

/**
 * What Discord adds to a Components V2 component it returns: the defaults the sender may leave out
 * (`spoiler`, `accent_color`, `divider`, `spacing`, descriptions), and each picture's media resolved
 * from `attachment://name` to the attachment's own url, size and id.
 */
function v2Defaults(
  node: Record<string, unknown>,
  attachments: readonly LoopbackAttachment[],
): Record<string, unknown> {
  const media = (value: unknown) => {
    const url = (value as { url?: unknown } | undefined)?.url;
    const name =
      typeof url === 'string' && url.startsWith(ATTACHMENT_SCHEME)
        ? url.slice(ATTACHMENT_SCHEME.length)
        : null;
    const file = name === null ? undefined : attachments.find((a) => a.filename === name);
    if (!file) return { id: '0', url, proxy_url: url };
    return {
      id: file.id,
      url: file.url,
      proxy_url: file.url,
      width: file.width,
      height: file.height,
      content_type: file.contentType,
      attachment_id: file.id,
    };
  };
  switch (node.type) {
    case ComponentType.Container:
      return { accent_color: node.accent_color ?? null, spoiler: node.spoiler ?? false };
    case ComponentType.Separator:
      return { divider: node.divider ?? true, spacing: node.spacing ?? SeparatorSpacingSize.Small };
    case ComponentType.Thumbnail:
      return {
        media: media(node.media),
        description: node.description ?? null,
        spoiler: node.spoiler ?? false,
      };
    case ComponentType.MediaGallery:
      return {
        items: Array.isArray(node.items)
          ? node.items.map((item: Record<string, unknown>) => ({
              media: media(item.media),
              description: item.description ?? null,
              spoiler: item.spoiler ?? false,
            }))
          : node.items,
      };
    case ComponentType.File: {
      const file = media(node.file);
      const attachment = attachments.find((a) => a.id === file.attachment_id);
      return {
        file,
        name: attachment?.filename ?? null,
        size: attachment?.size ?? null,
        spoiler: node.spoiler ?? false,
      };
    }
    default:
      return {};
  }
}
