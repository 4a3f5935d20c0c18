import { AdapterSet } from '../src/adapters/adapter-set.ts';
import type { AnyAdapter } from '../src/adapters/game-adapter.ts';
import type { HostedGames } from '../src/discord/bot.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';
import { gameTitle, localizeCommand } from '../src/i18n/command-localizations.ts';
import type { Values } from '../src/i18n/messages.ts';
import { boardCommand } from './board.ts';
import { cardCommand } from './card.ts';
import { gamesCommand } from './games.ts';
import { leaderboardCommand } from './leaderboard.ts';
import { learnCommand, teachingGames } from './learn.ts';
import { manageCommand } from './manage.ts';
import { myGamesCommand } from './my-games.ts';
import { nudgeCommand } from './nudge.ts';
import { lobbyCommand } from './open-lobby.ts';
import { privacyCommand } from './privacy.ts';
import { replayCommand } from './replay.ts';
import { rulesCommand } from './rules.ts';
import { settingsCommand } from './settings.ts';
import { statsCommand } from './stats.ts';
import { tournamentCommand } from './tournament.ts';

/** Every slash command of a bot hosting these games: one lobby command per game, then the shared ones. */
export function commandList(adapters: AdapterSet): SlashCommand[] {
  const title = (language: string, a: AnyAdapter) => gameTitle(language, a.game.id, a.game.title);
  const several = adapters.list.length > 1 ? 'yes' : 'no';
  const shared = (language: string) => ({ several, title: title(language, adapters.default) });
  const localized = (c: SlashCommand, base: string, values: (language: string) => Values = shared) => ({
    ...c,
    data: localizeCommand(c.data, base, values),
  });
  return [
    ...adapters.list.map((a) =>
      localized(lobbyCommand(a), 'cmd.lobby', (language) => ({
        title: title(language, a),
        most: a.game.maxPlayers - 1,
      })),
    ),
    localized(cardCommand(adapters), 'cmd.card', (language) => ({
      titles: new Intl.ListFormat(language, { type: 'disjunction' }).format(
        adapters.list.map((a) => title(language, a)),
      ),
    })),
    localized(rulesCommand(adapters), 'cmd.rules'),
    ...(teachingGames(adapters).length > 0 ? [localized(learnCommand(adapters), 'cmd.learn')] : []),
    localized(gamesCommand, 'cmd.games'),
    localized(myGamesCommand, 'cmd.mygames'),
    localized(settingsCommand, 'cmd.settings'),
    localized(manageCommand, 'cmd.manage'),
    localized(boardCommand, 'cmd.board'),
    localized(nudgeCommand, 'cmd.nudge'),
    localized(leaderboardCommand(adapters), 'cmd.leaderboard'),
    localized(statsCommand(adapters), 'cmd.stats'),
    localized(replayCommand, 'cmd.replay'),
    localized(tournamentCommand(adapters), 'cmd.tournament'),
    localized(privacyCommand, 'cmd.privacy'),
  ];
}

/**
 * These games and their commands, for the bot: an entry chooses the games (`src/main.ts`: the
 * installed ones, `src/adapters/installed.ts`) and hands the table layer what this returns.
 */
export function hostedGames(adapters: readonly AnyAdapter[]): HostedGames {
  const set = new AdapterSet(adapters);
  return { adapters: set, commands: commandList(set) };
}
