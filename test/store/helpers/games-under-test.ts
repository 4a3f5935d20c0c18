/**
 * The games the crash and race tests run. They only need a registered module, so adding or switching a
 * game is one line here.
 */
import { join } from 'node:path';
import { REGISTER_DICE_RACE, REPO } from './children.ts';

export interface GameUnderTest {
  readonly type: string;
  /** Imported for its side effect of registering the module (in the test and in its children). */
  readonly module: string;
  readonly players: number;
}

export const DICE_RACE: GameUnderTest = { type: 'dice-race', module: REGISTER_DICE_RACE, players: 3 };
export const VALLEY: GameUnderTest = {
  type: 'valley',
  module: join(REPO, 'src/games/valley/index.ts'),
  players: 3,
};

export const CRASH_GAMES: readonly GameUnderTest[] = [DICE_RACE, VALLEY];
export const RACE_GAMES: readonly GameUnderTest[] = [DICE_RACE, VALLEY];
