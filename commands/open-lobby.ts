import { ChannelType, type ChatInputCommandInteraction, DiscordAPIError, MessageFlags } from 'discord.js';
import { ApplicationCommandOptionType, InteractionContextType } from 'discord-api-types/v10';
import type { AnyAdapter } from '../src/adapters/game-adapter.ts';
import {
  isAccessRefusal,
  listPermissions,
  mayOpenThread,
  missingForGame,
  refusalText,
} from '../src/discord/channel-access.ts';
import { computerName } from '../src/discord/handlers/computer-names.ts';
import { displayName, say } from '../src/discord/handlers/replies.ts';
import { gameLanguage, serverLanguage, userLanguage } from '../src/discord/language.ts';
import { lobbyMessage } from '../src/discord/messages/lobby-message.ts';
import { DEFAULT_TURN_LIMIT } from '../src/discord/messages/turn-limits.ts';
import type { Runtime } from '../src/discord/runtime.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { gameTitle } from '../src/i18n/command-localizations.ts';
import { t } from '../src/i18n/messages.ts';

const CANNOT_IN_THIS_CHANNEL = 50024;

/** `/valley` and its like: opens a lobby for a new game in this channel (in a thread of its own). */
export function lobbyCommand(adapter: AnyAdapter): SlashCommand {
  const { game } = adapter;
  const most = game.maxPlayers - 1;
  return {
    data: {
      name: adapter.lobbyCommand.name,
      description: adapter.lobbyCommand.description,
      contexts: [InteractionContextType.Guild],
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'computers',
          description: `Computer players to seat right away (0–${most})`,
          min_value: 0,
          max_value: most,
          required: false,
        },
      ],
    },
    execute: (rt, i) => openLobby(rt, i, adapter),
  };
}

async function openLobby(rt: Runtime, i: ChatInputCommandInteraction, adapter: AnyAdapter): Promise<void> {
  if (!i.inGuild() || !i.channel) return say(i, 'lobby.dm-only');
  // Checked before anything is created, so a channel the bot cannot use leaves no dead lobby behind.
  const missing = missingForGame(i.channel.type, i.appPermissions);
  if (missing.length > 0)
    return say(i, 'lobby.missing-permissions', {
      where: `<#${i.channelId}>`,
      permissions: listPermissions(missing, userLanguage(i)),
      count: missing.length,
    });
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const store = rt.tables.store;
  let game = await store.lobbies.create({
    type: adapter.game.id,
    guildId: i.guildId,
    channelId: i.channelId,
    hostUserId: i.user.id,
    seats: [{ userId: i.user.id, displayName: displayName(i) }],
    turnLimitMinutes: DEFAULT_TURN_LIMIT,
    // The server's language until the host picks another in the lobby.
    language: serverLanguage(i),
  });
  const computers = i.options.getInteger('computers') ?? 0;
  for (let k = 0; k < computers; k++) {
    const taken = new Set((await store.getGame(game.id)).seats.map((s) => s.displayName));
    await store.lobbies.join(game.id, {
      botKind: adapter.computers.kinds[0],
      displayName: computerName(taken),
    });
  }
  let where = i.channelId;
  let note = '';
  const channel = i.channel;
  try {
    if (channel.type === ChannelType.GuildText && mayOpenThread(i.appPermissions)) {
      try {
        const thread = await channel.threads.create({
          name: `${gameTitle(gameLanguage(game), adapter.game.id, adapter.game.title)} #${game.id}`,
          autoArchiveDuration: 10080,
        });
        where = thread.id;
      } catch (e) {
        if (!isAccessRefusal(e) && !(e instanceof DiscordAPIError && e.code === CANNOT_IN_THIS_CHANNEL))
          throw e;
        note = t(userLanguage(i), 'lobby.no-threads');
        rt.log.info({ gameId: game.id, code: e.code }, 'thread creation refused; playing in the channel');
      }
    } else if (channel.type === ChannelType.GuildText) note = t(userLanguage(i), 'lobby.no-threads');
    if (where !== i.channelId) await store.locations.setLocation(game.id, { threadId: where });
    game = await store.getGame(game.id);
    const messageId = await rt.publisher.send(where, lobbyMessage(game, adapter.lobbySettings));
    await store.locations.setMessage(game.id, 'lobby', { messageId, channelId: where });
  } catch (e) {
    // No lobby without its message: nobody could join it, and it would sit in /games for good.
    await store.cancelGame(game.id);
    if (!isAccessRefusal(e)) throw e;
    rt.log.info({ gameId: game.id, code: e.code }, 'lobby refused by Discord; cancelled');
    const language = userLanguage(i);
    await i.editReply({
      content: t(language, 'lobby.not-opened', { why: refusalText(e, `<#${where}>`, language) }),
    });
    return;
  }
  await i.editReply({
    content: t(userLanguage(i), 'lobby.opened', { id: String(game.id), where: `<#${where}>`, note }),
  });
}
