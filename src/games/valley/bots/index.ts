import type { RngState } from '../../kernel/rng.ts';
import type { GamePlayers, Seat } from '../../kernel/types.ts';
import type { ValleyAction, ValleyState } from '../state.ts';
import { analyseValley } from './analysis.ts';
import type { Bot } from './bot.ts';
import { decisionSeed } from './decision-seed.ts';
import { easyBot } from './easy-bot.ts';
import { heuristicBot } from './heuristic-bot.ts';
import { randomBot } from './random-bot.ts';
import { searchBot } from './search-bot.ts';

export type { Bot } from './bot.ts';
export { type Observation, observe } from './observe.ts';

export const bots = {
  random: randomBot,
  easy: easyBot,
  heuristic: heuristicBot,
  search: searchBot(),
} as const satisfies Record<string, Bot>;
export type BotName = keyof typeof bots;
export const BOT_NAMES = Object.keys(bots) as BotName[];

export function isBotName(name: string): name is BotName {
  return Object.hasOwn(bots, name);
}

export function getBot(name: string): Bot {
  if (!isBotName(name)) throw new Error(`unknown bot '${name}' (known: ${BOT_NAMES.join(', ')})`);
  return bots[name];
}

/**
 * One move for `seat` (which must be in `waitingFor(state)`), for callers that keep no generator of
 * their own (the Discord layer): without `rng`, one is seeded from the bot, the seat and public facts
 * of the position, so replaying a game replays its bots' choices.
 */
export function botMove(
  state: ValleyState,
  seat: Seat,
  name: BotName = 'heuristic',
  rng?: RngState,
): ValleyAction {
  return getBot(name)(state, seat, rng ?? decisionSeed(state, seat, name));
}

/** Valley's players by name, for callers that know a game only by its id (the registry, a thinking thread). */
export const valleyPlayers: GamePlayers<ValleyState, ValleyAction> = {
  names: BOT_NAMES,
  move: (state, seat, name) => botMove(state, seat, name as BotName),
  analyse: (state, seat, request) => analyseValley(state, seat, request, undefined, request.playouts),
};
