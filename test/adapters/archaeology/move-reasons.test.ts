import { describe, expect, it } from 'vitest';
import {
  type ArchaeologyReason,
  archaeologyMoveReasons,
  archaeologyReasonFacts,
  archaeologyReasonText,
} from '../../../src/adapters/archaeology/move-reasons.ts';
import { determinize } from '../../../src/games/archaeology/bots/determinize.ts';
import { easyBot } from '../../../src/games/archaeology/bots/easy-bot.ts';
import { applyInPlace, archaeology, waitingFor } from '../../../src/games/archaeology/index.ts';
import { legalActions } from '../../../src/games/archaeology/legal-actions.ts';
import type { ArchaeologyAction, ArchaeologyState } from '../../../src/games/archaeology/state.ts';
import { countsOf, maxSet, moneyOf, setValue, tradeValue } from '../../../src/games/archaeology/zones.ts';
import { seedRng } from '../../../src/games/kernel/rng.ts';
import { LANGUAGES } from '../../../src/i18n/messages.ts';

/** Every decision of Easy games (a thief to aim included; a sandstorm's discards have no reasons). */
function positions(players: number, seed: string, every: number): { s: ArchaeologyState; seat: number }[] {
  const s = archaeology.setup({ players }, seed);
  const rng = seedRng(`${seed}/bots`);
  const out: { s: ArchaeologyState; seat: number }[] = [];
  let n = 0;
  while (!s.finished) {
    const seat = waitingFor(s)[0] as number;
    if ((s.pending?.type === 'thief' || n++ % every === 0) && s.pending?.type !== 'sandstorm')
      out.push({ s: structuredClone(s), seat });
    applyInPlace(s, seat, easyBot(s, seat, rng));
  }
  return out;
}

/** At most `most` of a position's legal actions, spread over the list (trades can be hundreds). */
function someActions(s: ArchaeologyState, seat: number, most: number): ArchaeologyAction[] {
  const all = legalActions(s, seat);
  const step = Math.max(1, Math.ceil(all.length / most));
  return all.filter((_, i) => i % step === 0 || all[i]?.type !== 'trade');
}

const held = (s: ArchaeologyState, seat: number) => countsOf(s, s.hands[seat] ?? []);
const left = (s: ArchaeologyState, kind: 'sandstorm' | 'thief') =>
  s.dig.filter((c) => s.cards[c] === kind).length;

/** Whether the fact holds of the game before and after the move (the real state, hidden cards and all). */
function holds(
  r: ArchaeologyReason,
  before: ArchaeologyState,
  after: ArchaeologyState,
  seat: number,
  a: ArchaeologyAction,
): void {
  switch (r.kind) {
    case 'sale':
      expect(moneyOf(before, seat)).toBe(r.before);
      expect(moneyOf(after, seat) - moneyOf(before, seat)).toBe(r.value);
      expect(held(before, seat)[r.treasure] ?? 0).toBe((held(after, seat)[r.treasure] ?? 0) + r.count);
      return;
    case 'bigger-set':
      expect(held(before, seat)[r.treasure] ?? 0).toBeGreaterThanOrEqual(r.count);
      expect(r.count).toBeLessThanOrEqual(maxSet(before, r.treasure));
      expect(setValue(before, r.treasure, r.count)).toBe(r.value);
      return;
    case 'trade-loss':
      if (a.type !== 'trade') throw new Error('a trade loss of a move that is no trade');
      expect(tradeValue(before, a.give)).toBe(r.gives);
      expect(tradeValue(before, a.take)).toBe(r.takes);
      expect(r.gives).toBeGreaterThan(r.takes);
      return;
    case 'trade-set':
      expect(held(after, seat)[r.treasure] ?? 0).toBe(r.count);
      expect(setValue(after, r.treasure, Math.min(r.count, maxSet(after, r.treasure)))).toBe(r.value);
      return;
    case 'explore': {
      const was = held(before, seat).map ?? 0;
      const cards = before.chambers[r.chamber]?.length;
      expect(cards).toBe(r.cards);
      expect(held(after, seat).map ?? 0).toBe(
        was - r.maps + (countsOf(before, before.chambers[r.chamber] ?? []).map ?? 0),
      );
      expect(after.hands[seat]?.length).toBe((before.hands[seat]?.length ?? 0) - r.maps + r.cards);
      return;
    }
    case 'hand-at-risk':
      expect(before.hands[seat]?.length).toBe(r.cards);
      expect(left(before, 'sandstorm')).toBe(r.sandstorms);
      expect(left(before, 'thief')).toBe(r.thieves);
      return;
    case 'unsold':
      expect(held(before, seat)[r.treasure] ?? 0).toBeGreaterThanOrEqual(r.count);
      expect(setValue(before, r.treasure, r.count)).toBe(r.value);
      // Nothing sold by ending the turn.
      expect(moneyOf(after, seat)).toBe(moneyOf(before, seat));
      return;
    case 'rob':
      if (a.type !== 'steal') throw new Error('a robbery by a move that is no steal');
      expect(before.hands[a.from]?.length).toBe(r.cards);
      return;
  }
}

describe('Archaeology’s move reasons', () => {
  it('say only what the game after the move bears out, in every language', () => {
    const seen = new Map<string, number>();
    for (const players of [2, 3, 4])
      for (const { s, seat } of positions(players, `reasons-${players}`, 2)) {
        const view = archaeology.view(s, seat);
        for (const action of someActions(s, seat, 30)) {
          const facts = archaeologyReasonFacts(view, action);
          const after = structuredClone(s);
          applyInPlace(after, seat, action);
          for (const r of facts) {
            holds(r, s, after, seat, action);
            seen.set(r.kind, (seen.get(r.kind) ?? 0) + 1);
            for (const language of LANGUAGES) {
              const text = archaeologyReasonText(r, language);
              expect(text).not.toMatch(/archaeology\.reason|\{|\}|undefined|NaN/);
              expect(text.length).toBeGreaterThan(10);
            }
          }
        }
      }
    expect([...seen.keys()].sort()).toEqual(
      ['bigger-set', 'explore', 'hand-at-risk', 'rob', 'sale', 'trade-loss', 'trade-set', 'unsold'].sort(),
    );
  });

  it('never read a hidden card: the same reasons for deals the seat cannot tell apart', () => {
    let compared = 0;
    for (const { s, seat } of positions(3, 'reasons-hidden', 5)) {
      const other = determinize(s, seat, seedRng(`other-${compared}`));
      for (const action of someActions(s, seat, 10)) {
        for (const language of LANGUAGES)
          expect(archaeologyMoveReasons(other, seat, action, language)).toEqual(
            archaeologyMoveReasons(s, seat, action, language),
          );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });
});
