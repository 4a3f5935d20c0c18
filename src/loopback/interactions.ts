import {
  type APIApplicationCommand,
  type APIApplicationCommandAutocompleteInteraction,
  type APIChatInputApplicationCommandInteraction,
  type APIInteractionDataResolved,
  type APIInteractionDataResolvedChannel,
  type APIMessage,
  type APIMessageComponentButtonInteraction,
  type APIMessageComponentSelectMenuInteraction,
  type APIMessageSelectMenuInteractionData,
  type APIModalSubmission,
  type APIModalSubmitInteraction,
  ApplicationCommandType,
  ComponentType,
  InteractionContextType,
  InteractionType,
  type Locale,
} from 'discord-api-types/v10';
import { channelJson, everyoneRoleJson, interactionMemberJson, roleJson, userJson } from './api-json.ts';
import type { ResolvedCommandOptions } from './command-options.ts';
import type { World } from './model.ts';
import { EVERYONE_PERMISSIONS } from './permissions.ts';

/**
 * The only way the loopback builds INTERACTION_CREATE payloads. discord.js silently drops or
 * crashes on payloads missing `entitlements`, `authorizing_integration_owners`, `channel` or
 * `data.type` (pitfalls P1, P2), so every builder goes through `base()`, which always sets them.
 */
export interface PayloadContext {
  readonly world: World;
  readonly id: string;
  readonly token: string;
  readonly userId: string;
  readonly channelId: string;
  readonly attachmentSizeLimit: number;
}

function base<T extends InteractionType>(ctx: PayloadContext, type: T) {
  const { world } = ctx;
  const channel = world.channel(ctx.channelId);
  const user = world.user(ctx.userId);
  if (!channel) throw new Error(`no channel ${ctx.channelId}`);
  if (!user) throw new Error(`no user ${ctx.userId}`);
  const common = {
    id: ctx.id,
    application_id: world.applicationId,
    type,
    token: ctx.token,
    version: 1 as const,
    channel: channelJson(world, channel),
    channel_id: channel.id,
    app_permissions: world.botPermissions(channel.id).toString(),
    locale: world.userLocale(user.id) as Locale,
    entitlements: [],
    attachment_size_limit: ctx.attachmentSizeLimit,
  };
  if (channel.guildId === null) {
    return {
      ...common,
      user: userJson(user),
      // A guild install used in the bot's DM: Discord sends "0" for the guild.
      authorizing_integration_owners: { 0: '0' },
      context: InteractionContextType.BotDM,
    };
  }
  const guild = world.guild(channel.guildId);
  if (!guild) throw new Error(`no guild ${channel.guildId}`);
  if (!guild.members.has(user.id)) throw new Error(`${user.username} is not a member of guild ${guild.name}`);
  return {
    ...common,
    guild_id: guild.id,
    guild: { id: guild.id, locale: guild.preferredLocale as Locale, features: [] },
    guild_locale: guild.preferredLocale as Locale,
    member: interactionMemberJson(world, guild, user.id),
    authorizing_integration_owners: { 0: guild.id },
    context: InteractionContextType.Guild,
  };
}

export function resolvedData(
  world: World,
  channelId: string,
  userIds: readonly string[],
  channelIds: readonly string[],
  roleIds: readonly string[] = [],
): APIInteractionDataResolved | undefined {
  if (userIds.length === 0 && channelIds.length === 0 && roleIds.length === 0) return undefined;
  const resolved: APIInteractionDataResolved = {};
  const guildId = world.channel(channelId)?.guildId ?? null;
  const guild = guildId === null ? undefined : world.guild(guildId);
  for (const id of roleIds) {
    const role = guild?.roles.get(id);
    const json = role ? roleJson(role) : guild && id === guild.id ? everyoneRoleJson(guild) : undefined;
    if (json) resolved.roles = { ...resolved.roles, [id]: json };
  }
  for (const id of userIds) {
    const user = world.user(id);
    if (!user) continue;
    resolved.users = { ...resolved.users, [id]: userJson(user) };
    if (guild?.members.has(id)) {
      const { user: _user, ...member } = interactionMemberJson(world, guild, id);
      resolved.members = { ...resolved.members, [id]: member };
    }
  }
  for (const id of channelIds) {
    const channel = world.channel(id);
    if (!channel) continue;
    const json = channelJson(world, channel) as APIInteractionDataResolvedChannel;
    resolved.channels = {
      ...resolved.channels,
      [id]: { ...json, permissions: EVERYONE_PERMISSIONS.toString() },
    };
  }
  return resolved;
}

export function chatInputInteraction(
  ctx: PayloadContext,
  command: APIApplicationCommand,
  resolved: ResolvedCommandOptions,
): APIChatInputApplicationCommandInteraction {
  const data = resolvedData(
    ctx.world,
    ctx.channelId,
    resolved.userIds,
    resolved.channelIds,
    resolved.roleIds,
  );
  return {
    ...base(ctx, InteractionType.ApplicationCommand),
    data: {
      id: command.id,
      name: command.name,
      type: ApplicationCommandType.ChatInput,
      ...(resolved.options.length > 0 ? { options: resolved.options } : {}),
      ...(data ? { resolved: data } : {}),
      ...(command.guild_id ? { guild_id: command.guild_id } : {}),
    },
  };
}

export function autocompleteInteraction(
  ctx: PayloadContext,
  command: APIApplicationCommand,
  resolved: ResolvedCommandOptions,
): APIApplicationCommandAutocompleteInteraction {
  return {
    ...base(ctx, InteractionType.ApplicationCommandAutocomplete),
    data: {
      id: command.id,
      name: command.name,
      type: ApplicationCommandType.ChatInput,
      options: resolved.options,
      ...(command.guild_id ? { guild_id: command.guild_id } : {}),
    },
  };
}

export function buttonInteraction(
  ctx: PayloadContext,
  message: APIMessage,
  customId: string,
): APIMessageComponentButtonInteraction {
  return {
    ...base(ctx, InteractionType.MessageComponent),
    message,
    data: { custom_id: customId, component_type: ComponentType.Button },
  };
}

export function selectInteraction(
  ctx: PayloadContext,
  message: APIMessage,
  customId: string,
  componentType: APIMessageSelectMenuInteractionData['component_type'],
  values: readonly string[],
): APIMessageComponentSelectMenuInteraction {
  const userIds =
    componentType === ComponentType.UserSelect || componentType === ComponentType.MentionableSelect
      ? values
      : [];
  const channelIds = componentType === ComponentType.ChannelSelect ? values : [];
  const data = resolvedData(ctx.world, ctx.channelId, userIds, channelIds);
  return {
    ...base(ctx, InteractionType.MessageComponent),
    message,
    data: {
      custom_id: customId,
      component_type: componentType,
      values: [...values],
      ...(componentType === ComponentType.StringSelect ? {} : { resolved: data ?? {} }),
    } as APIMessageSelectMenuInteractionData,
  };
}

export function modalSubmitInteraction(
  ctx: PayloadContext,
  submission: APIModalSubmission,
  message: APIMessage | null,
): APIModalSubmitInteraction {
  return {
    ...base(ctx, InteractionType.ModalSubmit),
    ...(message ? { message } : {}),
    data: submission,
  };
}
