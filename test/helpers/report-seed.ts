/**
 * Vitest setup file: when a test fails in a file that dealt games from the seeded sequence
 * (test/helpers/game-seeds.ts), it says how to deal the same cards again.
 */
import { beforeEach } from 'vitest';
import { SEED_BASE, seedsDealt } from './game-seeds.ts';

beforeEach((context) => {
  context.onTestFailed(() => {
    if (seedsDealt() === 0) return;
    const file = context.task.file.name;
    console.error(
      `Games of this file were dealt from seed base '${SEED_BASE}'; again: SCARAB_SEED=${SEED_BASE} npm test -- ${file}`,
    );
  });
});
