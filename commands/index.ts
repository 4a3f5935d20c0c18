import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { board } from './board.ts';
import { card } from './card.ts';
import { games } from './games.ts';
import { leaderboard } from './leaderboard.ts';
import { manage } from './manage.ts';
import { rules } from './rules.ts';
import { stats } from './stats.ts';
import { valley } from './valley.ts';

/** Every slash command, as registered with Discord (by the deploy script, or at startup locally). */
export const commandDefinitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[] = [
  valley,
  card,
  rules,
  games,
  manage,
  board,
  leaderboard,
  stats,
];
