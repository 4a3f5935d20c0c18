import { describe, expect, it } from 'vitest';
import { boardMessage } from '../../../src/adapters/valley/board-message.ts';
import type { ValleyPictures } from '../../../src/adapters/valley/pictures.ts';
import { resultsMessage } from '../../../src/adapters/valley/results-message.ts';
import { applyInPlace, valley, waitingFor } from '../../../src/games/valley/index.ts';
import { legalActions } from '../../../src/games/valley/legal-actions.ts';
import type { ValleyOptions } from '../../../src/games/valley/state.ts';
import type { GameContext } from '../../../src/table-kit/context.ts';

const picture = { png: Buffer.from([]), alt: 'a picture' };
const pictures: ValleyPictures = {
  table: () => picture,
  hand: () => picture,
  tombs: () => [picture],
  results: () => picture,
  card: () => picture,
};
const ctx: GameContext = {
  gameId: 9,
  version: 0,
  names: ['alice', 'bob'],
  users: ['1', '2'],
  language: 'en',
};

function finished(options: ValleyOptions) {
  const s = valley.setup(options, 'pool-lines');
  while (!s.finished) {
    const seat = waitingFor(s)[0] as number;
    applyInPlace(s, seat, legalActions(s, seat).at(-1) as never);
  }
  return s;
}

describe('the card pool on the board and the results', () => {
  it.each([
    [{ players: 2 }, 'Base'],
    [{ players: 2, pool: 'base-afterlife' as const }, 'Base + Afterlife'],
    [
      { players: 2, pool: { sets: ['books', 'weapons', 'jewelry', 'tomb-art'], uniques: ['boat'] } },
      'Custom: Books, Jewelry, Weapons, Tomb Art + Boat',
    ],
  ])('%j: %s', (options, label) => {
    const start = valley.setup(options, 'pool-lines');
    expect(boardMessage(valley.view(start, null), ctx, pictures).content.split('\n')[0]).toBe(
      `**Valley of the Kings** · game #9 · turn 1 · ${label} cards`,
    );
    expect(resultsMessage(valley.view(finished(options), null), ctx, pictures).content).toContain(
      `🃏 Cards: ${label}.`,
    );
  });
});
