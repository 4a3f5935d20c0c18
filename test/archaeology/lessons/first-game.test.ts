import { describe, expect, it } from 'vitest';
import { en } from '../../../src/adapters/english.ts';
import { archaeology } from '../../../src/games/archaeology/index.ts';
import { archaeologyFirstGame as lesson } from '../../../src/games/archaeology/lessons/first-game.ts';
import type {
  ArchaeologyAction,
  ArchaeologyDeal,
  ArchaeologyOptions,
  ArchaeologyState,
} from '../../../src/games/archaeology/state.ts';
import { countsOf } from '../../../src/games/archaeology/zones.ts';

/** The lesson played by the rules alone: its deal, its steps, its refusals and its scripted rival. */
const LEARNER = 0;

function apply(s: ArchaeologyState, seat: number, action: ArchaeologyAction): ArchaeologyState {
  const r = archaeology.apply(s, seat, action);
  if (!r.ok) throw new Error(`refused: ${en(r.error.msg)}`);
  return r.state;
}

/** The learner's move: the lesson must take it, then the rules apply it; then the rival's moves while due. */
function learn(s: ArchaeologyState, reads: number, action: ArchaeologyAction): ArchaeologyState {
  expect(lesson.refusal(s, reads, action)).toBeNull();
  return rival(apply(s, LEARNER, action));
}

function rival(s: ArchaeologyState): ArchaeologyState {
  let next = s;
  while (!next.finished && archaeology.waitingFor(next).includes(lesson.scriptedSeat))
    next = apply(next, lesson.scriptedSeat, lesson.scripted(next) as ArchaeologyAction);
  return next;
}

const refusalKey = (s: ArchaeologyState, reads: number, a: ArchaeologyAction) =>
  lesson.refusal(s, reads, a)?.key;
const hand = (s: ArchaeologyState, seat = LEARNER) => countsOf(s, s.hands[seat] ?? []);
const END: ArchaeologyAction = { type: 'end' };

describe("Archaeology's first game, by the rules alone", () => {
  it('goes step by step to the end of a real game, and refuses what a step does not ask, saying why', () => {
    let s = archaeology.setup({ ...lesson.options, players: 2 }, lesson.seed) as ArchaeologyState;
    let reads = 0;
    const at = () => lesson.step(s, reads);
    expect(at()).toBe(0);
    const trade: ArchaeologyAction = {
      type: 'trade',
      give: { parchment: 1, coin: 1 },
      take: { talisman: 1 },
    };
    // Reading first: a move before Continue is refused.
    expect(refusalKey(s, reads, trade)).toBe('lesson.wrong.read');
    reads = 1;
    expect(at()).toBe(1);
    // Digging: the turn began with a dig; its Talisman is in the hand.
    expect(hand(s)).toEqual({ parchment: 1, coin: 1, talisman: 2, mask: 1 });
    expect(en(lesson.text(s, 1))).toContain('Yours was a Talisman');
    reads = 2;

    // Trading: another card, a card the next lessons need, or another kind of move.
    expect(at()).toBe(2);
    expect(en(lesson.text(s, 2))).toContain(
      "Keep your Talismans and your Pharaoh's Mask for the next lessons.",
    );
    const kept = lesson.refusal(s, reads, { type: 'trade', give: { mask: 1 }, take: { talisman: 1 } });
    expect(en(kept as NonNullable<typeof kept>)).toContain("Keep your Pharaoh's Mask for the next lessons");
    expect(refusalKey(s, reads, { type: 'trade', give: { parchment: 1 }, take: { 'pot-shard': 1 } })).toBe(
      'lesson.archaeology.wrong.trade-other',
    );
    expect(refusalKey(s, reads, { type: 'trade', give: { mask: 1 }, take: { talisman: 1 } })).toBe(
      'lesson.archaeology.wrong.give-kept',
    );
    expect(refusalKey(s, reads, { type: 'sell', kind: 'talisman', count: 2 })).toBe(
      'lesson.archaeology.wrong.sell',
    );
    expect(refusalKey(s, reads, END)).toBe('lesson.wrong.end');
    // A payment short of the Talisman's value is the rules' to refuse.
    expect(refusalKey(s, reads, { type: 'trade', give: { coin: 1 }, take: { talisman: 1 } })).toBeUndefined();
    expect(
      archaeology.apply(s, LEARNER, { type: 'trade', give: { coin: 1 }, take: { talisman: 1 } }).ok,
    ).toBe(false);
    s = learn(s, reads, trade);

    // Selling: the whole set, then the end of the turn.
    expect(at()).toBe(3);
    expect(refusalKey(s, reads, { type: 'sell', kind: 'mask', count: 1 })).toBe(
      'lesson.archaeology.wrong.sell-other',
    );
    const two = lesson.refusal(s, reads, { type: 'sell', kind: 'talisman', count: 2 });
    expect(two?.key).toBe('lesson.archaeology.wrong.sell-count');
    expect(en(two as NonNullable<typeof two>)).toContain(
      'A set of 2 Talismans pays $7, and all of them together $14',
    );
    expect(refusalKey(s, reads, END)).toBe('lesson.wrong.end');
    s = learn(s, reads, { type: 'sell', kind: 'talisman', count: 3 });
    expect(at()).toBe(3);
    expect(refusalKey(s, reads, { type: 'sell', kind: 'mask', count: 1 })).toBe(
      'lesson.archaeology.wrong.sell',
    );
    s = learn(s, reads, END);

    // Thieves: the rival dug a Coin and ended; the learner's dig was a thief, who robbed the rival's Coins.
    expect(s.turn).toMatchObject({ seat: LEARNER, number: 2 });
    expect(s.thieves).toHaveLength(1);
    expect(hand(s)).toEqual({ coin: 1, mask: 1 });
    expect(at()).toBe(4);
    expect(refusalKey(s, reads, { type: 'sell', kind: 'coin', count: 1 })).toBe(
      'lesson.archaeology.wrong.sell',
    );
    s = learn(s, reads, END);

    // Sandstorms: the rival's dig; the rival has chosen, the learner owes one card.
    expect(s.pending).toMatchObject({ type: 'sandstorm', drawer: 1, owed: [1, 0] });
    expect(at()).toBe(5);
    expect(en(lesson.text(s, 5))).toContain(
      "choose 1 card to lose in My hand, and keep your Pharaoh's Mask.",
    );
    expect(refusalKey(s, reads, { type: 'discard', cards: { mask: 1 } })).toBe(
      'lesson.archaeology.wrong.discard-kept',
    );
    s = learn(s, reads, { type: 'discard', cards: { coin: 1 } });

    // The pyramid: after the storm the rival dug again and ended; the learner's dig was the Map.
    expect(s.turn).toMatchObject({ seat: LEARNER, number: 4 });
    expect(s.dig).toHaveLength(0);
    expect(hand(s)).toEqual({ mask: 1, map: 1 });
    expect(at()).toBe(6);
    expect(refusalKey(s, reads, { type: 'explore', chamber: 'medium' })).toBe(
      'lesson.archaeology.wrong.explore-other',
    );
    expect(refusalKey(s, reads, { type: 'sell', kind: 'mask', count: 1 })).toBe(
      'lesson.archaeology.wrong.sell',
    );
    s = learn(s, reads, { type: 'explore', chamber: 'small' });

    // The end: free; the masks as one set, the Talisman, and the rival sells what it holds.
    expect(at()).toBe(7);
    expect(hand(s)).toEqual({ mask: 3, talisman: 1 });
    s = learn(s, reads, { type: 'sell', kind: 'mask', count: 3 });
    s = learn(s, reads, { type: 'sell', kind: 'talisman', count: 1 });
    s = learn(s, reads, END);
    expect(s.finished).toBe(true);
    expect(at()).toBe(lesson.steps);
    const outcome = archaeology.outcome(s);
    expect(outcome?.results.find((r) => r.seat === LEARNER)).toMatchObject({ rank: 1, score: 14 + 22 + 3 });
    expect(en(lesson.text(s, at()))).toContain('you made $39, your rival $5');
  });

  it('deals the same game every time: the deal is in the options, and a deal that does not fit is refused', () => {
    const options = { ...lesson.options, players: 2 };
    const a = archaeology.setup(options, lesson.seed) as ArchaeologyState;
    const b = archaeology.setup(JSON.parse(JSON.stringify(options)), lesson.seed) as ArchaeologyState;
    expect(a).toEqual(b);
    expect(a.options).toMatchObject({ deal: lesson.options.deal });
    expect(a.cards.filter((k) => k === 'thief')).toHaveLength(1);
    const deal = lesson.options.deal as ArchaeologyDeal;
    // As stored options arrive: unchecked JSON, which setup validates.
    const dealing =
      (changes: Record<string, unknown>, players = 2) =>
      () =>
        archaeology.setup(
          { ...options, players, deal: { ...deal, ...changes } } as unknown as ArchaeologyOptions,
          'x',
        );
    expect(dealing({}, 3)).toThrow(/one hand per player/);
    expect(dealing({ chambers: { ...deal.chambers, small: ['mask'] } })).toThrow(
      /small chamber holds 1 cards, not 3/,
    );
    expect(dealing({ hands: [['mask', 'mask', 'mask', 'mask', 'mask'], []] })).toThrow(
      /more mask cards than the game/,
    );
    expect(dealing({ hands: [['pyramid'], []] })).toThrow(/invalid Archaeology options/);
    expect(dealing({})).not.toThrow();
  });
});
