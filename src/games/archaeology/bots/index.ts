import type { RngState } from '../../kernel/rng.ts';
import type { GamePlayers, Seat } from '../../kernel/types.ts';
import type { ArchaeologyAction, ArchaeologyState } from '../state.ts';
import { analyseArchaeology } from './analysis.ts';
import { archaeologyDecisionSeed } from './decision-seed.ts';
import { easyBot } from './easy-bot.ts';
import { heuristicBot } from './heuristic-bot.ts';
import { randomBot } from './random-bot.ts';
import { searchBot } from './search-bot.ts';

/** A computer player: one legal action for `seat`, one of `waitingFor(state)`; `rng` is its own. */
export type ArchaeologyBot = (state: ArchaeologyState, seat: Seat, rng: RngState) => ArchaeologyAction;

export const archaeologyBots = {
  random: randomBot,
  easy: easyBot,
  heuristic: heuristicBot,
  search: searchBot(),
} as const satisfies Record<string, ArchaeologyBot>;
export type ArchaeologyBotName = keyof typeof archaeologyBots;
export const ARCHAEOLOGY_BOT_NAMES = Object.keys(archaeologyBots) as ArchaeologyBotName[];

export function isArchaeologyBotName(name: string): name is ArchaeologyBotName {
  return Object.hasOwn(archaeologyBots, name);
}

/**
 * One move for `seat` for callers without a generator of their own (the table): one is seeded from the
 * bot, the seat and public facts, so replaying a game replays its bots' choices.
 */
export function archaeologyBotMove(
  state: ArchaeologyState,
  seat: Seat,
  name: ArchaeologyBotName = 'heuristic',
  rng?: RngState,
): ArchaeologyAction {
  return archaeologyBots[name](state, seat, rng ?? archaeologyDecisionSeed(state, seat, name));
}

/** Archaeology's players by name, for callers that know a game only by its id (the registry, a thinking thread). */
export const archaeologyPlayers: GamePlayers<ArchaeologyState, ArchaeologyAction> = {
  names: ARCHAEOLOGY_BOT_NAMES,
  move: (state, seat, name) => archaeologyBotMove(state, seat, name as ArchaeologyBotName),
  analyse: (state, seat, request) => analyseArchaeology(state, seat, request, undefined, request.playouts),
};
