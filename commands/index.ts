import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { AdapterSet } from '../src/adapters/adapter-set.ts';
import { installedAdapters } from '../src/adapters/installed.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { boardCommand } from './board.ts';
import { cardCommand } from './card.ts';
import { gamesCommand } from './games.ts';
import { leaderboardCommand } from './leaderboard.ts';
import { manageCommand } from './manage.ts';
import { myGamesCommand } from './my-games.ts';
import { nudgeCommand } from './nudge.ts';
import { lobbyCommand } from './open-lobby.ts';
import { rulesCommand } from './rules.ts';
import { settingsCommand } from './settings.ts';
import { statsCommand } from './stats.ts';

/** Every slash command of a bot hosting these games: one lobby command per game, then the shared ones. */
export function commandList(adapters: AdapterSet): SlashCommand[] {
  return [
    ...adapters.list.map(lobbyCommand),
    cardCommand(adapters),
    rulesCommand(adapters),
    gamesCommand,
    myGamesCommand,
    settingsCommand,
    manageCommand,
    boardCommand,
    nudgeCommand,
    leaderboardCommand(adapters),
    statsCommand(adapters),
  ];
}

/** The commands as registered with Discord for the installed games (the deploy script's list). */
export const commandDefinitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[] = commandList(
  new AdapterSet(installedAdapters()),
).map((c) => c.data);
