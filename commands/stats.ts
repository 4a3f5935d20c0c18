import {
  ApplicationCommandOptionType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';

/** A player's games, wins, scores, favourite sets and rating history. */
export const stats: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'stats',
  description: 'Show a player’s Valley of the Kings games, wins, scores, favourite sets and rating',
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
  ],
};
