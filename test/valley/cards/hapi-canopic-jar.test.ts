import { describe, expect, it } from 'vitest';
import { baseCatalog, findCard } from '../../../src/games/valley/catalog.ts';
import { Table } from '../table.ts';

const cost = (id: string) => findCard(baseCatalog, id)?.cost.value;

describe('Hapi Canopic Jar: discard a card; take the card with the lowest cost', () => {
  it('discards a hand card, then takes the lowest-cost card from anywhere in the pyramid onto the discard pile', () => {
    expect(cost('urn')).toBeLessThan(cost('censer') ?? 0);
    expect(cost('urn')).toBeLessThan(cost('statue-of-isis') ?? 0);
    const t = Table.from({
      players: 2,
      hands: [['hapi-canopic-jar', 'statue-of-isis', 'shabti'], []],
      pyramid: ['censer', 'statue-of-isis', 'censer', 'statue-of-thoth', 'statue-of-isis', 'urn'],
    });
    t.play(0, 'hapi-canopic-jar');
    expect(t.prompt(0)).toBe('Hapi Canopic Jar: discard a card.');
    expect(t.options(0)).toEqual(['Statue of Isis', 'Shabti']);
    t.choose(0, 'Statue of Isis');
    // The only cheapest card is at the top: taken without a question, after the discard.
    expect(t.discard(0)).toEqual(['statue-of-isis', 'urn']);
    expect(t.pyramid()[5]).toBeNull();
    expect(t.hand(0)).toEqual(['shabti']);
  });

  it('lets the player choose between cards sharing the lowest cost', () => {
    expect(cost('shabti')).toBe(cost('urn'));
    const t = Table.from({
      players: 2,
      hands: [['hapi-canopic-jar', 'box-of-food'], []],
      pyramid: ['censer', 'shabti', 'statue-of-isis', 'urn', 'censer', 'statue-of-thoth'],
    });
    t.play(0, 'hapi-canopic-jar').choose(0, 'Box of Food');
    expect(t.prompt(0)).toBe('Hapi Canopic Jar: several cards share the lowest cost. Take which?');
    expect(t.options(0)).toEqual(['Shabti (base centre)', 'Urn (middle left)']);
    t.choose(0, 'Urn');
    expect(t.discard(0)).toEqual(['box-of-food', 'urn']);
    // The top falls into the middle left.
    expect(t.pyramid()).toEqual(['censer', 'shabti', 'statue-of-isis', 'statue-of-thoth', 'censer', null]);
  });

  it('cannot be executed without another card to discard', () => {
    const t = Table.from({
      players: 2,
      hands: [['hapi-canopic-jar'], []],
      pyramid: ['urn', null, null, null, null, null],
    });
    expect(t.canPlay(0, 'hapi-canopic-jar')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'hapi-canopic-jar') })).toBe(
      'Hapi Canopic Jar cannot be executed now: you need a card in hand and the pyramid must hold a card.',
    );
  });

  it('cannot be executed when the pyramid is empty (the take is a required part)', () => {
    const t = Table.from({ players: 2, hands: [['hapi-canopic-jar', 'urn'], []] });
    expect(t.canPlay(0, 'hapi-canopic-jar')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'hapi-canopic-jar') })).toMatch(
      /the pyramid must hold a card/,
    );
  });
});
