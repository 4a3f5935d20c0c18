import { ApplicationCommandOptionType, InteractionContextType } from 'discord-api-types/v10';
import type { AdapterSet } from '../src/adapters/adapter-set.ts';
import { seasonChoices, showLeaderboard } from '../src/discord/handlers/rating-boards.ts';
import { gameOption, type SlashCommand } from '../src/discord/slash-command.ts';

/**
 * The rated players of this server (or of every server), best first, paged with buttons: the current
 * season's board by default while the server has seasons, or another season, or all-time.
 */
export function leaderboardCommand(adapters: AdapterSet): SlashCommand {
  const several = adapters.list.length > 1;
  return {
    data: {
      name: 'leaderboard',
      description: several
        ? 'Show the best rated players of a game in this server, or in every server'
        : `Show the best rated ${adapters.default.game.title} players of this server, or of every server`,
      contexts: [InteractionContextType.Guild],
      options: [
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'global',
          description: 'Every server instead of this one',
          required: false,
        },
        ...gameOption(adapters, adapters.default.game.title),
        {
          type: ApplicationCommandOptionType.String,
          name: 'season',
          description: 'Which season: the current one (default), the previous one, a past one, or all-time',
          required: false,
          autocomplete: true,
          // Room for a season as a board heads it, "temporada de noviembre de 2026 (2026-11)".
          max_length: 60,
        },
      ],
    },
    execute: showLeaderboard,
    autocomplete: seasonChoices,
  };
}
