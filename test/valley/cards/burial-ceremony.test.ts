import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

describe('Burial Ceremony: entomb any number of starter cards from hand', () => {
  it('"Entomb any number of starter cards": one after another until the player stops', () => {
    const t = table({
      players: 2,
      hands: [['burial-ceremony', 'shabti', 'urn', 'shabti', 'statue-of-horus'], []],
    });
    t.play(0, 'burial-ceremony');
    expect(t.prompt(0)).toBe('Burial Ceremony: entomb which starter card from your hand?');
    // "The starter cards must come from your hand": only starters are offered, and no Stop before the first.
    expect(t.options(0)).toEqual(['Shabti', 'Urn']);
    t.choose(0, 'Shabti');
    expect(t.options(0)).toEqual(['Urn', 'Shabti', 'Stop']);
    t.choose(0, 'Urn').choose(0, 'Stop');
    expect(t.tomb(0)).toEqual(['shabti', 'urn']);
    expect(t.hand(0)).toEqual(['shabti', 'statue-of-horus']);
  });

  it('stops by itself when no starter is left, and leaves the once-per-turn entomb unused', () => {
    const t = table({ players: 2, hands: [['burial-ceremony', 'offering-table', 'statue-of-horus'], []] });
    t.play(0, 'burial-ceremony').choose(0, 'Offering Table');
    expect(t.waiting()).toBe('seat 0 to play');
    t.entomb(0, 'statue-of-horus');
    expect(t.tomb(0)).toEqual(['offering-table', 'statue-of-horus']);
  });

  it('cannot be executed without a starter card in hand', () => {
    const t = table({ players: 2, hands: [['burial-ceremony', 'statue-of-horus', 'boat'], []] });
    expect(t.canPlay(0, 'burial-ceremony')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'burial-ceremony') })).toBe(
      'Burial Ceremony cannot be executed now: you need a starter card in your hand.',
    );
  });
});
