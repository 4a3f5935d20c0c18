import { describe, expect, it } from 'vitest';
import { en } from '../../../src/adapters/english.ts';
import { valley, waitingFor } from '../../../src/games/valley/index.ts';
import { legalActions } from '../../../src/games/valley/legal-actions.ts';
import { outcome } from '../../../src/games/valley/score.ts';
import { view } from '../../../src/games/valley/view.ts';
import { english, Table } from '../table.ts';
import { passTurn, refusal } from './helpers.ts';

// Provisional numbers used: Book of the Netherworld gold 3 (seed), Wadj Amulet cost 3, Shabti VP 1 (seed).
const FIVE = ['shabti', 'shabti', 'urn', 'urn', 'box-of-food'];

describe('End of Game: "The game continues until all of the following conditions have been met"', () => {
  it('stock empty, pyramid empty and equal turns: the game ends after the turn that completes the round', () => {
    const t = Table.from({
      players: 2,
      hands: [['book-of-the-netherworld'], ['urn']],
      decks: [FIVE, FIVE],
      tombs: [['shabti', 'shabti'], ['shabti']],
      pyramid: ['wadj-amulet', null, null, null, null, null],
    });
    t.buy(0, 0, ['book-of-the-netherworld']).endTurn(0);
    // Stock and pyramid are empty, but seat 1 has had one turn fewer.
    expect(t.s.turnsTaken).toEqual([1, 0]);
    expect(t.s.finished).toBe(false);
    expect(outcome(t.s)).toBeNull();
    expect(waitingFor(t.s)).toEqual([1]);
    // The last player still plays a normal turn (the empty pyramid asks for no sacrifice).
    t.entomb(1, 'urn').endTurn(1);
    expect(t.s.finished).toBe(true);
    expect(t.tomb(1)).toEqual(['shabti', 'urn']);
  });

  it('"No cards are left in the stock": with one card left in the stock the game goes on', () => {
    const position = (stock: string[]) =>
      Table.from({
        players: 2,
        seat: 1,
        hands: [[], ['book-of-the-netherworld']],
        decks: [FIVE, FIVE],
        pyramid: ['wadj-amulet', null, null, null, null, null],
        stock,
      });
    // The rebuild runs before the check, so a card left in the stock always ends up in the pyramid:
    // the stock condition is seen as that card. Control: with an empty stock, the game ends.
    expect(position([]).buy(1, 0, ['book-of-the-netherworld']).endTurn(1).s.finished).toBe(true);
    const t = position(['censer']).buy(1, 0, ['book-of-the-netherworld']).endTurn(1);
    expect(t.s.turnsTaken).toEqual([1, 1]);
    expect(t.s.finished).toBe(false);
    expect(t.pyramid()[0]).toBe('censer');
    expect(t.s.turn.seat).toBe(0);
  });

  it('"No cards are left in the pyramid": with the stock empty and equal turns, a pyramid card keeps the game going', () => {
    const t = Table.from({
      players: 2,
      seat: 1,
      hands: [[], ['book-of-the-netherworld']],
      decks: [FIVE, FIVE],
      pyramid: ['wadj-amulet', 'chariot', null, null, null, null],
    });
    t.buy(1, 0, ['book-of-the-netherworld']).endTurn(1);
    expect(t.s.turnsTaken).toEqual([1, 1]);
    expect(t.s.stock).toEqual([]);
    expect(t.pyramid()).toEqual([null, 'chariot', null, null, null, null]);
    expect(t.s.finished).toBe(false);
  });

  it('"All players have taken the same number of turns": with 3 players the game ends only after the third seat', () => {
    const t = Table.from({
      players: 3,
      hands: [['book-of-the-netherworld'], [], []],
      decks: [FIVE, FIVE, FIVE],
      pyramid: ['wadj-amulet', null, null, null, null, null],
    });
    t.buy(0, 0, ['book-of-the-netherworld']).endTurn(0);
    expect(t.s.finished).toBe(false);
    t.endTurn(1);
    expect(t.s.turnsTaken).toEqual([1, 1, 0]);
    expect(t.s.finished).toBe(false);
    t.endTurn(2);
    expect(t.s.finished).toBe(true);
  });

  it("equal turns are counted from whoever started: a game begun by seat 1 ends after seat 0's turn", () => {
    const t = Table.from({
      players: 2,
      seat: 1,
      turnsTaken: [0, 0],
      hands: [[], ['book-of-the-netherworld']],
      decks: [FIVE, FIVE],
      pyramid: ['wadj-amulet', null, null, null, null, null],
    });
    t.buy(1, 0, ['book-of-the-netherworld']).endTurn(1);
    expect(t.s.finished).toBe(false);
    t.endTurn(0);
    expect(t.s.turnsTaken).toEqual([1, 1]);
    expect(t.s.finished).toBe(true);
  });

  it('after the end nobody can act: every action is refused, nobody is waited for', () => {
    const t = Table.from({ players: 2, hands: [['urn'], ['urn']], decks: [FIVE, FIVE] });
    passTurn(t);
    passTurn(t);
    expect(t.s.finished).toBe(true);
    for (const seat of [0, 1]) {
      expect(t.legal(seat)).toEqual([]);
      expect(refusal(t, seat, { type: 'end-turn', top: null })).toEqual({
        code: 'finished',
        message: 'The game is over.',
      });
      expect(refusal(t, seat, { type: 'entomb', card: t.inHand(seat, 'shabti') }).code).toBe('finished');
    }
    expect(waitingFor(t.s)).toEqual([]);
    const v = view(t.s, 0);
    expect(v.finished).toBe(true);
    expect(v.waiting).toEqual({
      seats: [],
      text: { key: 'valley.rules.waiting.over' },
      window: false,
    });
    expect(english(v.waiting.text)).toBe('The game is over');
    expect(v.prompt).toBeNull();
    expect(v.actions).toEqual([]);
  });
});

describe('End of Game in whole seeded games', () => {
  it.each([2, 3, 4])(
    'with %i players the game ends exactly at the end of the first turn after which all three conditions hold',
    (n) => {
      let s = valley.setup({ players: n }, `whole-${n}`);
      let turns = 0;
      // A bounded, deterministic walk that buys often, so the stock runs out.
      for (let k = 0; k < 5000 && !s.finished; k++) {
        const seats = waitingFor(s);
        const seat = seats[k % seats.length] as number;
        const actions = legalActions(s, seat);
        const buys = actions.filter((a) => a.type === 'buy');
        const action = buys.length && k % 3 !== 0 ? buys[k % buys.length] : actions[(k * 7) % actions.length];
        if (!action) throw new Error(`seat ${seat} has no legal action`);
        const before = s.turn.number;
        const r = valley.apply(s, seat, action);
        if (!r.ok) throw new Error(en(r.error.msg));
        s = r.state;
        if (s.turn.number !== before) {
          turns++;
          const met =
            s.stock.length === 0 &&
            s.pyramid.every((c) => c === null) &&
            s.turnsTaken.every((x) => x === s.turnsTaken[0]);
          expect(s.finished).toBe(met);
        }
      }
      expect(s.finished).toBe(true);
      expect(turns).toBeGreaterThan(10);
      expect(outcome(s)?.results).toHaveLength(n);
    },
  );
});

describe('End of Game: "Players then count their victory points … the player with the most points wins"', () => {
  it('the outcome gives every seat its final score and rank, also in every view', () => {
    const t = Table.from({
      players: 3,
      hands: [['urn'], ['urn'], ['urn']],
      decks: [FIVE, FIVE, FIVE],
      tombs: [['shabti'], ['statue-of-anubis', 'statue-of-isis'], ['shabti', 'shabti']],
    });
    passTurn(t);
    passTurn(t);
    passTurn(t);
    const o = valley.outcome(t.s);
    expect(o?.results.map((r) => [r.seat, r.score, r.rank])).toEqual([
      [0, 1, 3],
      [1, 4, 1],
      [2, 2, 2],
    ]);
    expect(english(o?.summary)).toBe('@1 wins with 4 points.');
    for (const viewer of [0, 1, 2, null]) expect(view(t.s, viewer).outcome).toEqual(o);
  });
});
