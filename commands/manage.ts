import {
  ApplicationCommandOptionType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';

/** For a game's host or anyone with Manage Server: cancel a game, or hand a seat to a computer player. */
export const manage: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'manage',
  description: 'Cancel a game or give a seat to a computer player (host or Manage Server)',
  contexts: [InteractionContextType.Guild],
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'cancel',
      description: 'Cancel a game',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'game',
          description: 'Game number',
          required: true,
          min_value: 1,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'replace-seat',
      description: 'Give a seat to a computer player (e.g. someone who left)',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'game',
          description: 'Game number',
          required: true,
          min_value: 1,
        },
        {
          type: ApplicationCommandOptionType.User,
          name: 'player',
          description: 'The player to replace',
          required: true,
        },
      ],
    },
  ],
};
