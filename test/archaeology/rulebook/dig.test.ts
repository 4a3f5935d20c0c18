import { describe, expect, it } from 'vitest';
import { waitingFor } from '../../../src/games/archaeology/index.ts';
import { conservationError } from '../../../src/games/archaeology/invariants.ts';
import { view } from '../../../src/games/archaeology/view.ts';
import { countsOf } from '../../../src/games/archaeology/zones.ts';
import { seedRng } from '../../../src/games/kernel/rng.ts';
import { act, logOf, position, refusal, sentencesOf } from '../helpers.ts';

/** Rulebook, "1. Dig for treasure": treasures, thieves and sandstorms. */

/** Seat `last` ends its turn, so that the next seat digs the top card of `dig` (top card last). */
function digNext(p: Parameters<typeof position>[0], last: number) {
  return act(position({ ...p, seat: last }), last, { type: 'end' });
}

describe('digging a treasure', () => {
  it('at the start of the turn the player must dig: the top card of the dig site', () => {
    const s = digNext({ hands: [{ coin: 1 }, { coin: 1 }], dig: ['parchment', 'talisman'] }, 1);
    expect(s.turn.seat).toBe(0);
    expect(s.turn.dug).toBe(true);
    expect(s.dig).toHaveLength(1);
    expect(countsOf(s, s.hands[0] ?? [])).toEqual({ coin: 1, talisman: 1 });
  });

  it('the treasure is added to the hand without being revealed to the other players', () => {
    const s = digNext({ hands: [{ coin: 1 }, { coin: 1 }], dig: ['mask'] }, 1);
    expect(view(s, 0).me?.hand).toEqual({ coin: 1, mask: 1 });
    expect(view(s, 1).seats[0]?.handSize).toBe(2);
    expect(JSON.stringify(logOf(s, 1))).not.toMatch(/Mask/);
    // The view's data, and every sentence in it as the players read it.
    expect(JSON.stringify(view(s, null))).not.toMatch(/Mask|#mask|\.mask\b/);
    expect(sentencesOf(s, null)).not.toMatch(/Mask/);
  });

  it('a player may have any number of cards in hand', () => {
    const s = digNext(
      { hands: [{ parchment: 10, 'pot-shard': 10, coin: 6 }, { coin: 1 }], dig: ['coin'] },
      1,
    );
    expect(s.hands[0]).toHaveLength(27);
    expect(waitingFor(s)).toEqual([0]);
  });
});

describe('digging a thief', () => {
  it('the thief is discarded face up, so everyone can count the thieves left', () => {
    const s = digNext({ hands: [{ coin: 1 }, { talisman: 1 }], dig: ['thief'] }, 1);
    expect(s.thieves).toHaveLength(1);
    expect(view(s, null).thieves).toEqual({ drawn: 1, total: 8 });
    expect(conservationError(s)).toBeNull();
  });

  it('the drawer chooses an opponent to steal from and takes one of their cards unseen', () => {
    const s = digNext({ hands: [{ coin: 1 }, { talisman: 1 }, { mask: 2 }], dig: ['thief'] }, 2);
    expect(waitingFor(s)).toEqual([0]);
    expect(view(s, 0).me?.steal).toEqual([1, 2]);
    expect(refusal(s, 0, { type: 'end' }).code).toBe('thief-first');
    expect(refusal(s, 1, { type: 'steal', from: 2 }).code).toBe('not-your-decision');
    const robbed = act(s, 0, { type: 'steal', from: 2 });
    expect(countsOf(robbed, robbed.hands[0] ?? [])).toEqual({ coin: 1, mask: 1 });
    expect(robbed.hands[2]).toHaveLength(1);
    expect(robbed.pending).toBeNull();
    // The turn goes on: the thief was the dig.
    expect(waitingFor(robbed)).toEqual([0]);
  });

  it('only an opponent with cards can be robbed; with one such opponent the theft is automatic', () => {
    const s = digNext({ hands: [{ coin: 1 }, {}, { mask: 1 }], dig: ['thief'] }, 2);
    expect(s.pending).toBeNull();
    expect(countsOf(s, s.hands[0] ?? [])).toEqual({ coin: 1, mask: 1 });
    const two = digNext({ hands: [{ coin: 1 }, {}, { mask: 1 }, { talisman: 1 }], dig: ['thief'] }, 3);
    expect(two.pending).toMatchObject({ type: 'thief', targets: [2, 3] });
    expect(refusal(two, 0, { type: 'steal', from: 1 }).code).toBe('bad-target');
    expect(refusal(two, 0, { type: 'steal', from: 0 }).code).toBe('bad-target');
  });

  it('the card taken is random: over many seeds every card of the victim’s hand is taken sometime', () => {
    const taken = new Set<string>();
    for (let g = 0; g < 40; g++) {
      const p = position({ hands: [{ coin: 1 }, { talisman: 1, mask: 1, map: 1 }], dig: ['thief'], seat: 1 });
      p.rng = seedRng(`steal-${g}`);
      const s = act(p, 1, { type: 'end' });
      const mine = countsOf(s, s.hands[0] ?? []);
      for (const k of ['talisman', 'mask', 'map'] as const) if (mine[k]) taken.add(k);
    }
    expect([...taken].sort()).toEqual(['map', 'mask', 'talisman']);
  });

  it('if no opponents have cards, nothing is stolen and the thief is simply discarded', () => {
    const s = digNext({ hands: [{ coin: 1 }, {}, {}], dig: ['thief'] }, 2);
    expect(s.pending).toBeNull();
    expect(s.thieves).toHaveLength(1);
    expect(s.hands.map((h) => h.length)).toEqual([1, 0, 0]);
    expect(logOf(s, null).at(-1)).toMatch(/nothing/);
  });
});

describe('digging a sandstorm', () => {
  const storm = () =>
    digNext(
      {
        hands: [{ coin: 6 }, { parchment: 3, talisman: 2 }, { mask: 3 }, { map: 1 }],
        dig: ['talisman', 'sandstorm'],
      },
      3,
    );

  it('the sandstorm is discarded face up, so everyone can count those left', () => {
    const s = storm();
    expect(s.sandstorms).toHaveLength(1);
    expect(view(s, null).sandstorms.drawn).toBe(1);
  });

  it('each player must discard half of their cards, rounded down (1 card: nothing)', () => {
    const s = storm();
    expect(s.pending).toMatchObject({ type: 'sandstorm', drawer: 0, owed: [3, 2, 1, 0] });
    expect(waitingFor(s)).toEqual([0, 1, 2]);
    expect(view(s, null).seats.map((x) => x.owes)).toEqual([3, 2, 1, null]);
  });

  it('players choose which cards they lose, no more than they owe', () => {
    const s = storm();
    expect(refusal(s, 1, { type: 'discard', cards: { parchment: 3 } }).code).toBe('too-many');
    expect(refusal(s, 1, { type: 'discard', cards: { mask: 1 } }).code).toBe('not-held');
    expect(refusal(s, 3, { type: 'discard', cards: { map: 1 } }).code).toBe('not-your-decision');
    expect(refusal(s, 0, { type: 'end' }).code).toBe('sandstorm-first');
    const chosen = act(s, 1, { type: 'discard', cards: { parchment: 1, talisman: 1 } });
    expect(countsOf(chosen, chosen.hands[1] ?? [])).toEqual({ parchment: 2, talisman: 1 });
  });

  it('the lost cards go to the marketplace, starting with the drawer and moving clockwise, once all have chosen', () => {
    let s = storm();
    const before = s.market.length;
    // Answered out of order: the marketplace waits for everyone.
    s = act(s, 2, { type: 'discard', cards: { mask: 1 } });
    s = act(s, 1, { type: 'discard', cards: { parchment: 2 } });
    expect(s.market).toHaveLength(before);
    s = act(s, 0, { type: 'discard', cards: { coin: 3 } });
    expect(s.pending).toBeNull();
    const added = s.market.slice(before).map((c) => s.cards[c]);
    expect(added).toEqual(['coin', 'coin', 'coin', 'parchment', 'parchment', 'mask']);
    expect(conservationError(s)).toBeNull();
  });

  it('the drawer’s losses come first even when the drawer is not the first seat', () => {
    let s = digNext(
      { hands: [{ coin: 2 }, { parchment: 2 }, { mask: 2 }], dig: ['talisman', 'sandstorm'] },
      1,
    );
    expect(s.pending).toMatchObject({ type: 'sandstorm', drawer: 2 });
    const before = s.market.length;
    for (const [seat, kind] of [
      [0, 'coin'],
      [1, 'parchment'],
      [2, 'mask'],
    ] as const)
      s = act(s, seat, { type: 'discard', cards: { [kind]: 1 } });
    expect(s.market.slice(before).map((c) => s.cards[c])).toEqual(['mask', 'coin', 'parchment']);
  });

  it('a player may choose in several goes', () => {
    let s = storm();
    s = act(s, 0, { type: 'discard', cards: { coin: 1 } });
    expect(s.pending?.type === 'sandstorm' && s.pending.owed[0]).toBe(2);
    expect(waitingFor(s)).toContain(0);
    s = act(s, 0, { type: 'discard', cards: { coin: 2 } });
    expect(waitingFor(s)).not.toContain(0);
  });

  it('when all players have discarded, the drawer restarts the turn by digging again', () => {
    let s = storm();
    s = act(s, 0, { type: 'discard', cards: { coin: 3 } });
    s = act(s, 1, { type: 'discard', cards: { parchment: 2 } });
    s = act(s, 2, { type: 'discard', cards: { mask: 1 } });
    expect(s.turn.seat).toBe(0);
    expect(s.dig).toEqual([]);
    expect(countsOf(s, s.hands[0] ?? [])).toEqual({ coin: 3, talisman: 1 });
  });

  it('a second sandstorm dug again blows at once; with nobody owing anything the drawer just digs again', () => {
    const s = digNext(
      { hands: [{ coin: 1 }, { parchment: 1 }], dig: ['talisman', 'sandstorm', 'sandstorm'] },
      1,
    );
    expect(s.pending).toBeNull();
    expect(s.sandstorms).toHaveLength(2);
    expect(countsOf(s, s.hands[0] ?? [])).toEqual({ coin: 1, talisman: 1 });
  });

  it('sold treasures cannot be lost in a sandstorm', () => {
    let s = position({ hands: [{ talisman: 4 }, { coin: 1 }], dig: ['sandstorm'], seat: 1 });
    s.turn.seat = 0;
    s = act(s, 0, { type: 'sell', kind: 'talisman', count: 4 });
    s = act(s, 0, { type: 'end' });
    s = act(s, 1, { type: 'end' });
    expect(s.sandstorms).toHaveLength(1);
    expect(s.sold[0]?.[0]?.cards).toHaveLength(4);
    expect(s.pending).toBeNull();
  });
});
