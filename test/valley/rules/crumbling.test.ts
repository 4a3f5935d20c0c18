import { describe, expect, it } from 'vitest';
import { valley } from '../../../src/games/valley/index.ts';
import { Table } from '../table.ts';

// Slots: 0–2 base left/centre/right, 3–4 middle left/right, 5 top.
// Provisional costs used: Book of the Netherworld 3, Shabti 1, Chariot 4, Imseti 3, Wadj 3.
const PYRAMID = [
  'imseti-canopic-jar',
  'chariot',
  'wadj-amulet',
  'tyet-amulet',
  'statue-of-bastet',
  'heart-scarab-amulet',
];

describe('Crumbling Example (rulebook)', () => {
  it('bottom middle removed; the player chooses Statue of Bastet to fall; Heart Scarab Amulet crumbles into its space', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'shabti'], []],
      pyramid: PYRAMID,
    });
    t.buy(0, 1, ['book-of-the-netherworld', 'shabti']);
    expect(t.pyramid()[1]).toBeNull();
    expect(t.options(0)).toEqual(['Tyet Amulet (middle left)', 'Statue of Bastet (middle right)']);
    expect(t.prompt(0)).toMatch(/base centre/);
    t.choose(0, 'Statue of Bastet');
    expect(t.pyramid()).toEqual([
      'imseti-canopic-jar',
      'statue-of-bastet',
      'wadj-amulet',
      'tyet-amulet',
      'heart-scarab-amulet',
      null,
    ]);
  });

  it("choosing the other centre-row card makes the top card fall into that card's space instead", () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'shabti'], []],
      pyramid: PYRAMID,
    });
    t.buy(0, 1, ['book-of-the-netherworld', 'shabti']).choose(0, 'Tyet Amulet');
    expect(t.pyramid()).toEqual([
      'imseti-canopic-jar',
      'tyet-amulet',
      'wadj-amulet',
      'heart-scarab-amulet',
      'statue-of-bastet',
      null,
    ]);
  });
});

describe('"Whenever a card is removed from the pyramid … the pyramid immediately crumbles"', () => {
  it('"only the one card diagonally above": removing the base left lets the middle left fall, then the top (a chain)', () => {
    const t = Table.from({ players: 2, hands: [['book-of-the-netherworld'], []], pyramid: PYRAMID });
    t.buy(0, 0, ['book-of-the-netherworld']);
    expect(t.options(0)).toEqual([]);
    expect(t.pyramid()).toEqual([
      'tyet-amulet',
      'chariot',
      'wadj-amulet',
      'heart-scarab-amulet',
      'statue-of-bastet',
      null,
    ]);
  });

  it('removing the base right lets the middle right fall, then the top', () => {
    const t = Table.from({ players: 2, hands: [['book-of-the-netherworld'], []], pyramid: PYRAMID });
    t.buy(0, 2, ['book-of-the-netherworld']);
    expect(t.pyramid()).toEqual([
      'imseti-canopic-jar',
      'chariot',
      'statue-of-bastet',
      'tyet-amulet',
      'heart-scarab-amulet',
      null,
    ]);
  });

  it('at the base centre with only one middle card left, that card falls without a question', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'shabti'], []],
      pyramid: ['imseti-canopic-jar', 'chariot', 'wadj-amulet', null, 'statue-of-bastet', null],
    });
    t.buy(0, 1, ['book-of-the-netherworld', 'shabti']);
    expect(t.options(0)).toEqual([]);
    expect(t.waiting()).toBe('seat 0 to play');
    expect(t.pyramid()).toEqual(['imseti-canopic-jar', 'statue-of-bastet', 'wadj-amulet', null, null, null]);
  });

  it('a middle card removed (taken) is filled by the top card; the base does not move', () => {
    const t = Table.from({ players: 2, hands: [['statue-of-isis'], []], pyramid: PYRAMID });
    t.play(0, 'statue-of-isis').choose(0, 'Tyet Amulet (middle left)');
    expect(t.discard(0)).toEqual(['tyet-amulet']);
    expect(t.pyramid()).toEqual([
      'imseti-canopic-jar',
      'chariot',
      'wadj-amulet',
      'heart-scarab-amulet',
      'statue-of-bastet',
      null,
    ]);
  });

  it('"unless the card is removed from the top row": taking the top card makes nothing crumble', () => {
    const t = Table.from({ players: 2, hands: [['statue-of-isis'], []], pyramid: PYRAMID });
    t.play(0, 'statue-of-isis').choose(0, 'Heart Scarab Amulet (top)');
    expect(t.pyramid()).toEqual([...PYRAMID.slice(0, 5), null]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('with no card above, the emptied base slot stays empty (until the rebuild)', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld'], []],
      pyramid: ['imseti-canopic-jar', 'chariot', 'wadj-amulet', null, null, null],
    });
    t.buy(0, 0, ['book-of-the-netherworld']);
    expect(t.pyramid()).toEqual([null, 'chariot', 'wadj-amulet', null, null, null]);
  });

  it('the crumble choice must be made before anything else', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'shabti', 'urn'], []],
      pyramid: PYRAMID,
    });
    t.buy(0, 1, ['book-of-the-netherworld', 'shabti']);
    expect(t.refused(0, { type: 'entomb', card: t.inHand(0, 'urn') })).toBe(
      'First answer the question you were asked.',
    );
    expect(t.refused(1, { type: 'end-turn', top: null })).toMatch(
      /^The game is waiting: @0 is choosing how the pyramid crumbles/,
    );
    expect(valley.waitingFor(t.s)).toEqual([0]);
  });
});

describe('"you may choose which of the two cards fills the space": the choice belongs to the player who caused the crumble', () => {
  it("a Boat user who takes the base centre on the buyer's turn chooses, not the buyer", () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld'], ['boat']],
      pyramid: PYRAMID,
    });
    t.buy(0, 0, ['book-of-the-netherworld']);
    // After the buy: base left ← middle left ← top.
    t.choose(1, 'Discard Boat').choose(1, 'Chariot (base centre)');
    expect(t.options(0)).toEqual([]);
    expect(t.options(1)).toEqual(['Heart Scarab Amulet (middle left)', 'Statue of Bastet (middle right)']);
    expect(valley.waitingFor(t.s)).toEqual([1]);
    t.choose(1, 'Statue of Bastet');
    expect(t.pyramid()).toEqual([
      'tyet-amulet',
      'statue-of-bastet',
      'wadj-amulet',
      'heart-scarab-amulet',
      null,
      null,
    ]);
    expect(t.discard(1)).toEqual(['boat', 'chariot']);
  });

  it('the player who sacrifices the base centre in the rebuild chooses which card falls', () => {
    const t = Table.from({ players: 2, hands: [['urn'], []], pyramid: PYRAMID });
    t.endTurn(0).choose(0, 'Chariot (base centre)');
    expect(t.options(0)).toEqual(['Tyet Amulet (middle left)', 'Statue of Bastet (middle right)']);
    t.choose(0, 'Tyet Amulet');
    expect(t.pyramid()).toEqual([
      'imseti-canopic-jar',
      'tyet-amulet',
      'wadj-amulet',
      'heart-scarab-amulet',
      'statue-of-bastet',
      null,
    ]);
    expect(t.boneyard()).toEqual(['chariot']);
  });
});
