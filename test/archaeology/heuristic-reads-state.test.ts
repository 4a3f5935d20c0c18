import { describe, expect, it } from 'vitest';
import { heuristicBot, heuristicFromView } from '../../src/games/archaeology/bots/heuristic-bot.ts';
import { applyInPlace, archaeology, waitingFor } from '../../src/games/archaeology/index.ts';
import { legalActions } from '../../src/games/archaeology/legal-actions.ts';
import { nextInt, seedRng } from '../../src/games/kernel/rng.ts';

/**
 * The heuristic answers its own turns, thieves and sandstorms from the state, with arrays and a bound that
 * skips trades which cannot win, because the search asks it at every move of every playout. Here it is
 * held, in every position of seeded games and for every seat awaited, to the same player reading the view
 * it builds (labels, every legal trade as an object). A third of the moves are random legal ones, so that
 * hands the heuristic would not build are met too.
 */
describe('Archaeology heuristic read from the state', () => {
  it.each([2, 3, 4])('chooses as the view-built player in every position (%i players)', (players) => {
    let positions = 0;
    let questions = 0;
    for (let g = 0; g < 12; g++) {
      const s = archaeology.setup({ players }, `reads-state-${players}-${g}`);
      const rng = seedRng(`reads-state-bots-${players}-${g}`);
      while (!s.finished) {
        const waiting = waitingFor(s);
        for (const seat of waiting) {
          const fast = heuristicBot(s, seat, rng);
          expect(JSON.stringify(fast)).toBe(JSON.stringify(heuristicFromView(s, seat)));
          positions++;
          if (s.pending !== null) questions++;
        }
        const seat = waiting[0] as number;
        const legal = legalActions(s, seat);
        const a = nextInt(rng, 3) === 0 ? legal[nextInt(rng, legal.length)] : heuristicBot(s, seat, rng);
        applyInPlace(s, seat, a as NonNullable<typeof a>);
      }
    }
    // Thieves and sandstorms were met, and enough turns to matter.
    expect(questions).toBeGreaterThan(20);
    expect(positions).toBeGreaterThan(500);
  });
});
