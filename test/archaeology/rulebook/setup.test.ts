import { describe, expect, it } from 'vitest';
import { TREASURES } from '../../../src/games/archaeology/catalog.ts';
import { archaeology } from '../../../src/games/archaeology/index.ts';
import { conservationError } from '../../../src/games/archaeology/invariants.ts';
import type { ArchaeologyState, Instance } from '../../../src/games/archaeology/state.ts';

/** Rulebook, "Game Contents" and "Setting Up the Game", steps 1 to 6, and "Starting The Game". */
const kinds = (s: ArchaeologyState, zone: readonly Instance[]) => zone.map((c) => s.cards[c]);
const count = (s: ArchaeologyState, zone: readonly Instance[], kind: string) =>
  zone.filter((c) => s.cards[c] === kind).length;
/** The state before the first player's dig: undo it (the top of the dig site went to a hand or a pile). */
const fresh = (players: number, seed = 'setup') => archaeology.setup({ players, firstSeat: 0 }, seed);

describe('game contents', () => {
  it('72 treasure cards (18 pot shards, 16 parchment scraps, 14 coins, 8 talismans, 6 broken cups, 6 maps, 4 masks), 8 thieves, 6 sandstorms, 1 pyramid', () => {
    const s = fresh(2);
    const all = s.cards.map((_, i) => i);
    expect(Object.fromEntries(TREASURES.map((k) => [k, count(s, all, k)]))).toEqual({
      parchment: 16,
      'pot-shard': 18,
      coin: 14,
      'broken-cup': 6,
      talisman: 8,
      mask: 4,
      map: 6,
    });
    expect(count(s, all, 'thief')).toBe(8);
    expect(count(s, all, 'sandstorm')).toBe(6);
    expect(count(s, all, 'pyramid')).toBe(1);
    expect(s.cards).toHaveLength(87);
  });
});

describe('setting up', () => {
  it('2. deals 4 cards face down to each player (the first player has then dug a fifth card, or met a thief or sandstorm)', () => {
    for (const players of [2, 3, 4]) {
      const s = fresh(players, `deal-${players}`);
      for (let seat = 1; seat < players; seat++) expect(s.hands[seat]).toHaveLength(4);
      const dugTreasure = s.thieves.length === 0 && s.sandstorms.length === 0;
      if (dugTreasure) expect(s.hands[0]).toHaveLength(5);
    }
  });

  it('1, 2, 3, 4. hands, marketplace and chambers are dealt from the treasures without thieves, sandstorms or maps', () => {
    for (let g = 0; g < 30; g++) {
      const s = fresh(2 + (g % 3), `no-maps-${g}`);
      // The first player's dig may have brought a map into their hand: look at the other hands.
      const dealt = [
        ...s.hands.slice(1).flat(),
        ...s.market,
        ...(s.chambers.small ?? []),
        ...(s.chambers.medium ?? []),
        ...(s.chambers.large ?? []),
      ];
      for (const k of kinds(s, dealt)) expect(['map', 'thief', 'sandstorm', 'pyramid']).not.toContain(k);
    }
  });

  it('3. deals 5 cards face up to the marketplace', () => {
    const s = fresh(3);
    // A sandstorm on the first dig would add to it; this seed has none.
    expect(s.sandstorms).toHaveLength(0);
    expect(s.market).toHaveLength(5);
    const v = archaeology.view(s, null);
    expect(Object.values(v.market).reduce((a, b) => a + (b ?? 0), 0)).toBe(5);
  });

  it('4. places 3, 5 and 7 cards face down in the small, medium and large chambers', () => {
    const s = fresh(4);
    expect([s.chambers.small?.length, s.chambers.medium?.length, s.chambers.large?.length]).toEqual([
      3, 5, 7,
    ]);
    // Face down: the public view counts them and names none.
    expect(archaeology.view(s, null).chambers.map((c) => [c.id, c.cards, c.maps])).toEqual([
      ['small', 3, 1],
      ['medium', 5, 2],
      ['large', 7, 3],
    ]);
  });

  it('5. returns no sandstorm with 2 players, 1 with 3 players and 2 with 4 players to the box', () => {
    for (const [players, returned] of [
      [2, 0],
      [3, 1],
      [4, 2],
    ] as const) {
      const s = fresh(players, `storms-${players}`);
      const all = s.cards.map((_, i) => i);
      expect(count(s, s.out, 'sandstorm')).toBe(returned);
      expect(count(s, [...s.dig, ...s.sandstorms], 'sandstorm')).toBe(6 - returned);
      expect(count(s, all, 'sandstorm')).toBe(6);
    }
  });

  it('6. the dig site is the rest of the deck with the remaining sandstorms, the 8 thieves and the 6 maps shuffled in', () => {
    const s = fresh(2, 'dig-site');
    const inPlay = [...s.dig, ...s.thieves, ...s.sandstorms, ...s.hands[0]!];
    expect(count(s, inPlay, 'thief')).toBe(8);
    expect(count(s, inPlay, 'map')).toBe(6);
    // 72 - 6 maps - 8 in hands - 5 marketplace - 15 chambers = 38 treasures, + 6 sandstorms + 8 thieves + 6 maps.
    expect(s.dig.length + 1).toBe(38 + 6 + 8 + 6);
    // Shuffled: the maps and thieves are not all at one end of the pile.
    const positions = s.dig.flatMap((c, i) => (s.cards[c] === 'map' || s.cards[c] === 'thief' ? [i] : []));
    expect(Math.max(...positions) - Math.min(...positions)).toBeGreaterThan(20);
    expect(conservationError(s)).toBeNull();
  });

  it('differs from seed to seed, and is the same for the same seed', () => {
    const a = archaeology.setup({ players: 3 }, 'same');
    expect(archaeology.setup({ players: 3 }, 'same')).toEqual(a);
    expect(archaeology.setup({ players: 3 }, 'other').dig).not.toEqual(a.dig);
  });
});

describe('starting the game', () => {
  it('the starting player is chosen randomly, and the lobby may fix it', () => {
    const firsts = new Set<number>();
    for (let g = 0; g < 40; g++) firsts.add(archaeology.setup({ players: 4 }, `first-${g}`).firstSeat);
    expect([...firsts].sort()).toEqual([0, 1, 2, 3]);
    expect(archaeology.setup({ players: 4, firstSeat: 2 }, 'x').turn.seat).toBe(2);
  });

  it('refuses 1 or 5 players: the game is for 2-4', () => {
    expect(() => archaeology.setup({ players: 1 }, 'x')).toThrow(/at least 2 players/);
    expect(() => archaeology.setup({ players: 5 }, 'x')).toThrow(/at most 4 players/);
    expect(() => archaeology.parseOptions({ players: 3, firstSeat: 3 })).toThrow(/firstSeat is not a seat/);
  });
});
