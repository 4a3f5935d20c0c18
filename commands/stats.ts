import { ApplicationCommandOptionType, InteractionContextType } from 'discord-api-types/v10';
import type { AdapterSet } from '../src/adapters/adapter-set.ts';
import { showStats } from '../src/discord/handlers/rating-boards.ts';
import { gameOption, type SlashCommand } from '../src/discord/slash-command.ts';

/** A player's games, wins, scores, favourite sets and rating history. */
export function statsCommand(adapters: AdapterSet): SlashCommand {
  const several = adapters.list.length > 1;
  return {
    data: {
      name: 'stats',
      description: several
        ? 'Show a player’s games, wins, scores and rating in a game'
        : `Show a player’s ${adapters.default.game.title} games, wins, scores, favourite sets and rating`,
      contexts: [InteractionContextType.Guild],
      options: [
        {
          type: ApplicationCommandOptionType.User,
          name: 'user',
          description: 'Whose stats (yours if left out)',
          required: false,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'global',
          description: 'Every server instead of this one',
          required: false,
        },
        ...gameOption(adapters, adapters.default.game.title),
      ],
    },
    execute: showStats,
  };
}
