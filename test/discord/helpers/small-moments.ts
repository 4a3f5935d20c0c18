import type { KeyMomentsBudget } from '../../../src/discord/key-moments.ts';

/**
 * The least a finished game's key moments may spend: for tests where many games end and key moments are
 * not the subject (key-moments.test.ts's), their analyses on the thinking threads beside the games still
 * playing cost next to nothing.
 */
export const SMALL_MOMENTS: KeyMomentsBudget = {
  screenPlayouts: 1,
  screenDuels: 1,
  confirm: 0,
  confirmDuels: 1,
  confirmPlayouts: 1,
};
