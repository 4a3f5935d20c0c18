/**
 * Vitest setup file: when a test fails in a file that dealt games from the seeded sequence
 * (test/helpers/game-seeds.ts), it says how to deal the same cards again.
 */
import { beforeEach } from 'vitest';
import { seedsOfThisFile } from './game-seeds.ts';

beforeEach((context) => {
  context.onTestFailed(() => {
    const { base, dealt } = seedsOfThisFile();
    if (dealt === 0) return;
    const file = context.task.file.name;
    console.error(
      `Games of this file were dealt from seed base '${base}'; again: SCARAB_SEED=${base} npm test -- ${file}`,
    );
  });
});
