import { InteractionContextType } from 'discord-api-types/v10';
import { replyPrivately, say } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import { gamesMessage } from '../src/discord/messages/games-message.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { gameTitle } from '../src/i18n/command-localizations.ts';

/** Lists the open and running games of this server. */
export const gamesCommand: SlashCommand = {
  data: {
    name: 'games',
    description: 'List the games being set up or played in this server',
    contexts: [InteractionContextType.Guild],
  },
  async execute(rt, i) {
    if (!i.inGuild()) return say(i, 'error.guild-only');
    const adapters = rt.tables.adapters;
    const language = userLanguage(i);
    return replyPrivately(
      i,
      gamesMessage(
        await rt.tables.store.gamesInGuild(i.guildId),
        (g) => `<#${g.threadId ?? g.channelId}>`,
        adapters.list.map((a) => a.lobbyCommand.name),
        (type) => gameTitle(language, type, adapters.find(type)?.game.title ?? type),
        language,
      ),
    );
  },
};
