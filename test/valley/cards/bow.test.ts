import { describe, expect, it } from 'vitest';
import { table } from './pinned-numbers.ts';

describe('Bow: take a set card of a set not in your tomb, and entomb it', () => {
  it('"Take a set card that is not of the same set as any card in your tomb and entomb it": from anywhere in the pyramid', () => {
    const t = table({
      players: 2,
      hands: [['bow'], []],
      tombs: [['statue-of-horus'], []],
      pyramid: ['statue-of-isis', 'boat', 'urn', 'book-of-the-dead', null, 'axe'],
    });
    t.play(0, 'bow');
    // Statues are in the tomb, Boat is unique, Urn a starter: only the book and the weapon qualify.
    expect(t.options(0)).toEqual(['Book of the Dead (middle left)', 'Axe (top)']);
    t.choose(0, 'Axe');
    expect(t.tomb(0)).toEqual(['statue-of-horus', 'axe']);
    expect(t.discard(0)).toEqual([]);
    expect(t.pyramid()[5]).toBeNull();
  });

  it('the pyramid crumbles after the take; the entombing does not use the once-per-turn entomb', () => {
    const t = table({
      players: 2,
      hands: [['bow', 'urn'], []],
      pyramid: ['dagger', 'urn', 'shabti', 'ring', 'antechamber', 'necklace'],
    });
    t.play(0, 'bow').choose(0, 'Dagger');
    expect(t.pyramid()).toEqual(['ring', 'urn', 'shabti', 'necklace', 'antechamber', null]);
    t.entomb(0, 'urn');
    expect(t.tomb(0)).toEqual(['dagger', 'urn']);
  });

  it('"Unique cards are not set cards and cannot be entombed with the Bow"', () => {
    const t = table({
      players: 2,
      hands: [['bow', 'urn'], []],
      pyramid: ['boat', 'senet-game', 'shabti', null, null, null],
    });
    expect(t.canPlay(0, 'bow')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'bow') })).toBe(
      'Bow cannot be executed now: the pyramid must hold a set card of a set that is not in your tomb.',
    );
  });

  it('"Jane has no weapons in her tomb. She can use the Bow to take a Sling": a weapon is refused once a weapon is entombed', () => {
    const t = table({
      players: 2,
      hands: [['bow'], []],
      tombs: [['dagger'], []],
      pyramid: ['axe', null, null, null, null, null],
    });
    expect(t.canPlay(0, 'bow')).toBe(false);
  });
});
