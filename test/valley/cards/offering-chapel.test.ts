import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

describe('Offering Chapel: each player may entomb the top card of their discard pile', () => {
  it('"Each player may entomb the top card of their discard pile": everyone answers, each as they choose', () => {
    const t = table({
      players: 3,
      hands: [['offering-chapel'], [], []],
      discards: [['urn', 'statue-of-horus'], ['boat'], ['shabti']],
    });
    t.play(0, 'offering-chapel');
    expect(t.options(0)).toEqual(['Entomb Statue of Horus', 'Pass']);
    expect(t.options(1)).toEqual(['Entomb Boat', 'Pass']);
    expect(t.options(2)).toEqual(['Entomb Shabti', 'Pass']);
    t.choose(1, 'Entomb Boat').choose(2, 'Pass');
    expect(t.tomb(1)).toEqual([]);
    t.choose(0, 'Entomb Statue of Horus');
    expect(t.tomb(0)).toEqual(['statue-of-horus']);
    expect(t.tomb(1)).toEqual(['boat']);
    expect(t.tomb(2)).toEqual([]);
    expect(t.discard(0)).toEqual(['urn']);
  });

  it('"Players with empty discard piles do not participate in this action"', () => {
    const t = table({ players: 3, hands: [['offering-chapel'], [], []], discards: [[], ['boat'], []] });
    t.play(0, 'offering-chapel');
    expect(t.options(0)).toEqual([]);
    expect(t.options(2)).toEqual([]);
    t.choose(1, 'Entomb Boat');
    expect(t.tomb(1)).toEqual(['boat']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('does not count toward the once-per-turn entomb of the player of the Chapel', () => {
    const t = table({ players: 2, hands: [['offering-chapel', 'urn'], []], discards: [['shabti'], []] });
    t.play(0, 'offering-chapel').choose(0, 'Entomb Shabti');
    t.entomb(0, 'urn');
    expect(t.tomb(0)).toEqual(['shabti', 'urn']);
  });

  it('cannot be executed when every discard pile is empty', () => {
    const t = table({ players: 2, hands: [['offering-chapel', 'urn'], []] });
    expect(t.canPlay(0, 'offering-chapel')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'offering-chapel') })).toBe(
      'Offering Chapel cannot be executed now: a player must have a card in their discard pile.',
    );
  });
});
