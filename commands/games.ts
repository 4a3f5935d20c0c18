import {
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';

/** Lists the open and running games of this server. */
export const games: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'games',
  description: 'List the games being set up or played in this server',
  contexts: [InteractionContextType.Guild],
};
