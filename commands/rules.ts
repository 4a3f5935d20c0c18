import { InteractionContextType } from 'discord-api-types/v10';
import type { AdapterSet } from '../src/adapters/adapter-set.ts';
import { replyPrivately } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import { gameOption, type SlashCommand } from '../src/discord/slash-command.ts';

/** The turn summary and how to play through the bot: of the game named, or played here, or the first hosted. */
export function rulesCommand(adapters: AdapterSet): SlashCommand {
  const several = adapters.list.length > 1;
  return {
    data: {
      name: 'rules',
      description: several
        ? 'How a turn of a game works, and how to play it here'
        : `How a turn of ${adapters.default.game.title} works, and how to play it here`,
      contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
      options: gameOption(adapters, 'the one played here'),
    },
    async execute(rt, i) {
      const named = i.options.getString('game');
      const store = rt.tables.store;
      const here = (await store.gameInThread(i.channelId)) ?? (await store.gamesInChannel(i.channelId))[0];
      const adapter =
        (named ? rt.tables.adapters.find(named) : undefined) ??
        (here ? rt.tables.adapters.find(here.type) : undefined) ??
        rt.tables.adapters.default;
      return replyPrivately(i, adapter.rules(userLanguage(i)));
    },
  };
}
