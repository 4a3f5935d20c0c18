import { hostedGames } from '../../commands/index.ts';
import { installedAdapters } from '../../src/adapters/installed.ts';
import type { HostedGames } from '../../src/discord/bot.ts';

/**
 * The installed games and their slash commands, as `src/main.ts` chooses them: what a test's bot
 * hosts unless the test names its own adapters (then `hostedGames(adapters)`).
 */
export function installedGames(): HostedGames {
  return hostedGames(installedAdapters());
}
