import { describe, expect, it } from 'vitest';
import {
  type ValleyReason,
  valleyMoveReasons,
  valleyReasonFacts,
  valleyReasonText,
} from '../../../src/adapters/valley/move-reasons.ts';
import { seedRng } from '../../../src/games/kernel/rng.ts';
import { determinize } from '../../../src/games/valley/bots/determinize.ts';
import { easyBot } from '../../../src/games/valley/bots/easy-bot.ts';
import { applyInPlace, valley, waitingFor } from '../../../src/games/valley/index.ts';
import { legalActions } from '../../../src/games/valley/legal-actions.ts';
import { scoreSeat, scoreTomb } from '../../../src/games/valley/score.ts';
import type { Instance, ValleyAction, ValleyState } from '../../../src/games/valley/state.ts';
import { def, goldOf, paymentGold } from '../../../src/games/valley/zones.ts';
import { LANGUAGES } from '../../../src/i18n/messages.ts';

/** Main-phase positions (no question open) of Easy games: sensible moves with slips that reach odd corners. */
function positions(players: number, seed: string, every: number): { s: ValleyState; seat: number }[] {
  const s = valley.setup({ players, pool: 'base-afterlife' }, seed);
  const rng = seedRng(`${seed}/bots`);
  const out: { s: ValleyState; seat: number }[] = [];
  let n = 0;
  while (!s.finished) {
    const seat = waitingFor(s)[0] as number;
    if (s.stack.length === 0 && n++ % every === 0) out.push({ s: structuredClone(s), seat });
    applyInPlace(s, seat, easyBot(s, seat, rng));
  }
  return out;
}

const handGold = (s: ValleyState, seat: number, hand: readonly Instance[]) =>
  hand.reduce((sum, c) => sum + goldOf(s, seat, c), 0);

/** Whether the fact holds of the game before and after the move (the real state, hidden cards and all). */
function holds(
  r: ValleyReason,
  before: ValleyState,
  after: ValleyState,
  seat: number,
  a: ValleyAction,
): void {
  const me = (s: ValleyState) => s.players[seat] as ValleyState['players'][number];
  switch (r.kind) {
    case 'tomb-points':
      expect(scoreSeat(before, seat).total).toBe(r.before);
      expect(scoreSeat(after, seat).total).toBe(r.after);
      return;
    case 'set-grows': {
      const was = scoreSeat(before, seat).sets.find((x) => x.set === r.set)?.distinct ?? 0;
      expect(was).toBe(r.distinct);
      expect(scoreSeat(after, seat).sets.find((x) => x.set === r.set)?.distinct).toBe(r.distinct + 1);
      return;
    }
    case 'gold-wasted': {
      if (a.type !== 'buy') throw new Error('gold wasted by a move that is no buy');
      const card = before.pyramid[a.slot] as Instance;
      expect(before.cards[card]).toBe(r.card);
      expect(def(before, card).cost).toBe(r.cost);
      expect(paymentGold(before, seat, a.pay)).toBe(r.paid);
      expect(r.paid).toBeGreaterThan(r.cost);
      // Bought: on the buyer's discard pile.
      expect(me(after).discard).toContain(card);
      return;
    }
    case 'gold-left':
      expect(handGold(after, seat, me(after).hand)).toBe(r.gold);
      return;
    case 'denies': {
      if (a.type !== 'buy') throw new Error('a card denied by a move that is no buy');
      const card = before.pyramid[a.slot] as Instance;
      const gains = before.players
        .map((p, i) => ({
          i,
          gain: scoreTomb(before, [...p.tomb, card]).total - scoreTomb(before, p.tomb).total,
        }))
        .filter(
          (x) =>
            x.i !== seat && x.gain > 1 && before.players[x.i]?.tomb.some((c) => def(before, c).set === r.set),
        );
      expect(gains.length).toBe(r.opponents);
      expect(Math.max(...gains.map((g) => g.gain))).toBe(r.gain);
      expect(def(before, card).set).toBe(r.set);
      // Taken: no longer in the pyramid for them to buy.
      expect(after.pyramid).not.toContain(card);
      return;
    }
    case 'fits-tomb': {
      if (a.type !== 'buy') throw new Error('a card fitted by a move that is no buy');
      const card = before.pyramid[a.slot] as Instance;
      expect(scoreTomb(before, [...me(before).tomb, card]).total - scoreSeat(before, seat).total).toBe(
        r.gain,
      );
      return;
    }
    case 'ring-lost':
      expect(before.turn.ring).toBe(true);
      expect(after.turn.ring).toBeUndefined();
      return;
    case 'gold-unspent':
      expect(handGold(before, seat, me(before).hand)).toBe(r.gold);
      expect(r.gold).toBeGreaterThan(0);
      return;
    case 'no-entomb':
      expect(me(before).hand.length).toBe(r.cards);
      expect(before.turn.entombed).toBe(false);
      expect(me(after).tomb).toEqual(me(before).tomb);
      return;
    case 'sacrifice':
      expect(after.stack.at(-1)?.q?.asks.some((x) => x.seat === seat)).toBe(true);
      return;
  }
}

describe('Valley’s move reasons', () => {
  it('say only what the game after the move bears out, in every language', () => {
    const seen = new Map<string, number>();
    for (const players of [2, 3, 4])
      for (const { s, seat } of positions(players, `reasons-${players}`, 3)) {
        const view = valley.view(s, seat);
        for (const action of legalActions(s, seat)) {
          const facts = valleyReasonFacts(view, action);
          const after = structuredClone(s);
          applyInPlace(after, seat, action);
          for (const r of facts) {
            holds(r, s, after, seat, action);
            seen.set(r.kind, (seen.get(r.kind) ?? 0) + 1);
            for (const language of LANGUAGES) {
              const text = valleyReasonText(r, language);
              expect(text).not.toMatch(/valley\.reason|\{|\}|undefined|NaN/);
              expect(text.length).toBeGreaterThan(10);
            }
          }
        }
      }
    // Every kind of reason was said, and checked, somewhere.
    expect([...seen.keys()].sort()).toEqual(
      [
        'denies',
        'fits-tomb',
        'gold-left',
        'gold-unspent',
        'gold-wasted',
        'no-entomb',
        'ring-lost',
        'sacrifice',
        'set-grows',
        'tomb-points',
      ].sort(),
    );
  });

  it('never read a hidden card: the same reasons for deals the seat cannot tell apart', () => {
    let compared = 0;
    for (const { s, seat } of positions(3, 'reasons-hidden', 7)) {
      const other = determinize(s, seat, seedRng(`other-${compared}`));
      for (const action of legalActions(s, seat)) {
        for (const language of LANGUAGES)
          expect(valleyMoveReasons(other, seat, action, language)).toEqual(
            valleyMoveReasons(s, seat, action, language),
          );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('say nothing about an answer to a question (the search does not weigh those)', () => {
    const s = valley.setup({ players: 2 }, 'question');
    const seat = waitingFor(s)[0] as number;
    expect(valleyMoveReasons(s, seat, { type: 'answer', value: 'x' }, 'en')).toEqual([]);
  });
});
