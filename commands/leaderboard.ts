import {
  ApplicationCommandOptionType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';

/** The rated players of this server (or of every server), best first, paged with buttons. */
export const leaderboard: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'leaderboard',
  description: 'Show the best rated Valley of the Kings players of this server, or of every server',
  contexts: [InteractionContextType.Guild],
  options: [
    {
      type: ApplicationCommandOptionType.Boolean,
      name: 'global',
      description: 'Every server instead of this one',
      required: false,
    },
  ],
};
