import { describe, expect, it } from 'vitest';
import { valley } from '../../../src/games/valley/index.ts';
import { legalActions } from '../../../src/games/valley/legal-actions.ts';
import type { Instance, ValleyState } from '../../../src/games/valley/state.ts';
import { view } from '../../../src/games/valley/view.ts';
import { english, Table } from '../table.ts';
import { instancesIn, visibleJson } from './helpers.ts';

const FIVE = ['shabti', 'shabti', 'urn', 'urn', 'box-of-food'];
const PYRAMID = ['wadj-amulet', 'chariot', 'tyet-amulet', 'imseti-canopic-jar', 'statue-of-bastet', 'censer'];

/** Cards `viewer` must not see: other hands, every deck, the stock, the boneyard below its top, and
 * its own discard pile below the top during its own turn (the other discard piles below their tops). */
function hiddenFrom(s: ValleyState, viewer: number | null): Instance[] {
  const hidden: Instance[] = [...s.stock, ...s.boneyard.slice(0, -1)];
  s.players.forEach((p, seat) => {
    hidden.push(...p.deck);
    if (seat !== viewer) hidden.push(...p.hand);
    // An action may direct a player to look at their own discard pile (e.g. Heart Scarab Amulet).
    const asked = s.stack.at(-1)?.q?.asks.some((a) => a.seat === seat) ?? false;
    const ownVisible = seat === viewer && (s.turn.seat !== seat || s.finished || asked);
    if (!ownVisible) hidden.push(...p.discard.slice(0, -1));
  });
  return hidden;
}

function expectNoLeak(s: ValleyState): void {
  for (const viewer of [...s.players.map((_, seat) => seat), null]) {
    const seen = instancesIn(view(s, viewer));
    const leaked = hiddenFrom(s, viewer).filter((c) => seen.has(c));
    expect(leaked, `viewer ${viewer} sees hidden cards`).toEqual([]);
  }
}

describe('Hidden information: view(state, seat) is what that seat may see', () => {
  it('a seat sees its own hand (with gold values), and only counts of the other hands', () => {
    const s = valley.setup({ players: 3 }, 'views');
    const v = view(s, 1);
    expect(v.me?.hand.map((c) => c.instance)).toEqual(s.players[1]?.hand);
    expect(v.me?.hand.every((c) => c.gold === s.defs[c.card]?.gold)).toBe(true);
    expect(v.players.map((p) => p.handCount)).toEqual([5, 5, 5]);
    expect(Object.keys(v.players[0] ?? {})).not.toContain('hand');
    const seen = instancesIn(v);
    for (const c of [...(s.players[0]?.hand ?? []), ...(s.players[2]?.hand ?? [])])
      expect(seen.has(c)).toBe(false);
  });

  it("deck order is never shown, not even one's own: only the count", () => {
    const s = valley.setup({ players: 2 }, 'decks');
    for (const viewer of [0, 1, null]) {
      const v = view(s, viewer);
      expect(v.players.map((p) => p.deckCount)).toEqual([5, 5]);
      const seen = instancesIn(v);
      for (const p of s.players) for (const c of p.deck) expect(seen.has(c)).toBe(false);
    }
  });

  it('the public view (seat null) shows no hand, no prompt and no legal actions', () => {
    const s = valley.setup({ players: 4 }, 'public');
    const v = view(s, null);
    expect(v.viewer).toBeNull();
    expect(v.me).toBeNull();
    expect(v.prompt).toBeNull();
    expect(v.actions).toEqual([]);
    const seen = instancesIn(v);
    for (const p of s.players) for (const c of p.hand) expect(seen.has(c)).toBe(false);
  });

  it('the seat to move gets a prompt and its legal actions, labelled; the others get neither', () => {
    const s = valley.setup({ players: 3, firstSeat: 2 }, 'prompt');
    const v = view(s, 2);
    expect(english(v.prompt)).toMatch(/^Your turn/);
    expect(v.actions.map((a) => a.action)).toEqual(legalActions(s, 2));
    expect(v.actions.every((a) => english(a.label).length > 0)).toBe(true);
    expect(v.waiting).toEqual({
      seats: [2],
      text: { key: 'valley.rules.waiting.to-play', values: { seat: '@2' } },
      window: false,
    });
    expect(english(v.waiting.text)).toBe('@2 to play');
    for (const other of [0, 1]) {
      expect(view(s, other).prompt).toBeNull();
      expect(view(s, other).actions).toEqual([]);
    }
  });

  it('no view names a card it must hide, in a fresh game and along a played game (JSON of the view)', () => {
    let s = valley.setup({ players: 4 }, 'leaks');
    expectNoLeak(s);
    // A bounded, deterministic walk through varied legal actions of the seats waited for.
    for (let k = 0; k < 150 && !s.finished; k++) {
      const seats = valley.waitingFor(s);
      const seat = seats[k % seats.length] as number;
      const actions = legalActions(s, seat);
      const action = actions[(k * 7) % actions.length];
      if (!action) throw new Error(`seat ${seat} has no legal action`);
      const r = valley.apply(s, seat, action);
      if (!r.ok) throw new Error(english(r.error.msg));
      s = r.state;
      expectNoLeak(s);
    }
    expect(s.turn.number).toBeGreaterThan(8);
  });

  it('the pyramid (face up), the boneyard top, cards in play and tombs are public to every viewer', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld', 'urn'], []],
      tombs: [['boat'], ['censer']],
      pyramid: PYRAMID,
      boneyard: ['chariot'],
    });
    t.buy(0, 0, ['book-of-the-netherworld']);
    for (const viewer of [0, 1, null]) {
      const v = view(t.s, viewer);
      expect(v.pyramid.map((c) => c?.card ?? null)).toEqual(t.pyramid());
      expect(v.boneyard.top?.card).toBe('chariot');
      expect(v.players[0]?.play.map((c) => c.card)).toEqual(['book-of-the-netherworld']);
      expect(v.players.map((p) => p.tomb.map((c) => c.card))).toEqual([['boat'], ['censer']]);
      expect(v.players[0]?.discardTop?.card).toBe('wadj-amulet');
    }
  });

  it('view never changes the state', () => {
    const s = valley.setup({ players: 2 }, 'pure');
    const before = JSON.stringify(s);
    view(s, 0);
    view(s, null);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('Reaction windows ask every other player, so nobody learns who holds the reaction card', () => {
  const position = (catInHand: boolean) =>
    Table.from({
      players: 3,
      hands: [['urn'], [catInHand ? 'mummified-cat' : 'urn'], ['urn']],
      decks: [FIVE, [...FIVE, catInHand ? 'urn' : 'mummified-cat'], FIVE],
      pyramid: PYRAMID,
    })
      .endTurn(0)
      .choose(0, 'Censer');

  it("the public view and a third seat's view are the same whether seat 1 holds Mummified Cat or not", () => {
    const holder = position(true);
    const none = position(false);
    expect(view(holder.s, null)).toEqual(view(none.s, null));
    expect(view(holder.s, 2)).toEqual(view(none.s, 2));
    expect(view(holder.s, 0)).toEqual(view(none.s, 0));
    // Only seat 1's own view differs: it is offered the reaction.
    expect(holder.options(1)).toEqual(['Pass', 'Discard Mummified Cat and take Censer']);
    expect(none.options(1)).toEqual(['Pass']);
  });

  it('the window lists every asked seat until all have answered', () => {
    const t = position(true);
    expect(view(t.s, null).waiting).toEqual({
      seats: [1, 2],
      text: { key: 'valley.rules.cat.waiting' },
      window: true,
    });
    expect(english(view(t.s, null).waiting.text)).toBe('Waiting for reactions to the sacrifice');
    t.pass(2);
    expect(view(t.s, null).waiting.seats).toEqual([1, 2]);
    expect(valley.waitingFor(t.s)).toEqual([1]);
    expect(view(t.s, 2).actions).toEqual([]);
    expect(visibleJson(view(t.s, 2))).not.toMatch(/mummified-cat"/);
  });
});

describe('What the table layer reads from views: the open decision and who may only pass', () => {
  const window = (catInHand: boolean) =>
    Table.from({
      players: 3,
      hands: [['urn'], [catInHand ? 'mummified-cat' : 'urn'], ['urn']],
      decks: [FIVE, [...FIVE, catInHand ? 'urn' : 'mummified-cat'], FIVE],
      pyramid: PYRAMID,
    })
      .endTurn(0)
      .choose(0, 'Censer');

  it('a reaction window is a public decision with an id, the same for everyone, gone when it closes', () => {
    const t = window(true);
    const id = view(t.s, null).decision;
    expect(id).toBe(t.s.stack.at(-1)?.q?.id);
    expect(id).not.toBeNull();
    for (const seat of [0, 1, 2]) expect(view(t.s, seat).decision).toBe(id);
    t.pass(2).pass(1);
    expect(view(t.s, null).decision).not.toBe(id);
  });

  it('only the seat whose one legal action is passing the window gets an automatic pass', () => {
    const holder = window(true);
    expect(view(holder.s, 1).autoPass).toBeNull(); // it may react: a person decides
    expect(view(holder.s, 2).autoPass).toEqual({ type: 'answer', value: 'pass' });
    expect(view(holder.s, 0).autoPass).toBeNull(); // not asked
    expect(view(holder.s, null).autoPass).toBeNull();
    expect(view(window(false).s, 1).autoPass).toEqual({ type: 'answer', value: 'pass' });
  });

  it('on an ordinary turn there is no decision and nobody passes automatically', () => {
    const s = valley.setup({ players: 3, firstSeat: 0 }, 'ordinary');
    expect(view(s, null).decision).toBeNull();
    for (const seat of [0, 1, 2, null]) expect(view(s, seat).autoPass).toBeNull();
  });
});
