import {
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';

/** The turn summary and how to play through the bot. */
export const rules: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'rules',
  description: 'How a turn of Valley of the Kings works, and how to play it here',
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
};
