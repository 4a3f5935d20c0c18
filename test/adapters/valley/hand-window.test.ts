import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { handMessage } from '../../../src/adapters/valley/hand-message.ts';
import type { ValleyPictures } from '../../../src/adapters/valley/pictures.ts';
import { baseCatalog } from '../../../src/games/valley/catalog.ts';
import { view } from '../../../src/games/valley/view.ts';
import type { GameContext } from '../../../src/table-kit/context.ts';
import { decodeCustomId } from '../../../src/table-kit/custom-id.ts';
import type { Payload } from '../../../src/table-kit/payload.ts';
import { Table } from '../../valley/table.ts';

/**
 * A reaction window in the private hand: only a seat that can react is asked. A seat that can only
 * pass sees the window as everyone waiting for it does (its pass comes by itself after a random delay).
 */
const picture = { png: Buffer.from([]), alt: 'a picture' };
const pictures: ValleyPictures = {
  table: () => picture,
  hand: () => picture,
  tombs: () => [picture],
  results: () => picture,
  card: () => picture,
};
const ctx: GameContext = {
  gameId: 7,
  version: 3,
  names: ['alice', 'bob', 'carol'],
  users: ['1', '2', '3'],
  language: 'en',
};
const PYRAMID = ['urn', 'censer', 'chariot', 'ka-figurine', 'book-of-the-dead', 'statue-of-isis'] as const;
const verbs = (p: Payload) =>
  p.components.flatMap((r) =>
    r.components.flatMap((c) => (c.type === ComponentType.Button && 'custom_id' in c ? [c.custom_id] : [])),
  );

describe('a reaction window in the hand', () => {
  // Bob holds Boat, Carol nothing that reacts to a purchase: both are asked by the rules.
  const t = Table.from({ players: 3, hands: [['shabti'], ['boat'], ['urn']], pyramid: [...PYRAMID] });
  t.buy(0, 0, ['shabti']);

  it('asks the seat that can react, with Pass and its reaction', () => {
    const bob = handMessage(view(t.s, 1), ctx, pictures, baseCatalog);
    // The question itself is the picture's caption (hand-message.test.ts): here, the answers are offered.
    expect(bob.content).not.toContain('⏳ Waiting for reactions');
    expect(verbs(bob).map((id) => decodeCustomId(id)?.verb)).toEqual(['ans', 'ans']);
  });

  it('shows a seat that can only pass a waiting line, no question and no Pass button', () => {
    const v = view(t.s, 2);
    expect(v.autoPass).not.toBeNull(); // the table still passes for it after a random delay
    const carol = handMessage(v, ctx, pictures, baseCatalog);
    expect(carol.content).not.toMatch(/React\?/);
    expect(carol.content).toContain('⏳ Waiting for reactions to the purchase.');
    expect(verbs(carol).map((id) => decodeCustomId(id)?.verb)).toEqual(['hand']);
  });
});
