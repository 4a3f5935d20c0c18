import { ChannelType } from 'discord-api-types/v10';
import { channelJson, guildCreateJson, memberJson, threadJson, userJson } from './api-json.ts';
import type { CommandRegistry } from './commands.ts';
import { discordErrors } from './errors.ts';
import type { World } from './model.ts';
import type { LoopbackGuild } from './model-types.ts';
import { json, noContent, ok, type RestRoute } from './rest-router.ts';
import type { ShardingSettings } from './sharding.ts';

/** Login, users, guilds, the application and its commands. */
export function miscRoutes(
  world: World,
  commands: CommandRegistry,
  gatewayUrl: () => string,
  sharding: ShardingSettings,
): RestRoute[] {
  const param = (params: Readonly<Record<string, string>>, name: string): string => params[name] ?? '';
  /**
   * A guild the bot is not in: the guild itself answers 10004 Unknown Guild, as for one that does not
   * exist (discord-api-docs #5840: since January 2023, so that a bot cannot probe for guilds), and its
   * sub-routes (channels, members, guild commands) 50001 Missing Access.
   */
  const guildOf = (id: string, outside: 'unknown' | 'no-access' = 'no-access'): LoopbackGuild => {
    const guild = world.guild(id);
    if (!guild) throw discordErrors.unknownGuild();
    if (!guild.members.has(world.bot.id))
      throw outside === 'unknown' ? discordErrors.unknownGuild() : discordErrors.missingAccess();
    return guild;
  };
  const app = (params: Readonly<Record<string, string>>): void => {
    if (param(params, 'applicationId') !== world.applicationId) throw discordErrors.unknownApplication();
  };
  const commandRoutes = (
    prefix: string,
    scope: (params: Readonly<Record<string, string>>) => string | null,
  ): RestRoute[] => [
    {
      method: 'GET',
      pattern: prefix,
      auth: 'bot',
      handle: ({ params }) => {
        app(params);
        return ok(commands.list(scope(params)));
      },
    },
    {
      method: 'PUT',
      pattern: prefix,
      auth: 'bot',
      handle: ({ params, json: body }) => {
        app(params);
        return ok(commands.overwrite(scope(params), body));
      },
    },
    {
      method: 'POST',
      pattern: prefix,
      auth: 'bot',
      handle: ({ params, json: body }) => {
        app(params);
        const { command, created } = commands.upsert(scope(params), body);
        return json(created ? 201 : 200, command);
      },
    },
    {
      method: 'GET',
      pattern: `${prefix}/:commandId`,
      auth: 'bot',
      handle: ({ params }) => {
        app(params);
        const command = commands.get(scope(params), param(params, 'commandId'));
        if (!command) throw discordErrors.unknownCommand();
        return ok(command);
      },
    },
    {
      method: 'PATCH',
      pattern: `${prefix}/:commandId`,
      auth: 'bot',
      handle: ({ params, json: body }) => {
        app(params);
        const command = commands.update(scope(params), param(params, 'commandId'), body);
        if (!command) throw discordErrors.unknownCommand();
        return ok(command);
      },
    },
    {
      method: 'DELETE',
      pattern: `${prefix}/:commandId`,
      auth: 'bot',
      handle: ({ params }) => {
        app(params);
        if (!commands.delete(scope(params), param(params, 'commandId'))) throw discordErrors.unknownCommand();
        return noContent();
      },
    },
  ];

  return [
    { method: 'GET', pattern: '/gateway', auth: 'none', handle: () => ok({ url: gatewayUrl() }) },
    {
      method: 'GET',
      pattern: '/gateway/bot',
      auth: 'bot',
      handle: () => {
        // Computed on every call: Discord's answer "changes as the bot joins/leaves guilds".
        const shards = sharding.recommended(world.botGuilds().length);
        return ok({
          url: gatewayUrl(),
          shards,
          // max_concurrency at least the shard count, or discord.js spaces identifies 5 s apart (P8).
          // Discord gives small bots 1; only the wait differs, and tests should not pay it.
          session_start_limit: {
            total: 1000,
            remaining: 999,
            reset_after: 86_400_000,
            max_concurrency: Math.max(16, shards),
          },
        });
      },
    },
    {
      method: 'GET',
      pattern: '/users/@me',
      auth: 'bot',
      // The current user's own answer adds what only it sees (a bot has no e-mail).
      handle: () =>
        ok({ ...userJson(world.bot), mfa_enabled: false, locale: 'en-US', verified: true, email: null }),
    },
    {
      method: 'GET',
      pattern: '/users/:userId',
      auth: 'bot',
      handle: ({ params }) => {
        const user = world.user(param(params, 'userId'));
        if (!user) throw discordErrors.unknownUser();
        return ok(userJson(user));
      },
    },
    {
      method: 'GET',
      pattern: '/users/@me/guilds',
      auth: 'bot',
      handle: () =>
        ok(
          world.botGuilds().map((g) => ({
            id: g.id,
            name: g.name,
            icon: null,
            banner: null,
            owner: false,
            permissions: '0',
            features: [],
          })),
        ),
    },
    {
      method: 'DELETE',
      pattern: '/users/@me/guilds/:guildId',
      auth: 'bot',
      // The bot leaves by itself: the same GUILD_DELETE as a kick.
      handle: ({ params }) => {
        world.removeBot(guildOf(param(params, 'guildId'), 'unknown').id);
        return noContent();
      },
    },
    {
      method: 'GET',
      pattern: '/applications/@me',
      auth: 'bot',
      handle: () =>
        ok({
          id: world.applicationId,
          name: world.bot.username,
          icon: null,
          description: '',
          bot_public: false,
          bot_require_code_grant: false,
          verify_key: '0'.repeat(64),
          flags: 0,
          flags_new: '0',
          type: null,
          bot: userJson(world.bot),
          // Someone made the application: the owner of the first server, as good as anyone in the loopback.
          owner: userJson(world.user(world.guilds()[0]?.ownerId ?? '') ?? world.bot),
          team: null,
          redirect_uris: [],
          interactions_endpoint_url: null,
          role_connections_verification_url: null,
          approximate_guild_count: world.botGuilds().length,
          approximate_user_install_count: 0,
          approximate_user_authorization_count: 0,
          explicit_content_filter: 0,
          eligible_oauth2_scopes: [],
        }),
    },
    {
      method: 'GET',
      pattern: '/guilds/:guildId',
      auth: 'bot',
      handle: ({ params }) => {
        const {
          members: _m,
          channels: _c,
          threads: _t,
          presences: _p,
          voice_states: _v,
          ...guild
        } = guildCreateJson(world, guildOf(param(params, 'guildId'), 'unknown'));
        return ok(guild);
      },
    },
    {
      method: 'GET',
      pattern: '/guilds/:guildId/channels',
      auth: 'bot',
      handle: ({ params }) => {
        const guild = guildOf(param(params, 'guildId'));
        return ok(
          world
            .channelsOf(guild.id)
            .filter((c) => c.type === ChannelType.GuildText)
            .map((c) => channelJson(world, c)),
        );
      },
    },
    {
      method: 'GET',
      pattern: '/guilds/:guildId/threads/active',
      auth: 'bot',
      handle: ({ params }) => {
        const guild = guildOf(param(params, 'guildId'));
        const threads = world.channelsOf(guild.id).filter((c) => c.parentId !== null && !c.archived);
        return ok({ threads: threads.map((t) => threadJson(world, t)), members: [], has_more: false });
      },
    },
    {
      method: 'GET',
      pattern: '/guilds/:guildId/members',
      auth: 'bot',
      handle: ({ params, query }) => {
        const guild = guildOf(param(params, 'guildId'));
        const limit = Math.min(Math.max(Number(query.get('limit') ?? 1) || 1, 1), 1000);
        return ok([...guild.members.keys()].slice(0, limit).map((id) => memberJson(world, guild, id)));
      },
    },
    {
      method: 'GET',
      pattern: '/guilds/:guildId/members/:userId',
      auth: 'bot',
      handle: ({ params }) => {
        const guild = guildOf(param(params, 'guildId'));
        const userId = param(params, 'userId');
        if (!guild.members.has(userId)) throw discordErrors.unknownMember();
        return ok(memberJson(world, guild, userId));
      },
    },
    ...commandRoutes('/applications/:applicationId/commands', () => null),
    ...commandRoutes(
      '/applications/:applicationId/guilds/:guildId/commands',
      (params) => guildOf(param(params, 'guildId')).id,
    ),
  ];
}
