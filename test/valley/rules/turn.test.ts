import { describe, expect, it } from 'vitest';
import { valley } from '../../../src/games/valley/index.ts';
import { english, Table } from '../table.ts';
import { passTurn, refusal } from './helpers.ts';

// Provisional numbers used: Book of the Netherworld gold 3 (seed), Shabti/Urn gold 1 and cost 1,
// Imseti/Wadj/Tyet/Heart Scarab cost 3, Chariot cost 4.
const PYRAMID = [
  'imseti-canopic-jar',
  'chariot',
  'wadj-amulet',
  'tyet-amulet',
  'statue-of-bastet',
  'heart-scarab-amulet',
];
const FIVE = ['shabti', 'shabti', 'urn', 'urn', 'box-of-food'];

describe('Taking a Turn, step 1 "Play Cards"', () => {
  it('"Each card in your hand can be played for only one of these purposes": a card paid with cannot then be executed or entombed', () => {
    const t = Table.from({
      players: 2,
      hands: [['urn', 'book-of-the-netherworld', 'shabti'], []],
      discards: [['shabti']],
      pyramid: PYRAMID,
    });
    const urn = t.inHand(0, 'urn');
    t.buy(0, 0, ['book-of-the-netherworld']);
    const nether = t.s.players[0]?.play[0] as number;
    expect(t.refused(0, { type: 'play', card: nether })).toMatch(/not in your hand/);
    expect(t.refused(0, { type: 'entomb', card: nether })).toMatch(/not in your hand/);
    // The untouched Urn still has its three uses.
    expect(t.legal(0)).toContainEqual({ type: 'play', card: urn });
    expect(t.legal(0)).toContainEqual({ type: 'entomb', card: urn });
  });

  it('an entombed card can no longer pay or act', () => {
    const t = Table.from({ players: 2, hands: [['book-of-the-netherworld'], []], pyramid: PYRAMID });
    const nether = t.inHand(0, 'book-of-the-netherworld');
    t.entomb(0, 'book-of-the-netherworld');
    expect(t.refused(0, { type: 'buy', slot: 0, pay: [nether] })).toMatch(
      /^Payment: that card is not in your hand/,
    );
    expect(t.refused(0, { type: 'play', card: nether })).toMatch(/^Play: that card is not in your hand/);
  });

  it('"You may buy cards, execute actions, and entomb a card in any order": entomb, act, buy', () => {
    const t = Table.from({
      players: 2,
      hands: [['shabti', 'urn', 'book-of-the-netherworld'], []],
      discards: [['box-of-food']],
      pyramid: PYRAMID,
    });
    t.entomb(0, 'shabti').play(0, 'urn').buy(0, 0, ['book-of-the-netherworld']);
    expect(t.tomb(0)).toEqual(['shabti']);
    expect(t.deck(0)).toEqual(['box-of-food']);
    expect(t.discard(0)).toEqual(['imseti-canopic-jar']);
  });

  it('… or buy, act, entomb', () => {
    const t = Table.from({
      players: 2,
      hands: [['shabti', 'urn', 'book-of-the-netherworld'], []],
      discards: [['box-of-food']],
      pyramid: PYRAMID,
    });
    t.buy(0, 0, ['book-of-the-netherworld']).play(0, 'urn').entomb(0, 'shabti');
    expect(t.tomb(0)).toEqual(['shabti']);
    // Urn moved the top of the discard pile (the card just bought) onto the deck.
    expect(t.deck(0)).toEqual(['imseti-canopic-jar']);
    expect(t.discard(0)).toEqual(['box-of-food']);
  });
});

describe('Taking a Turn, step 2 "Discard"', () => {
  it('"discard all of your cards in play and all cards remaining in your hand … to your personal discard pile not the boneyard"', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'urn', 'box-of-food'], []],
      decks: [FIVE, FIVE],
      discards: [['offering-table']],
      pyramid: PYRAMID,
      boneyard: ['censer'],
    });
    t.buy(0, 0, ['book-of-the-netherworld']).endTurn(0);
    expect([...t.discard(0)].sort()).toEqual(
      ['book-of-the-netherworld', 'box-of-food', 'imseti-canopic-jar', 'offering-table', 'urn'].sort(),
    );
    expect(t.discard(0)[0]).toBe('offering-table');
    expect(t.inPlay(0)).toEqual([]);
    expect(t.boneyard()).toEqual(['censer']);
  });

  it('"Cards may be discarded in any order you wish": the player chooses the card left on top, from hand or from play', () => {
    const setup = () =>
      Table.from({
        players: 2,
        hands: [['book-of-the-netherworld', 'urn', 'box-of-food'], []],
        decks: [FIVE, FIVE],
        pyramid: PYRAMID,
      }).buy(0, 0, ['book-of-the-netherworld']);
    const tops = setup()
      .legal(0)
      .filter((a) => a.type === 'end-turn');
    expect(tops).toHaveLength(3);
    expect(setup().endTurn(0, 'urn').discard(0).at(-1)).toBe('urn');
    expect(setup().endTurn(0, 'box-of-food').discard(0).at(-1)).toBe('box-of-food');
    expect(setup().endTurn(0, 'book-of-the-netherworld').discard(0).at(-1)).toBe('book-of-the-netherworld');
  });

  it('the order beneath the top can be chosen too: a second Urn reads the card under the first', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'urn', 'box-of-food', 'shabti'], []],
      decks: [['urn', 'urn', 'shabti', 'shabti', 'shabti'], FIVE],
      pyramid: PYRAMID,
    }).buy(0, 0, ['book-of-the-netherworld']);
    const card = (id: string) => t.inHand(0, id);
    t.act(0, { type: 'end-turn', top: card('box-of-food'), beneath: [card('urn'), card('shabti')] });
    // Bottom → top: the bought card, the rest (played, then the hand's), the chosen cards, top last.
    expect(t.discard(0)).toEqual([
      'imseti-canopic-jar',
      'book-of-the-netherworld',
      'shabti',
      'urn',
      'box-of-food',
    ]);
  });

  it('an order that names a card twice, a card not the player’s, or cards beneath no top is refused', () => {
    const t = Table.from({
      players: 2,
      hands: [['urn', 'box-of-food', 'shabti'], ['shabti']],
      decks: [FIVE, FIVE],
      pyramid: PYRAMID,
    });
    const urn = t.inHand(0, 'urn');
    const food = t.inHand(0, 'box-of-food');
    expect(t.refused(0, { type: 'end-turn', top: urn, beneath: [urn] })).toMatch(/only one place/);
    expect(t.refused(0, { type: 'end-turn', top: urn, beneath: [t.inHand(1, 'shabti')] })).toMatch(
      /must be in your hand or in play/,
    );
    expect(t.refused(0, { type: 'end-turn', top: null, beneath: [food] })).toMatch(
      /top before the cards beneath/,
    );
  });

  it('how deep the order can matter: one card per Urn owned outside the tomb, one more with a Tyet Amulet', () => {
    const depth = (spec: Parameters<typeof Table.from>[0]) =>
      valley.view(Table.from(spec).s, 0).me?.orderDepth;
    const base = { players: 2, pyramid: PYRAMID } as const;
    expect(
      depth({ ...base, hands: [['urn', 'shabti'], []], decks: [['urn'], []], discards: [['urn']] }),
    ).toBe(3);
    expect(depth({ ...base, hands: [['urn', 'tyet-amulet'], []] })).toBe(2);
    expect(depth({ ...base, hands: [['shabti', 'tyet-amulet'], []], tombs: [['urn'], []] })).toBe(1);
    // Off turn nothing is asked of the player, so nothing is said.
    expect(valley.view(Table.from({ ...base, hands: [[], ['urn']] }).s, 1).me?.orderDepth).toBe(0);
  });
});

describe('Taking a Turn, step 3 "Rebuild Pyramid"', () => {
  it('"If you have made no changes whatsoever to the pyramid … sacrifice any card in the pyramid" (after the discard)', () => {
    const t = Table.from({
      players: 2,
      hands: [['urn', 'shabti'], []],
      decks: [FIVE, FIVE],
      pyramid: PYRAMID,
      stock: ['statue-of-anubis'],
    });
    t.endTurn(0);
    expect(t.options(0)).toEqual([
      'Imseti Canopic Jar (base left)',
      'Chariot (base centre)',
      'Wadj Amulet (base right)',
      'Tyet Amulet (middle left)',
      'Statue of Bastet (middle right)',
      'Heart Scarab Amulet (top)',
    ]);
    expect(t.prompt(0)).toMatch(/sacrifice/);
    // Step 2 is done before step 3: the hand is already on the discard pile; no new hand yet.
    expect(t.hand(0)).toEqual([]);
    expect(t.discard(0)).toEqual(['urn', 'shabti']);
    expect(valley.waitingFor(t.s)).toEqual([0]);
    t.choose(0, 'Wadj Amulet');
    // "putting the selected card on top of the boneyard. The pyramid will then crumble as normal."
    expect(t.boneyard()).toEqual(['wadj-amulet']);
    expect(t.pyramid()).toEqual([
      'imseti-canopic-jar',
      'chariot',
      'statue-of-bastet',
      'tyet-amulet',
      'heart-scarab-amulet',
      'statue-of-anubis',
    ]);
    expect(t.hand(0)).toHaveLength(5);
    expect(t.s.turn.seat).toBe(1);
  });

  it('the player to move is told, while it applies, that ending the turn now will ask for a sacrifice', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'shabti'], []],
      decks: [FIVE, FIVE],
      pyramid: PYRAMID,
      stock: ['statue-of-anubis'],
    });
    const warning = /if you end it now, you must sacrifice one of its cards/;
    expect(english(valley.view(t.s, 0).prompt)).toMatch(warning);
    expect(valley.view(t.s, 1).prompt).toBeNull(); // nobody else is told anything
    t.buy(0, 0, ['book-of-the-netherworld']);
    expect(english(valley.view(t.s, 0).prompt)).not.toMatch(warning);
  });

  it('taking the top card of the stock (Book of the Netherworld) is no change to the pyramid: the sacrifice is still owed', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld'], []],
      decks: [FIVE, FIVE],
      pyramid: PYRAMID,
      stock: ['statue-of-anubis', 'censer'],
    });
    t.play(0, 'book-of-the-netherworld').endTurn(0);
    expect(t.prompt(0)).toMatch(/did not change the pyramid/);
  });

  const changes: [string, (t: Table) => void][] = [
    ['a buy', (t) => t.buy(0, 0, ['book-of-the-netherworld'])],
    ['a take (Statue of Isis)', (t) => t.play(0, 'statue-of-isis').choose(0, 'Heart Scarab Amulet')],
    [
      'a swap (Shabti)',
      (t) => t.play(0, 'shabti').choose(0, 'Swap Imseti Canopic Jar (base left) with Chariot'),
    ],
    ['a sacrifice (Shabti)', (t) => t.play(0, 'shabti').choose(0, 'Sacrifice Heart Scarab Amulet')],
  ];
  it.each(changes)('after %s the pyramid was changed: no sacrifice, the turn passes', (_, change) => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'statue-of-isis', 'shabti'], []],
      decks: [FIVE, FIVE],
      pyramid: PYRAMID,
      stock: ['censer', 'statue-of-anubis'],
    });
    change(t);
    const boneyard = t.boneyard();
    t.endTurn(0);
    expect(t.options(0)).toEqual([]);
    expect(t.s.turn.seat).toBe(1);
    expect(t.boneyard()).toEqual(boneyard);
  });

  it('"replace cards removed from the pyramid with cards from the stock … one at a time … starting from the base up"', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld'], []],
      decks: [FIVE, FIVE],
      pyramid: ['imseti-canopic-jar', null, null, null, null, null],
      // Bottom → top: Tyet is the top card of the stock, so it is drawn first.
      stock: ['censer', 'chariot', 'wadj-amulet', 'statue-of-bastet', 'tyet-amulet'],
    });
    t.buy(0, 0, ['book-of-the-netherworld']).endTurn(0);
    // Five cards for six slots: the base first, then the middle; the top stays empty.
    expect(t.pyramid()).toEqual([
      'tyet-amulet',
      'statue-of-bastet',
      'wadj-amulet',
      'chariot',
      'censer',
      null,
    ]);
    expect(t.stock()).toEqual([]);
  });

  it('the refill takes only as many cards as there are empty spaces', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld'], []],
      decks: [FIVE, FIVE],
      pyramid: PYRAMID,
      stock: ['censer', 'chariot', 'statue-of-anubis'],
    });
    t.buy(0, 0, ['book-of-the-netherworld']).endTurn(0);
    expect(t.pyramid()[5]).toBe('statue-of-anubis');
    expect(t.stock()).toEqual(['censer', 'chariot']);
  });

  it('with an empty pyramid there is nothing to sacrifice: the turn simply ends', () => {
    const t = Table.from({ players: 2, hands: [['urn'], []], decks: [FIVE, FIVE], stock: ['censer'] });
    t.endTurn(0);
    expect(t.s.turn.seat).toBe(1);
    expect(t.pyramid()).toEqual(['censer', null, null, null, null, null]);
    expect(t.boneyard()).toEqual([]);
  });

  it('the rebuild sacrifice opens the Mummified Cat window for every other player, never the sacrificer', () => {
    const t = Table.from({
      players: 3,
      hands: [['urn', 'mummified-cat'], [], ['mummified-cat']],
      decks: [FIVE, FIVE, FIVE],
      pyramid: PYRAMID,
      stock: ['statue-of-anubis'],
    });
    t.endTurn(0).choose(0, 'Chariot').choose(0, 'Tyet Amulet');
    expect(valley.waitingFor(t.s).sort()).toEqual([1, 2]);
    expect(t.options(0)).toEqual([]);
    expect(t.options(1)).toEqual(['Pass']);
    expect(t.options(2)).toEqual(['Pass', 'Discard Mummified Cat and take Chariot']);
    t.pass(1).choose(2, 'Mummified Cat');
    expect(t.discard(2)).toEqual(['mummified-cat', 'chariot']);
    expect(t.boneyard()).toEqual([]);
    // The window closes before the refill and the new hand.
    expect(t.hand(0)).toHaveLength(5);
    expect(t.s.turn.seat).toBe(1);
  });
});

describe('Taking a Turn, step 4 "Draw New Hand"', () => {
  it('"Draw a new hand of 5 cards" from the top of the draw deck', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld'], []],
      decks: [['censer', 'chariot', 'shabti', 'urn', 'box-of-food', 'offering-table', 'wadj-amulet'], FIVE],
      pyramid: PYRAMID,
    });
    t.buy(0, 0, ['book-of-the-netherworld']).endTurn(0);
    expect(t.hand(0)).toEqual(['wadj-amulet', 'offering-table', 'box-of-food', 'urn', 'shabti']);
    expect(t.deck(0)).toEqual(['censer', 'chariot']);
    // The bought card went on the discard pile during the turn; the paid card joined it at the discard step.
    expect(t.discard(0)).toEqual(['imseti-canopic-jar', 'book-of-the-netherworld']);
  });

  it('"If at any time you are required to draw a card and your draw deck is empty, shuffle your discard pile to form a new deck"', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'urn'], []],
      decks: [['censer', 'chariot'], FIVE],
      discards: [['shabti', 'shabti', 'box-of-food', 'offering-table']],
      pyramid: PYRAMID,
    });
    t.buy(0, 0, ['book-of-the-netherworld']).endTurn(0);
    const hand = t.hand(0);
    expect(hand).toHaveLength(5);
    // The deck's two cards come first; the other three from the reshuffled discard pile.
    expect(hand.slice(0, 2)).toEqual(['chariot', 'censer']);
    expect(t.discard(0)).toEqual([]);
    expect(t.deck(0)).toHaveLength(4);
    expect([...hand.slice(2), ...t.deck(0)].sort()).toEqual(
      [
        'book-of-the-netherworld',
        'box-of-food',
        'imseti-canopic-jar',
        'offering-table',
        'shabti',
        'shabti',
        'urn',
      ].sort(),
    );
  });

  it('a player with fewer than 5 cards outside the tomb draws what there is', () => {
    const t = Table.from({
      players: 2,
      hands: [['urn', 'shabti'], []],
      decks: [['censer'], FIVE],
      tombs: [['shabti', 'shabti', 'urn', 'urn', 'box-of-food', 'box-of-food', 'offering-table']],
    });
    t.endTurn(0);
    expect([...t.hand(0)].sort()).toEqual(['censer', 'shabti', 'urn']);
    expect(t.deck(0)).toEqual([]);
    expect(t.discard(0)).toEqual([]);
    expect(t.s.turn.seat).toBe(1);
  });

  it('the discard pile is not shuffled in while the deck still holds enough cards', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld'], []],
      decks: [FIVE, FIVE],
      pyramid: PYRAMID,
    });
    t.buy(0, 0, ['book-of-the-netherworld']).endTurn(0);
    expect(t.deck(0)).toEqual([]);
    // The bought card went on the discard pile during the turn; the paid card joined it at the discard step.
    expect(t.discard(0)).toEqual(['imseti-canopic-jar', 'book-of-the-netherworld']);
  });

  it('the reshuffle follows the seeded generator: the same position gives the same new hand', () => {
    const run = (seed: string) =>
      Table.from({
        players: 2,
        seed,
        hands: [['book-of-the-netherworld'], []],
        discards: [['shabti', 'urn', 'box-of-food', 'offering-table', 'censer', 'chariot', 'wadj-amulet']],
        pyramid: PYRAMID,
      })
        .buy(0, 0, ['book-of-the-netherworld'])
        .endTurn(0)
        .hand(0);
    expect(run('a')).toEqual(run('a'));
    const hands = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => run(seed).join()));
    expect(hands.size).toBeGreaterThan(1);
  });
});

describe('How to Play: "play continues clockwise around the table"', () => {
  it('with 3 players the turn passes 0 → 1 → 2 → 0, and waitingFor names the seat to move', () => {
    const t = Table.from({
      players: 3,
      hands: [['urn'], ['urn'], ['urn']],
      decks: [FIVE, FIVE, FIVE],
      pyramid: [null, null, null, null, null, 'censer'],
      stock: ['chariot', 'wadj-amulet', 'tyet-amulet', 'statue-of-bastet'],
    });
    const seen: number[] = [];
    for (let k = 0; k < 4; k++) {
      const seat = t.s.turn.seat;
      seen.push(seat);
      expect(valley.waitingFor(t.s)).toEqual([seat]);
      expect(t.waiting()).toBe(`seat ${seat} to play`);
      passTurn(t);
    }
    expect(seen).toEqual([0, 1, 2, 0]);
    expect(t.s.turnsTaken).toEqual([2, 1, 1]);
    expect(t.s.turn.number).toBe(4);
  });

  it('from the last seat the turn goes back to seat 0 (seat + 1 mod n), also after a random start', () => {
    const s = valley.setup({ players: 4, firstSeat: 3 }, 'wrap');
    const t = new Table(s);
    passTurn(t);
    expect(t.s.turn.seat).toBe(0);
  });

  it('a seat that is not to move gets not-your-turn for every kind of action', () => {
    const t = Table.from({
      players: 3,
      hands: [['urn'], ['book-of-the-netherworld', 'urn'], []],
      discards: [[], ['shabti']],
      pyramid: PYRAMID,
    });
    const urn = t.inHand(1, 'urn');
    const nether = t.inHand(1, 'book-of-the-netherworld');
    for (const action of [
      { type: 'buy', slot: 0, pay: [nether] },
      { type: 'play', card: urn },
      { type: 'entomb', card: urn },
      { type: 'end-turn', top: null },
    ])
      expect(refusal(t, 1, action)).toEqual({ code: 'not-your-turn', message: 'It is not your turn.' });
    expect(refusal(t, 2, { type: 'end-turn', top: null }).code).toBe('not-your-turn');
    expect(t.legal(1)).toEqual([]);
  });

  it('"After you have completed each step, the next player … takes his turn": not while the rebuild is owed', () => {
    const t = Table.from({ players: 2, hands: [['urn'], ['urn']], pyramid: PYRAMID });
    t.endTurn(0);
    expect(t.s.turn.seat).toBe(0);
    expect(refusal(t, 1, { type: 'entomb', card: t.inHand(1, 'urn') }).code).toBe('waiting');
    t.choose(0, '(top)');
    expect(t.s.turn.seat).toBe(1);
  });
});
