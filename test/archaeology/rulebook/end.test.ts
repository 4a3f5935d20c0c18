import { describe, expect, it } from 'vitest';
import { en } from '../../../src/adapters/english.ts';
import { archaeology, waitingFor } from '../../../src/games/archaeology/index.ts';
import { legalActions } from '../../../src/games/archaeology/legal-actions.ts';
import { outcome } from '../../../src/games/archaeology/score.ts';
import type { ArchaeologyState } from '../../../src/games/archaeology/state.ts';
import { view } from '../../../src/games/archaeology/view.ts';
import { act, logOf, position, refusal } from '../helpers.ts';

/** Rulebook, "Ending The Game": an empty dig site, passes, the forced sale, the end and the winner. */

/** The dig site is empty and it is `seat`'s turn, which began without a dig. */
function emptySite(hands: Parameters<typeof position>[0]['hands'], seat = 0): ArchaeologyState {
  const s = position({ hands, dig: [], seat });
  s.turn.dug = false;
  return s;
}

describe('when the dig site is empty', () => {
  it('play continues, but players do not dig at the start of their turn', () => {
    const s = act(position({ hands: [{ coin: 2 }, { talisman: 1 }], dig: [] }), 0, { type: 'end' });
    expect(s.turn.seat).toBe(1);
    expect(s.turn.dug).toBe(false);
    expect(s.hands[1]).toHaveLength(1);
    expect(s.finished).toBe(false);
  });

  it('a player may pass and take no action: the end of such a turn is a pass', () => {
    const s = emptySite([{ coin: 2 }, { talisman: 1 }]);
    expect(legalActions(s, 0).find((a) => a.type === 'end')).toBeDefined();
    expect(en(archaeology.describe(s, 0, { type: 'end' }))).toBe('Pass');
    const passed = act(s, 0, { type: 'end' });
    expect(passed.passes).toEqual({ first: 0, count: 1 });
    expect(logOf(passed, null).at(-1)).toBe('@0 passed.');
    // A turn that did something is no pass, and breaks the run.
    const sold = act(act(passed, 1, { type: 'sell', kind: 'talisman', count: 1 }), 1, { type: 'end' });
    expect(sold.passes).toBeNull();
  });

  it('if all players pass in sequence, the first who passed must sell at least 1 card when play returns to them', () => {
    let s = emptySite([{ coin: 2 }, { talisman: 1 }, { mask: 1 }]);
    s = act(s, 0, { type: 'end' });
    s = act(s, 1, { type: 'end' });
    s = act(s, 2, { type: 'end' });
    expect(s.turn.seat).toBe(0);
    expect(s.turn.mustSell).toBe(true);
    expect(view(s, 0).me?.mustSell).toBe(true);
    expect(en(view(s, null).waiting.text)).toBe('@0 to sell at least one card');
    expect(refusal(s, 0, { type: 'end' }).code).toBe('must-sell');
    expect(legalActions(s, 0).some((a) => a.type === 'end')).toBe(false);
    // Trading first is allowed; ending is not until a card is sold.
    s = act(s, 0, { type: 'sell', kind: 'coin', count: 1 });
    s = act(s, 0, { type: 'end' });
    expect(s.turn.seat).toBe(1);
    expect(s.passes).toBeNull();
  });

  it('a pass run broken by an action does not force anyone', () => {
    let s = emptySite([{ coin: 2 }, { talisman: 2 }]);
    s = act(s, 0, { type: 'end' });
    s = act(s, 1, { type: 'sell', kind: 'talisman', count: 1 });
    s = act(s, 1, { type: 'end' });
    expect(s.turn.seat).toBe(0);
    expect(s.turn.mustSell).toBe(false);
  });

  it('players left without cards have nothing to do: play goes round them', () => {
    let s = emptySite([{ coin: 1 }, {}, { talisman: 1 }]);
    s = act(s, 0, { type: 'end' });
    expect(s.turn.seat).toBe(2);
    // With every other hand empty, a lone player's pass comes straight back to them: they must sell.
    s = act(s, 2, { type: 'sell', kind: 'talisman', count: 1 });
    s = act(s, 2, { type: 'end' });
    expect(s.turn.seat).toBe(0);
    s = act(s, 0, { type: 'end' });
    expect(s.turn.seat).toBe(0);
    expect(s.turn.mustSell).toBe(true);
  });

  it('when every player is left without cards the game is over, at once', () => {
    let s = emptySite([{ coin: 1 }, {}]);
    s = act(s, 0, { type: 'sell', kind: 'coin', count: 1 });
    expect(s.finished).toBe(true);
    expect(waitingFor(s)).toEqual([]);
    expect(refusal(s, 0, { type: 'end' }).code).toBe('game-over');
  });

  it('the game is over even when the last card dug is a thief or sandstorm that changes nothing', () => {
    for (const last of ['thief', 'sandstorm']) {
      let s = position({ hands: [{ coin: 1 }, {}], dig: [last] });
      s = act(s, 0, { type: 'sell', kind: 'coin', count: 1 });
      s = act(s, 0, { type: 'end' });
      expect(s.finished, last).toBe(true);
      expect(waitingFor(s)).toEqual([]);
    }
  });

  it('empty hands end nothing while the dig site holds cards', () => {
    let s = position({ hands: [{ coin: 1 }, {}], dig: ['talisman'] });
    s = act(s, 0, { type: 'sell', kind: 'coin', count: 1 });
    expect(s.finished).toBe(false);
    s = act(s, 0, { type: 'end' });
    expect(s.hands[1]).toHaveLength(1);
  });
});

describe('the winner', () => {
  const finish = (hands: Parameters<typeof position>[0]['hands'], sales: [number, string, number][]) => {
    let s = position({ hands, dig: [] });
    for (const [seat, kind, count] of sales) {
      s.turn = { ...s.turn, seat };
      s = act(s, seat, { type: 'sell', kind, count });
    }
    expect(s.finished).toBe(true);
    return outcome(s);
  };

  it('each set’s value is counted separately and added: 4 talismans $24 + 2 talismans $7 + 5 coins $30 = $61', () => {
    const o = finish(
      [{ talisman: 6, coin: 5 }, { parchment: 1 }],
      [
        [0, 'talisman', 4],
        [0, 'talisman', 2],
        [0, 'coin', 5],
        [1, 'parchment', 1],
      ],
    );
    expect(o?.results.find((r) => r.seat === 0)).toMatchObject({ score: 61, rank: 1 });
    expect(o && en(o.summary)).toBe('@0 wins with $61');
  });

  it('a tie goes to the player who sold the fewest cards', () => {
    const o = finish(
      [{ talisman: 2 }, { coin: 1, 'broken-cup': 2 }],
      [
        [0, 'talisman', 2],
        [1, 'coin', 1],
        [1, 'broken-cup', 2],
      ],
    );
    // Seat 0: $7 from 2 cards; seat 1: $2 + $5 = $7 from 3 cards.
    expect(o?.results.map((r) => [r.seat, r.score, r.rank, r.tieBreakers[0]])).toEqual([
      [0, 7, 1, 2],
      [1, 7, 2, 3],
    ]);
    expect(o && en(o.summary)).toBe('Tie on $7 broken by fewest cards sold: @0 sold 2');
  });

  it('a tie on money and cards is a shared place', () => {
    const o = finish(
      [{ talisman: 2 }, { talisman: 2 }],
      [
        [0, 'talisman', 2],
        [1, 'talisman', 2],
      ],
    );
    expect(o?.results.map((r) => r.rank)).toEqual([1, 1]);
    expect(o && en(o.summary)).toBe('@0 and @1 share the win: $7 from 2 cards each');
  });
});
