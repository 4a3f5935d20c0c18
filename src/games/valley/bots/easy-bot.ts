import { nextInt } from '../../kernel/rng.ts';
import type { Bot } from './bot.ts';
import { heuristicBot } from './heuristic-bot.ts';
import { randomBot } from './random-bot.ts';

/** In how many decisions out of 100 the Easy player makes a random legal move instead of a sensible one. */
export const EASY_SLIPS = 35;

/** The Easy level: the heuristic player, who now and then slips (a random legal move). */
export const easyBot: Bot = (state, seat, rng) =>
  nextInt(rng, 100) < EASY_SLIPS ? randomBot(state, seat, rng) : heuristicBot(state, seat, rng);
