import { describe, expect, it } from 'vitest';
import { baseCatalog } from '../../../src/games/valley/catalog.ts';
import { parseOptions, valley, waitingFor } from '../../../src/games/valley/index.ts';
import type { Instance, ValleyState } from '../../../src/games/valley/state.ts';

const ids = (s: ValleyState, cards: readonly Instance[]) => cards.map((c) => s.cards[c] as string);
const level = (s: ValleyState, c: Instance) => s.defs[s.cards[c] as string]?.level;
const counts = (list: readonly string[]) => {
  const m: Record<string, number> = {};
  for (const x of list) m[x] = (m[x] ?? 0) + 1;
  return m;
};
const copiesOfLevel = (l: number) =>
  baseCatalog.cards.filter((c) => c.level === l).reduce((n, c) => n + c.copies, 0);

describe('Components: 96 artifact cards (40 level I, 29 level II, 27 level III)', () => {
  it('the catalog holds 40 level I, 29 level II and 27 level III cards', () => {
    expect(copiesOfLevel(1)).toBe(40);
    expect(copiesOfLevel(2)).toBe(29);
    expect(copiesOfLevel(3)).toBe(27);
  });

  it('Card Levels: the level I cards are exactly the starter cards (Shabti, Urn, Box of Food, Offering Table)', () => {
    const levelI = baseCatalog.cards.filter((c) => c.level === 1).map((c) => c.id);
    const starters = baseCatalog.cards.filter((c) => c.kind === 'starter').map((c) => c.id);
    expect(levelI.sort()).toEqual(['box-of-food', 'offering-table', 'shabti', 'urn']);
    expect(starters.sort()).toEqual(levelI);
  });
});

describe.each([2, 3, 4])('Setup with %i players', (n) => {
  const s = valley.setup({ players: n }, `setup-${n}`);

  it('"give each player 4 Shabtis, 3 Urns, 2 Boxes of Food, and 1 Offering Table"', () => {
    expect(s.players).toHaveLength(n);
    for (const p of s.players)
      expect(counts(ids(s, [...p.hand, ...p.deck]))).toEqual({
        shabti: 4,
        urn: 3,
        'box-of-food': 2,
        'offering-table': 1,
      });
  });

  it('"return any remaining starter cards to the box": only 10 starters per player are in the game', () => {
    const starters = s.cards.filter((id) => s.defs[id]?.kind === 'starter');
    expect(starters).toHaveLength(10 * n);
    expect(s.cards).toHaveLength(10 * n + 29 + 27);
  });

  it('"draws 5 cards from his draw deck to form his hand": 5 in hand, 5 in the deck, nothing else', () => {
    for (const p of s.players) {
      expect(p.hand).toHaveLength(5);
      expect(p.deck).toHaveLength(5);
      expect(p.discard).toEqual([]);
      expect(p.tomb).toEqual([]);
      expect(p.play).toEqual([]);
    }
  });

  it('"Set Up Pyramid": 6 cards from the stock, face up, every slot filled', () => {
    expect(s.pyramid).toHaveLength(6);
    expect(s.pyramid.every((c) => c !== null)).toBe(true);
  });

  it('"Set Up Boneyard": 1 card from the stock', () => {
    expect(s.boneyard).toHaveLength(1);
  });

  it('"the stack of level II cards [is placed] on top of the stack of level III cards": 6 + 1 drawn are level II', () => {
    // 29 level II: 6 in the pyramid, 1 in the boneyard, 22 on top of the stock; the 27 level III below.
    expect(s.stock).toHaveLength(49);
    const fromTop = [...s.stock].reverse();
    expect(fromTop.slice(0, 22).map((c) => level(s, c))).toEqual(Array(22).fill(2));
    expect(fromTop.slice(22).map((c) => level(s, c))).toEqual(Array(27).fill(3));
    for (const c of s.pyramid) expect(level(s, c as Instance)).toBe(2);
    expect(level(s, s.boneyard[0] as Instance)).toBe(2);
  });

  it('every card of the game is in exactly one place', () => {
    const all = [
      ...s.players.flatMap((p) => [...p.hand, ...p.deck]),
      ...(s.pyramid as Instance[]),
      ...s.boneyard,
      ...s.stock,
    ].sort((a, b) => a - b);
    expect(all).toEqual(s.cards.map((_, i) => i));
  });

  it('the first player is waited for and nobody has taken a turn yet', () => {
    expect(s.turn.seat).toBe(s.firstSeat);
    expect(waitingFor(s)).toEqual([s.firstSeat]);
    expect(s.turnsTaken).toEqual(Array(n).fill(0));
  });
});

describe('Setup is shuffled and reproducible from the seed', () => {
  it('"Each player shuffles his 10 starter cards": the starting hands vary with the seed', () => {
    const hands = new Set<string>();
    for (let k = 0; k < 12; k++) {
      const s = valley.setup({ players: 2 }, `shuffle-${k}`);
      hands.add(JSON.stringify(ids(s, s.players[0]?.hand ?? []).sort()));
    }
    expect(hands.size).toBeGreaterThan(3);
  });

  it("each player's deck is shuffled separately (the two players' orders differ)", () => {
    const s = valley.setup({ players: 2 }, 'separate');
    const order = (seat: number) =>
      ids(s, [...(s.players[seat]?.deck ?? []), ...(s.players[seat]?.hand ?? [])]);
    expect(order(0)).not.toEqual(order(1));
  });

  it('"shuffle [the level II and level III cards]": the pyramid varies with the seed', () => {
    const pyramids = new Set<string>();
    for (let k = 0; k < 8; k++) {
      const s = valley.setup({ players: 3 }, `pyr-${k}`);
      pyramids.add(JSON.stringify(ids(s, s.pyramid as Instance[])));
    }
    expect(pyramids.size).toBe(8);
  });

  it('the same seed gives the same state; a different seed a different one', () => {
    const a = valley.setup({ players: 4 }, 'same');
    const b = valley.setup({ players: 4 }, 'same');
    const c = valley.setup({ players: 4 }, 'other');
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });

  it('the state is plain JSON: it survives a JSON round trip unchanged', () => {
    const s = valley.setup({ players: 3 }, 'json');
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe('"Determine Starting Player"', () => {
  it('without firstSeat, the starting seat is drawn from the seed and every seat can start', () => {
    const seats = new Set<number>();
    for (let k = 0; k < 40; k++) seats.add(valley.setup({ players: 4 }, `first-${k}`).firstSeat);
    expect([...seats].sort()).toEqual([0, 1, 2, 3]);
    const s = valley.setup({ players: 4 }, 'first-7');
    expect(valley.setup({ players: 4 }, 'first-7').firstSeat).toBe(s.firstSeat);
  });

  it('firstSeat chooses the starting seat', () => {
    for (const first of [0, 1, 2]) {
      const s = valley.setup({ players: 3, firstSeat: first }, 'fixed');
      expect(s.firstSeat).toBe(first);
      expect(s.turn.seat).toBe(first);
      expect(valley.waitingFor(s)).toEqual([first]);
    }
  });

  it('"For 2-4 players", six with the Premium Edition: other player counts and a firstSeat that is not a seat are refused', () => {
    expect(() => parseOptions({ players: 1 })).toThrow(/at least 2 players/);
    expect(() => parseOptions({ players: 7 })).toThrow(/at most 6 players/);
    expect(parseOptions({ players: 6 })).toEqual({ players: 6 });
    expect(() => parseOptions({ players: 3, firstSeat: 3 })).toThrow(/firstSeat is not a seat/);
    expect(() => valley.setup({ players: 2, firstSeat: 2 }, 'x')).toThrow(/firstSeat/);
  });
});
