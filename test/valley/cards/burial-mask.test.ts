import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

describe('Burial Mask: entomb a card from your hand or discard pile', () => {
  it('offers the hand and the discard pile, each card once', () => {
    const t = table({
      players: 2,
      hands: [['burial-mask', 'urn', 'urn'], []],
      discards: [['censer', 'urn', 'chariot'], []],
    });
    t.play(0, 'burial-mask');
    expect(t.options(0)).toEqual([
      'Urn (hand)',
      'Censer (discard pile)',
      'Urn (discard pile)',
      'Chariot (discard pile)',
    ]);
  });

  it('entombs a card from the hand, in addition to the normal entombing of the turn', () => {
    const t = table({ players: 2, hands: [['burial-mask', 'urn', 'statue-of-isis'], []] });
    t.entomb(0, 'urn');
    t.play(0, 'burial-mask').choose(0, 'Statue of Isis (hand)');
    expect(t.tomb(0)).toEqual(['urn', 'statue-of-isis']);
    expect(t.hand(0)).toEqual([]);
    expect(t.inPlay(0)).toEqual(['burial-mask']);
  });

  it.each(['hand', 'discard pile'])(
    'leaves the normal entombing available after it (from the %s)',
    (from) => {
      const t = table({
        players: 2,
        hands: [['burial-mask', 'urn', ...(from === 'hand' ? ['statue-of-isis'] : [])], []],
        discards: [from === 'hand' ? [] : ['statue-of-isis'], []],
      });
      t.play(0, 'burial-mask').choose(0, `Statue of Isis (${from})`);
      t.entomb(0, 'urn');
      expect(t.tomb(0)).toEqual(['statue-of-isis', 'urn']);
    },
  );

  it('entombs a card searched from the discard pile, leaving the others in their order', () => {
    const t = table({
      players: 2,
      hands: [['burial-mask', 'urn'], []],
      discards: [['censer', 'statue-of-isis', 'chariot'], []],
    });
    t.play(0, 'burial-mask').choose(0, 'Statue of Isis (discard pile)');
    expect(t.tomb(0)).toEqual(['statue-of-isis']);
    expect(t.discard(0)).toEqual(['censer', 'chariot']);
    expect(t.hand(0)).toEqual(['urn']);
  });

  it('can be executed with an empty hand when the discard pile holds a card', () => {
    const t = table({ players: 2, hands: [['burial-mask'], []], discards: [['censer'], []] });
    expect(t.canPlay(0, 'burial-mask')).toBe(true);
    t.play(0, 'burial-mask');
    expect(t.options(0)).toEqual(['Censer (discard pile)']);
  });

  it('once begun, must be completed: no way out, and nothing else may be done meanwhile', () => {
    const t = table({
      players: 2,
      hands: [['burial-mask', 'urn'], []],
      discards: [['censer'], []],
    });
    t.play(0, 'burial-mask');
    expect(t.options(0)).not.toContain('Pass');
    expect(t.refused(0, { type: 'entomb', card: t.inHand(0, 'urn') })).toBe(
      'First answer the question you were asked.',
    );
    expect(t.refused(0, { type: 'end-turn', top: null })).toBe('First answer the question you were asked.');
  });

  it('cannot be executed with nothing in the hand or the discard pile', () => {
    const t = table({ players: 2, hands: [['burial-mask'], []], discards: [[], ['censer']] });
    expect(t.canPlay(0, 'burial-mask')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'burial-mask') })).toBe(
      'Burial Mask cannot be executed now: you need a card in your hand or discard pile.',
    );
  });
});
