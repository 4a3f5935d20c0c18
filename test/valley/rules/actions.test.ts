import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { Table } from '../table.ts';
import { passTurn } from './helpers.ts';

// Provisional numbers used: Urn/Shabti gold 1 and cost 1, Statue of Thoth gold 1, Wadj Amulet cost 3,
// Censer cost 4, Statue of Osiris cost 6, Imseti Canopic Jar cost 3, Chariot cost 4.
const PYRAMID = ['wadj-amulet', 'censer', 'chariot', 'imseti-canopic-jar', 'statue-of-bastet', 'tyet-amulet'];
const FIVE = ['shabti', 'shabti', 'urn', 'urn', 'box-of-food'];

describe('Executing Actions: "you must complete all parts … in order, completing one part before you move on"', () => {
  it('Hapi Canopic Jar: the discard is chosen first, and only then is the lowest-cost card taken', () => {
    const t = Table.from({
      players: 2,
      hands: [['hapi-canopic-jar', 'urn', 'shabti'], []],
      pyramid: PYRAMID,
    });
    t.play(0, 'hapi-canopic-jar');
    expect(t.prompt(0)).toMatch(/discard a card/);
    expect(t.options(0)).toEqual(['Urn', 'Shabti']);
    expect(t.pyramid()).toEqual(PYRAMID);
    t.choose(0, 'Urn');
    // The discard is done before the take is chosen among the cheapest cards (cost 3).
    expect(t.discard(0)).toEqual(['urn']);
    expect(t.options(0)).toEqual([
      'Wadj Amulet (base left)',
      'Imseti Canopic Jar (middle left)',
      'Tyet Amulet (top)',
    ]);
    t.choose(0, 'Wadj Amulet');
    expect(t.discard(0)).toEqual(['urn', 'wadj-amulet']);
    expect(t.hand(0)).toEqual(['shabti']);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('Statue of Osiris: the card is discarded before the 3 cards are drawn', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-osiris', 'urn'], []],
      decks: [['censer', 'chariot', 'shabti', 'box-of-food'], []],
    });
    t.play(0, 'statue-of-osiris');
    expect(t.hand(0)).toEqual(['urn']);
    expect(t.deck(0)).toHaveLength(4);
    t.choose(0, 'Urn');
    expect(t.hand(0)).toEqual(['box-of-food', 'shabti', 'chariot']);
    expect(t.discard(0)).toEqual(['urn']);
  });

  it('"You must complete all the action parts on a card before doing anything else"', () => {
    const t = Table.from({
      players: 2,
      hands: [['hapi-canopic-jar', 'urn', 'shabti', 'book-of-the-netherworld'], ['urn']],
      discards: [['box-of-food']],
      pyramid: PYRAMID,
    });
    t.play(0, 'hapi-canopic-jar');
    const first = 'First answer the question you were asked.';
    expect(t.refused(0, { type: 'buy', slot: 0, pay: [t.inHand(0, 'book-of-the-netherworld')] })).toBe(first);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'urn') })).toBe(first);
    expect(t.refused(0, { type: 'entomb', card: t.inHand(0, 'shabti') })).toBe(first);
    expect(t.refused(0, { type: 'end-turn', top: null })).toBe(first);
    expect(t.legal(0).every((a) => a.type === 'answer')).toBe(true);
    expect(t.legal(1)).toEqual([]);
  });
});

describe('Executing Actions: "If one of the parts cannot be executed … you may not execute the action"', () => {
  it('Hapi Canopic Jar with no other card to discard cannot be executed, though a card could be taken', () => {
    const t = Table.from({ players: 2, hands: [['hapi-canopic-jar'], []], pyramid: PYRAMID });
    expect(t.canPlay(0, 'hapi-canopic-jar')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'hapi-canopic-jar') })).toBe(
      'Hapi Canopic Jar cannot be executed now: you need a card in hand and the pyramid must hold a card.',
    );
  });

  it('Hapi Canopic Jar with an empty pyramid cannot be executed: nothing is discarded for a take that cannot happen', () => {
    const t = Table.from({ players: 2, hands: [['hapi-canopic-jar', 'urn'], []] });
    expect(t.canPlay(0, 'hapi-canopic-jar')).toBe(false);
    t.refused(0, { type: 'play', card: t.inHand(0, 'hapi-canopic-jar') });
    expect(t.hand(0)).toEqual(['hapi-canopic-jar', 'urn']);
    expect(t.discard(0)).toEqual([]);
  });

  it('an Urn with an empty discard pile cannot be executed, but it can still pay or be entombed', () => {
    const t = Table.from({
      players: 2,
      hands: [['urn'], []],
      pyramid: ['shabti', null, null, null, null, null],
    });
    const urn = t.inHand(0, 'urn');
    expect(t.refused(0, { type: 'play', card: urn })).toMatch(/discard pile must hold a card/);
    expect(t.legal(0)).toContainEqual({ type: 'entomb', card: urn });
    expect(t.legal(0)).toContainEqual({ type: 'buy', slot: 0, pay: [urn] });
  });

  it("a reaction card has no action to execute on one's own turn", () => {
    const t = Table.from({ players: 2, hands: [['boat', 'mummified-cat', 'offering-table'], []] });
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'boat') })).toMatch(/it is a reaction/);
    expect(t.canPlay(0, 'mummified-cat')).toBe(false);
    expect(t.canPlay(0, 'offering-table')).toBe(false);
  });
});

describe('Executing Actions: using cards', () => {
  it('"You may execute any number of actions during your turn"', () => {
    const t = Table.from({
      players: 2,
      hands: [['urn', 'urn', 'urn'], []],
      discards: [['shabti', 'censer', 'chariot']],
    });
    t.play(0, 'urn').play(0, 'urn').play(0, 'urn');
    expect(t.deck(0)).toEqual(['chariot', 'censer', 'shabti']);
    expect(t.s.turn.executed).toEqual(['urn', 'urn', 'urn']);
  });

  it('"When a card [is] played for its action, you cannot use its gold value"', () => {
    const t = Table.from({
      players: 2,
      hands: [['urn'], []],
      discards: [['shabti']],
      pyramid: ['shabti', null, null, null, null, null],
    });
    const urn = t.inHand(0, 'urn');
    t.play(0, 'urn');
    expect(t.refused(0, { type: 'buy', slot: 0, pay: [urn] })).toBe(
      'Payment: that card is not in your hand (Urn).',
    );
    expect(t.legal(0).some((a) => a.type === 'buy')).toBe(false);
  });

  it('"Do not discard the cards you used for actions. They remain on the table … until the end of your turn"', () => {
    const t = Table.from({
      players: 2,
      hands: [['urn', 'shabti'], []],
      decks: [FIVE, FIVE],
      discards: [['censer']],
      pyramid: PYRAMID,
    });
    t.play(0, 'urn');
    expect(t.inPlay(0)).toEqual(['urn']);
    expect(t.discard(0)).toEqual([]);
    passTurn(t);
    expect(t.inPlay(0)).toEqual([]);
    expect(t.discard(0)).toContain('urn');
  });

  it('"Unless otherwise noted, the effects of actions end at the conclusion of your turn" (Statue of Thoth)', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-thoth', 'urn'], ['shabti']],
      decks: [FIVE, FIVE],
      pyramid: PYRAMID,
    });
    t.play(0, 'statue-of-thoth');
    expect(view(t.s, 0).me?.hand).toEqual([expect.objectContaining({ card: 'urn', gold: 4 })]);
    // The Urn alone now pays for the 3-cost Wadj Amulet.
    expect(t.legal(0)).toContainEqual({ type: 'buy', slot: 0, pay: [t.inHand(0, 'urn')] });
    passTurn(t);
    passTurn(t);
    expect(t.s.turn.seat).toBe(0);
    const golds = view(t.s, 0).me?.hand.map((c) => c.gold);
    expect(golds).toEqual(view(t.s, 0).me?.hand.map((c) => t.s.defs[c.card]?.gold));
    expect(golds).not.toContain(4);
  });
});

describe('Action Terms', () => {
  it('"Draw: Cards must be drawn from your own draw deck"', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-osiris', 'urn'], []],
      decks: [
        ['shabti', 'shabti', 'shabti'],
        ['censer', 'chariot', 'boat'],
      ],
    });
    t.play(0, 'statue-of-osiris').choose(0, 'Urn');
    expect(t.hand(0)).toEqual(['shabti', 'shabti', 'shabti']);
    expect(t.deck(1)).toEqual(['censer', 'chariot', 'boat']);
  });

  it('"Entomb: Choose a card from your hand and put it into your tomb" (Statue of Horus)', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-horus', 'urn', 'censer'], []],
      tombs: [['shabti']],
    });
    t.play(0, 'statue-of-horus');
    expect(t.options(0)).toEqual(['Urn', 'Censer']);
    t.choose(0, 'Censer');
    expect(t.tomb(0)).toEqual(['shabti', 'censer']);
    expect(t.hand(0)).toEqual(['urn']);
  });

  it('"Sacrifice: put it on top of the boneyard face up" — from the hand (Box of Food)', () => {
    const t = Table.from({
      players: 2,
      hands: [['box-of-food', 'censer', 'urn'], []],
      boneyard: ['chariot'],
    });
    t.play(0, 'box-of-food').choose(0, 'Censer');
    expect(t.boneyard()).toEqual(['chariot', 'censer']);
    expect(view(t.s, 1).boneyard.top?.card).toBe('censer');
  });

  it('"… others for sacrificing cards from the pyramid" (Shabti): onto the boneyard, then the pyramid crumbles', () => {
    const t = Table.from({ players: 2, hands: [['shabti'], []], pyramid: PYRAMID, boneyard: ['chariot'] });
    t.play(0, 'shabti').choose(0, 'Sacrifice Wadj Amulet');
    expect(t.boneyard()).toEqual(['chariot', 'wadj-amulet']);
    expect(t.pyramid()).toEqual([
      'imseti-canopic-jar',
      'censer',
      'chariot',
      'tyet-amulet',
      'statue-of-bastet',
      null,
    ]);
  });

  it('"Cards already in play cannot be sacrificed"', () => {
    const t = Table.from({
      players: 2,
      hands: [['box-of-food', 'book-of-the-netherworld', 'statue-of-osiris', 'urn'], []],
      pyramid: PYRAMID,
    });
    t.buy(0, 0, ['book-of-the-netherworld']);
    expect(t.inPlay(0)).toEqual(['book-of-the-netherworld']);
    t.play(0, 'box-of-food');
    // Book of the Netherworld (cost 3 > Urn's 1) would qualify from the hand, but it is in play.
    expect(t.options(0)).toEqual(['Statue of Osiris']);
  });

  it('"Take: … take a card from anywhere in the pyramid and place it on top of your discard pile" (Statue of Isis)', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-isis'], []],
      discards: [['urn']],
      pyramid: PYRAMID,
    });
    t.play(0, 'statue-of-isis');
    expect(t.options(0)).toEqual([
      'Wadj Amulet (base left)',
      'Censer (base centre)',
      'Chariot (base right)',
      'Imseti Canopic Jar (middle left)',
      'Statue of Bastet (middle right)',
      'Tyet Amulet (top)',
    ]);
    t.choose(0, 'Statue of Bastet');
    expect(t.discard(0)).toEqual(['urn', 'statue-of-bastet']);
  });
});
