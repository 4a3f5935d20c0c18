import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

// Slots: base left, base centre, base right, middle left, middle right, top.
const PYRAMID = ['urn', 'censer', 'chariot', 'ka-figurine', 'book-of-the-dead', 'statue-of-isis'];

describe('Pesesh-kef: take a card selected by the player to your left; you do the crumbling', () => {
  it('lets the player to the left choose any pyramid card, which its player takes onto their discard pile', () => {
    const t = table({
      players: 2,
      hands: [['pesesh-kef'], []],
      discards: [['shabti'], []],
      pyramid: PYRAMID,
    });
    t.play(0, 'pesesh-kef');
    expect(t.options(0)).toEqual([]);
    expect(t.prompt(1)).toBe('Pesesh-kef: choose the pyramid card @0 takes.');
    expect(t.options(1)).toEqual([
      'Urn (base left)',
      'Censer (base centre)',
      'Chariot (base right)',
      'Ka Figurine (middle left)',
      'Book of the Dead (middle right)',
      'Statue of Isis (top)',
    ]);
    expect(english(view(t.s, null).waiting.text)).toBe('@1 is choosing the card @0 takes (Pesesh-kef)');
    t.choose(1, 'Book of the Dead');
    expect(t.discard(0)).toEqual(['shabti', 'book-of-the-dead']);
    expect(t.discard(1)).toEqual([]);
    // The top falls into the middle right.
    expect(t.pyramid()).toEqual(['urn', 'censer', 'chariot', 'ka-figurine', 'statue-of-isis', null]);
    expect(t.inPlay(0)).toEqual(['pesesh-kef']);
    expect(t.s.turn.pyramidChanged).toBe(true);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('asks the next seat in turn order (play goes clockwise), wrapping around the table', () => {
    const t1 = table({ players: 3, seat: 1, hands: [[], ['pesesh-kef'], []], pyramid: PYRAMID });
    t1.play(1, 'pesesh-kef');
    expect(t1.options(0)).toEqual([]);
    expect(t1.options(2)).toHaveLength(6);
    t1.choose(2, 'Urn');
    expect(t1.discard(1)).toEqual(['urn']);

    const t2 = table({ players: 3, seat: 2, hands: [[], [], ['pesesh-kef']], pyramid: PYRAMID });
    t2.play(2, 'pesesh-kef');
    expect(t2.options(1)).toEqual([]);
    expect(t2.options(0)).toHaveLength(6);
    t2.choose(0, 'Urn');
    expect(t2.discard(2)).toEqual(['urn']);
  });

  it('gives the crumble choice to its player, not to the player who selected the card', () => {
    const t = table({ players: 2, hands: [['pesesh-kef'], []], pyramid: PYRAMID });
    t.play(0, 'pesesh-kef').choose(1, 'Censer (base centre)');
    expect(t.options(1)).toEqual([]);
    expect(t.options(0)).toEqual(['Ka Figurine (middle left)', 'Book of the Dead (middle right)']);
    t.choose(0, 'Ka Figurine');
    expect(t.pyramid()).toEqual([
      'urn',
      'ka-figurine',
      'chariot',
      'statue-of-isis',
      'book-of-the-dead',
      null,
    ]);
    expect(t.discard(0)).toEqual(['censer']);
  });

  it('names the chooser in the public log', () => {
    const t = table({ players: 2, hands: [['pesesh-kef'], []], pyramid: PYRAMID });
    t.play(0, 'pesesh-kef').choose(1, 'Statue of Isis');
    expect(t.log.map((e) => english(e.text))).toEqual([
      '@0 played Pesesh-kef for its action',
      '@0 took Statue of Isis from the pyramid (top) (Pesesh-kef, chosen by @1)',
    ]);
  });

  it('asks nothing when the pyramid holds a single card', () => {
    const t = table({
      players: 2,
      hands: [['pesesh-kef'], []],
      pyramid: [null, null, 'censer', null, null, null],
    });
    t.play(0, 'pesesh-kef');
    expect(t.discard(0)).toEqual(['censer']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('is a take, not a buy: no Boat window, and Offering Table is no answer', () => {
    const t = table({ players: 2, hands: [['pesesh-kef'], ['boat', 'offering-table']], pyramid: PYRAMID });
    t.play(0, 'pesesh-kef');
    expect(t.options(1)).toHaveLength(6);
    t.choose(1, 'Urn');
    expect(t.s.stack).toEqual([]);
    expect(t.hand(1)).toEqual(['boat', 'offering-table']);
  });

  it('cannot be executed when the pyramid is empty', () => {
    const t = table({ players: 2, hands: [['pesesh-kef'], []] });
    expect(t.canPlay(0, 'pesesh-kef')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'pesesh-kef') })).toBe(
      'Pesesh-kef cannot be executed now: the pyramid must hold a card.',
    );
  });
});
