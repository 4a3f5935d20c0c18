import { describe, expect, it } from 'vitest';
import { Table } from './table.ts';

describe('the test table (prepared positions)', () => {
  it('builds a position from card ids and reads it back', () => {
    const t = Table.from({
      players: 2,
      hands: [['shabti', 'urn'], ['box-of-food']],
      discards: [['statue-of-isis', 'urn']],
      pyramid: ['boat', null, 'censer', null, null, 'chariot'],
      stock: ['statue-of-horus'],
      boneyard: ['book-of-the-dead'],
    });
    expect(t.hand(0)).toEqual(['shabti', 'urn']);
    expect(t.discard(0)).toEqual(['statue-of-isis', 'urn']);
    expect(t.pyramid()).toEqual(['boat', null, 'censer', null, null, 'chariot']);
    expect(t.boneyard()).toEqual(['book-of-the-dead']);
  });

  it('rejects an unknown card id with its name', () => {
    expect(() => Table.from({ players: 2, hands: [['no-such-card']] })).toThrow(
      /unknown card 'no-such-card'/,
    );
  });
});
