import { describe, expect, it } from 'vitest';
import { analyseArchaeology } from '../../src/games/archaeology/bots/analysis.ts';
import { determinize } from '../../src/games/archaeology/bots/determinize.ts';
import { heuristicBot } from '../../src/games/archaeology/bots/heuristic-bot.ts';
import { archaeologyBotMove } from '../../src/games/archaeology/bots/index.ts';
import {
  candidates,
  SEARCHED_TRADES,
  searchArchaeology,
} from '../../src/games/archaeology/bots/search-bot.ts';
import { applyInPlace, archaeology, waitingFor } from '../../src/games/archaeology/index.ts';
import { conservationError, redealHidden } from '../../src/games/archaeology/invariants.ts';
import { legalActions } from '../../src/games/archaeology/legal-actions.ts';
import type { ArchaeologyAction, ArchaeologyState } from '../../src/games/archaeology/state.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Positions of heuristic games where nothing is pending: where the search plays. */
function positions(players: number, seed: string, every: number): { s: ArchaeologyState; seat: number }[] {
  const s = archaeology.setup({ players }, seed);
  const rng = seedRng(`${seed}/bots`);
  const out: { s: ArchaeologyState; seat: number }[] = [];
  let n = 0;
  while (!s.finished) {
    const seat = waitingFor(s)[0] as number;
    if (s.pending === null && n++ % every === 0) out.push({ s: structuredClone(s), seat });
    applyInPlace(s, seat, heuristicBot(s, seat, rng));
  }
  return out;
}

describe('the Archaeology search player’s worlds (determinize)', () => {
  it('keep every card in one place and what the seat sees, put no map in a chamber, and deal the rest anew', () => {
    let changed = 0;
    let checked = 0;
    for (const players of [2, 4])
      for (const { s, seat } of positions(players, `worlds-${players}`, 4)) {
        const w = determinize(s, seat, seedRng(`w${checked}`));
        expect(conservationError(w)).toBeNull();
        expect(archaeology.view(w, seat)).toEqual(archaeology.view(s, seat));
        expect(legalActions(w, seat)).toEqual(legalActions(s, seat));
        for (const chamber of Object.values(w.chambers))
          expect((chamber ?? []).filter((c) => w.cards[c] === 'map')).toEqual([]);
        if (!same(w.dig, s.dig)) changed++;
        checked++;
      }
    expect(checked).toBeGreaterThan(10);
    // A dig site of one card or none cannot change: late positions may keep it.
    expect(changed).toBeGreaterThan(checked / 2);
  });

  it('depend only on what the seat may know: the same world from real games it cannot tell apart', () => {
    for (const { s, seat } of positions(3, 'same-world', 5).slice(0, 10)) {
      const other = redealHidden(s, seat, `other-${seat}`);
      expect(archaeology.view(other, seat)).toEqual(archaeology.view(s, seat));
      expect(determinize(other, seat, seedRng('w'))).toEqual(determinize(s, seat, seedRng('w')));
    }
  });
});

describe('the Archaeology search player', () => {
  /**
   * Few playouts: sequential halving still gives every candidate one and the survivors more, which is all
   * honesty needs (the same worlds, the same choice), and the work stays small enough that two busy cores
   * cannot push the test past its time (it once took 10 s of 30 s at 40 playouts and 12 positions).
   */
  const HONEST_PLAYOUTS = 12;
  /**
   * Only against a hang: the work is counted (playouts), and on two cores shared with other work it took
   * up to 29 s (against 10 s on a calm machine before the playouts were cut), near the suite's 30 s.
   */
  const HANG_GUARD_MS = 120_000;

  it(
    'never cheats: the same choice whatever the hidden cards are, for the same view and seed',
    () => {
      let compared = 0;
      let differed = 0;
      for (const players of [2, 4])
        for (const { s, seat } of positions(players, `honest-${players}`, 6).slice(0, 5)) {
          const other = redealHidden(s, seat, `hidden-${compared}`);
          const a = searchArchaeology(s, seat, { playouts: HONEST_PLAYOUTS }, seedRng('search'));
          const b = searchArchaeology(other, seat, { playouts: HONEST_PLAYOUTS }, seedRng('search'));
          expect(b).toEqual(a);
          if (a && !same(a.action, heuristicBot(s, seat, seedRng('search')))) differed++;
          compared++;
        }
      expect(compared).toBeGreaterThanOrEqual(10);
      expect(differed).toBeGreaterThan(0);
    },
    HANG_GUARD_MS,
  );

  it('weighs every sale, exploration and end of turn, the four best trades and the heuristic’s choice', () => {
    let pruned = 0;
    for (const { s, seat } of positions(3, 'candidates', 3)) {
      const legal = legalActions(s, seat);
      const hint = heuristicBot(s, seat, seedRng('h'));
      const c = candidates(s, seat, legal, hint);
      expect(c.some((x) => same(x, hint))).toBe(true);
      expect(c.filter((x) => x.type !== 'trade')).toEqual(legal.filter((x) => x.type !== 'trade'));
      expect(c.filter((x) => x.type === 'trade' && !same(x, hint)).length).toBeLessThanOrEqual(
        SEARCHED_TRADES,
      );
      for (const x of c) expect(legal.some((l) => same(l, x))).toBe(true);
      pruned = Math.max(pruned, legal.length - c.length);
    }
    expect(pruned).toBeGreaterThan(5);
  });

  it('leaves a pending thief or sandstorm to the heuristic', () => {
    const { s, seat } = positions(3, 'pending', 3)[2] as { s: ArchaeologyState; seat: number };
    const pending = { ...s, pending: { type: 'thief' as const, id: 1, seat, targets: [(seat + 1) % 3] } };
    expect(searchArchaeology(pending, seat, { playouts: 10 }, seedRng('p'))).toBeNull();
  });
});

describe('the Archaeology search player’s analysis (hints and key moments)', () => {
  it('gives first the move the Hard player makes from the same view and seed, each move with its chance', () => {
    let checked = 0;
    for (const { s, seat } of positions(2, 'hint', 7).slice(0, 3)) {
      const a = analyseArchaeology(s, seat, { top: 3 });
      if (!a) continue;
      expect(a.moves[0]?.action).toEqual(archaeologyBotMove(s, seat, 'search'));
      expect(a.moves.length).toBeGreaterThan(1);
      for (const m of a.moves) {
        expect(m.winChance).toBeGreaterThanOrEqual(0);
        expect(m.winChance).toBeLessThanOrEqual(1);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('never cheats: the same hint and the same cost of a move whatever the hidden cards are', () => {
    let compared = 0;
    for (const { s, seat } of positions(3, 'hint-honest', 5).slice(0, 4)) {
      const other = redealHidden(s, seat, `hidden-${compared}`);
      const played = legalActions(s, seat).at(-1) as ArchaeologyAction;
      const a = analyseArchaeology(s, seat, { top: 3, played, duels: 8 }, seedRng('a'), 12);
      const b = analyseArchaeology(other, seat, { top: 3, played, duels: 8 }, seedRng('a'), 12);
      expect(b).toEqual(a);
      compared++;
    }
    expect(compared).toBe(4);
  });
});
