import {
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';

/** Posts the current board of the game in this channel or thread again (e.g. after a Discord outage). */
export const board: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'board',
  description: 'Post the current board of the game played here again',
  contexts: [InteractionContextType.Guild],
};
