import {
  ApplicationCommandOptionType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';

/** Looks up a card: its picture, action and numbers (provisional ones marked). */
export const card: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'card',
  description: 'Show a Valley of the Kings card: its action, cost, gold and points',
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'name',
      description: 'The card, e.g. Statue of Isis',
      required: true,
      autocomplete: true,
    },
  ],
};
