import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

describe('Chariot: discard a card, take the top card of the boneyard', () => {
  it('discards a hand card, then puts the top card of the boneyard on top of the discard pile', () => {
    const t = table({
      players: 2,
      hands: [['chariot', 'urn', 'shabti'], []],
      discards: [['censer'], []],
      boneyard: ['book-of-the-dead', 'statue-of-isis'],
    });
    t.play(0, 'chariot');
    expect(t.prompt(0)).toBe('Chariot: discard a card, then take Statue of Isis from the boneyard.');
    expect(t.options(0)).toEqual(['Urn', 'Shabti']);
    t.choose(0, 'Urn');
    expect(t.discard(0)).toEqual(['censer', 'urn', 'statue-of-isis']);
    expect(t.boneyard()).toEqual(['book-of-the-dead']);
    expect(t.hand(0)).toEqual(['shabti']);
    expect(t.inPlay(0)).toEqual(['chariot']);
  });

  it('does not let its owner reveal Offering Table against their own discard', () => {
    const t = table({ players: 2, hands: [['chariot', 'offering-table'], []], boneyard: ['urn'] });
    t.play(0, 'chariot');
    expect(t.options(0)).toEqual(['Offering Table']);
  });

  it('cannot be executed with an empty boneyard', () => {
    const t = table({ players: 2, hands: [['chariot', 'urn'], []] });
    expect(t.canPlay(0, 'chariot')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'chariot') })).toBe(
      'Chariot cannot be executed now: you need a card in hand and the boneyard must hold a card.',
    );
  });

  it('cannot be executed without another card in hand to discard', () => {
    const t = table({ players: 2, hands: [['chariot'], []], boneyard: ['urn'] });
    expect(t.canPlay(0, 'chariot')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'chariot') })).toMatch(/card in hand/);
  });
});
