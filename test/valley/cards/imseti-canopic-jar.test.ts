import { describe, expect, it } from 'vitest';
import { baseCatalog, findCard } from '../../../src/games/valley/catalog.ts';
import { english, Table } from '../table.ts';

const cost = (id: string) => findCard(baseCatalog, id)?.cost.value;

describe('Imseti Canopic Jar: entomb a card costing 4 or less', () => {
  it('entombs a hand card costing 4 or less, shown to everyone, on top of the normal entombing', () => {
    // Statue of Bastet costs 4 (seed); Statue of Isis and Statue of Horus cost more.
    expect([cost('statue-of-bastet'), cost('urn')]).toEqual([4, 1]);
    expect(cost('statue-of-horus')).toBeGreaterThan(4);
    expect(cost('statue-of-isis')).toBeGreaterThan(4);
    const t = Table.from({
      players: 2,
      hands: [['imseti-canopic-jar', 'statue-of-bastet', 'statue-of-isis', 'urn', 'statue-of-horus'], []],
    });
    t.entomb(0, 'statue-of-horus');
    t.play(0, 'imseti-canopic-jar');
    expect(t.prompt(0)).toBe(
      'Imseti Canopic Jar: entomb a card costing 4 or less (it is shown to everyone).',
    );
    expect(t.options(0)).toEqual(['Statue of Bastet', 'Urn']);
    t.choose(0, 'Statue of Bastet');
    expect(t.tomb(0)).toEqual(['statue-of-horus', 'statue-of-bastet']);
    expect(t.hand(0)).toEqual(['statue-of-isis', 'urn']);
    expect(english(t.log.at(-1)?.text)).toBe('@0 entombed Statue of Bastet');
  });

  it('cannot be executed when every other hand card costs more than 4', () => {
    const t = Table.from({
      players: 2,
      hands: [['imseti-canopic-jar', 'statue-of-isis', 'statue-of-horus'], []],
    });
    expect(t.canPlay(0, 'imseti-canopic-jar')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'imseti-canopic-jar') })).toBe(
      'Imseti Canopic Jar cannot be executed now: you need a card costing 4 or less in hand.',
    );
  });

  it('cannot entomb itself', () => {
    expect(cost('imseti-canopic-jar')).toBeLessThanOrEqual(4);
    const t = Table.from({ players: 2, hands: [['imseti-canopic-jar'], []] });
    expect(t.canPlay(0, 'imseti-canopic-jar')).toBe(false);
  });
});
