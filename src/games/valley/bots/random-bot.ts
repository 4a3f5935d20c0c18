import { nextInt } from '../../kernel/rng.ts';
import { legalActions } from '../legal-actions.ts';
import type { Bot } from './bot.ts';

/** Uniform over the seat's legal actions: the baseline, and a fuzzer that reaches odd corners. */
export const randomBot: Bot = (state, seat, rng) => {
  const legal = legalActions(state, seat);
  if (legal.length === 0) throw new Error(`random bot: seat ${seat} has nothing to do`);
  return legal[nextInt(rng, legal.length)] as (typeof legal)[number];
};
