import { InteractionContextType } from 'discord-api-types/v10';
import { replyPrivately, tell } from '../src/discord/handlers/replies.ts';
import { gamesMessage } from '../src/discord/messages/games-message.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';

/** Lists the open and running games of this server. */
export const gamesCommand: SlashCommand = {
  data: {
    name: 'games',
    description: 'List the games being set up or played in this server',
    contexts: [InteractionContextType.Guild],
  },
  async execute(rt, i) {
    if (!i.inGuild()) return tell(i, 'Use this in a server.');
    const adapters = rt.tables.adapters;
    return replyPrivately(
      i,
      gamesMessage(
        rt.tables.store.gamesInGuild(i.guildId),
        (g) => `<#${g.threadId ?? g.channelId}>`,
        adapters.list.map((a) => a.lobbyCommand.name),
        (type) => adapters.find(type)?.game.title ?? type,
      ),
    );
  },
};
