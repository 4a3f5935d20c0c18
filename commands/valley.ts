import {
  ApplicationCommandOptionType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';

/** Opens a lobby for a new game of Valley of the Kings in this channel (in a thread of its own). */
export const valley: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'valley',
  description: 'Open a lobby for a new game of Valley of the Kings',
  contexts: [InteractionContextType.Guild],
  options: [
    {
      type: ApplicationCommandOptionType.Integer,
      name: 'computers',
      description: 'Computer players to seat right away (0–3)',
      min_value: 0,
      max_value: 3,
      required: false,
    },
  ],
};
