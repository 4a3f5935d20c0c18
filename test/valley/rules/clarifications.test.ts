import { describe, expect, it } from 'vitest';
import type { ValleyAction } from '../../../src/games/valley/state.ts';
import { view } from '../../../src/games/valley/view.ts';
import { english, Table } from '../table.ts';
import { instancesIn, passTurn, refusal, visibleJson } from './helpers.ts';

// Provisional numbers used: Wadj Amulet/Tyet Amulet/Imseti cost 3, Urn gold 1.
const FIVE = ['shabti', 'shabti', 'urn', 'urn', 'box-of-food'];
const VIEWERS = [0, 1, null] as const;

describe('"You may not look at the contents of the boneyard, other than the top (face up) card"', () => {
  it("every view shows the boneyard's top card and its size, nothing below", () => {
    const t = Table.from({ players: 2, boneyard: ['chariot', 'censer', 'boat'] });
    const [chariot, censer, boat] = t.s.boneyard;
    for (const viewer of VIEWERS) {
      const v = view(t.s, viewer);
      expect(v.boneyard).toEqual({ count: 3, top: { instance: boat, card: 'boat' } });
      expect(instancesIn(v).has(chariot as number)).toBe(false);
      expect(instancesIn(v).has(censer as number)).toBe(false);
      expect(visibleJson(v)).not.toMatch(/chariot|censer/);
    }
  });

  it('after a sacrifice, the sacrificed card is the visible top', () => {
    const t = Table.from({
      players: 2,
      hands: [['box-of-food', 'censer', 'urn'], []],
      boneyard: ['chariot'],
    });
    t.play(0, 'box-of-food').choose(0, 'Censer');
    expect(view(t.s, 1).boneyard.top?.card).toBe('censer');
    expect(visibleJson(view(t.s, 1))).not.toMatch(/chariot/);
  });
});

describe('"You may look at your own discard pile … when it is not your turn. During your turn, you may only look at your discard pile if directed by an action"', () => {
  const position = () =>
    Table.from({
      players: 2,
      hands: [['heart-scarab-amulet', 'urn'], ['urn']],
      decks: [FIVE, FIVE],
      discards: [
        ['censer', 'chariot'],
        ['boat', 'burial-mask'],
      ],
    });

  it('during your own turn your view does not list your discard pile (its top card stays visible)', () => {
    const t = position();
    const v = view(t.s, 0);
    expect(v.me?.discard).toBeNull();
    expect(v.players[0]?.discardTop?.card).toBe('chariot');
    expect(v.players[0]?.discardCount).toBe(2);
    expect(visibleJson(v)).not.toMatch(/censer/);
  });

  it('when it is not your turn, your view lists your whole discard pile, in order', () => {
    const t = position();
    expect(view(t.s, 1).me?.discard?.map((c) => c.card)).toEqual(['boat', 'burial-mask']);
    t.endTurn(0, 'urn');
    expect(view(t.s, 0).me?.discard?.map((c) => c.card)).toEqual([
      'censer',
      'chariot',
      'heart-scarab-amulet',
      'urn',
    ]);
    expect(view(t.s, 1).me?.discard).toBeNull();
  });

  it("an opponent's discard pile shows only its top card and its size", () => {
    const t = position();
    const v = view(t.s, 1);
    expect(v.players[0]?.discardTop?.card).toBe('chariot');
    expect(v.players[0]?.discardCount).toBe(2);
    expect(visibleJson(v)).not.toMatch(/censer/);
    expect(visibleJson(view(t.s, null))).not.toMatch(/censer|"boat"/);
  });

  it('"if directed by an action" (Heart Scarab Amulet), the player is shown the cards of the discard pile to choose from', () => {
    const t = position();
    t.play(0, 'heart-scarab-amulet');
    expect(t.options(0)).toEqual(['Censer', 'Chariot']);
    expect(view(t.s, 0).actions.map((a) => english(a.label))).toEqual(['Censer', 'Chariot']);
    // The opponent is told only that the action is being used.
    expect(view(t.s, 1).actions).toEqual([]);
    expect(visibleJson(view(t.s, 1))).not.toMatch(/censer/);
  });
});

describe('"You may count the number of cards remaining in the stock (without rearranging the cards)"', () => {
  it("every view shows the stock's size and no card of it", () => {
    // Interpretation: the count is shown at all times, since every card leaving the stock is seen
    // by everyone and the count can be worked out anyway; the order is never shown.
    const t = Table.from({ players: 2, hands: [['urn'], []], stock: ['chariot', 'censer', 'boat'] });
    for (const viewer of VIEWERS) {
      const v = view(t.s, viewer);
      expect(v.stock).toEqual({ count: 3 });
      for (const c of t.s.stock) expect(instancesIn(v).has(c)).toBe(false);
      expect(visibleJson(v)).not.toMatch(/chariot|censer|"boat"/);
    }
  });
});

describe('"If an action allows you to put a card into your tomb, it does not count towards the limit of entombing once per turn"', () => {
  it('the normal entombing, then an action entomb (Heart Scarab Amulet)', () => {
    const t = Table.from({ players: 2, hands: [['heart-scarab-amulet', 'urn'], []], discards: [['censer']] });
    t.entomb(0, 'urn').play(0, 'heart-scarab-amulet').choose(0, 'Censer');
    expect(t.tomb(0)).toEqual(['urn', 'censer']);
  });

  it('an action entomb, then the normal entombing (Box of Food)', () => {
    const t = Table.from({ players: 2, hands: [['box-of-food', 'censer', 'urn', 'shabti'], []] });
    t.play(0, 'box-of-food').choose(0, 'Censer').choose(0, 'Urn');
    expect(t.legal(0)).toContainEqual({ type: 'entomb', card: t.inHand(0, 'shabti') });
    t.entomb(0, 'shabti');
    expect(t.tomb(0)).toEqual(['urn', 'shabti']);
  });
});

describe('"If a player has accidentally placed any extra cards in his tomb … For all other errors …"', () => {
  it('mistakes cannot happen here: an extra entombing is refused before it is made, and the state is untouched', () => {
    const t = Table.from({ players: 2, hands: [['censer', 'urn'], []] });
    t.entomb(0, 'censer');
    expect(refusal(t, 0, { type: 'entomb', card: t.inHand(0, 'urn') }).code).toBe('already-entombed');
    expect(t.tomb(0)).toEqual(['censer']);
    expect(t.hand(0)).toEqual(['urn']);
  });
});

describe('"You cannot use the gold value of a card to buy more than one card at a time"', () => {
  it('"if you have a card with a gold value of 6, you cannot buy two cards at a cost of 3 each"', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-osiris'], []],
      pyramid: ['wadj-amulet', 'tyet-amulet', 'imseti-canopic-jar', null, null, null],
    });
    // The rulebook's example card: give Statue of Osiris a printed gold value of 6 in this game.
    const osirisDef = t.s.defs['statue-of-osiris'];
    if (!osirisDef) throw new Error('no Statue of Osiris');
    osirisDef.gold = 6;
    const osiris = t.inHand(0, 'statue-of-osiris');
    t.buy(0, 0, ['statue-of-osiris']);
    expect(t.discard(0)).toEqual(['wadj-amulet']);
    // The 3 gold left over is lost: the second 3-cost card cannot be bought with it.
    expect(t.legal(0).some((a: ValleyAction) => a.type === 'buy')).toBe(false);
    expect(t.refused(0, { type: 'buy', slot: 1, pay: [osiris] })).toMatch(/not in your hand/);
    expect(t.pyramid()).toEqual([null, 'tyet-amulet', 'imseti-canopic-jar', null, null, null]);
  });

  it('the same holds for gold given by Statue of Thoth (each card worth 4 buys one card)', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-thoth', 'urn'], []],
      decks: [FIVE, FIVE],
      pyramid: ['wadj-amulet', 'tyet-amulet', 'imseti-canopic-jar', null, null, null],
    });
    t.play(0, 'statue-of-thoth').buy(0, 0, ['urn']);
    expect(t.legal(0).some((a) => a.type === 'buy')).toBe(false);
    passTurn(t);
    expect(t.discard(0)).toContain('wadj-amulet');
  });
});
