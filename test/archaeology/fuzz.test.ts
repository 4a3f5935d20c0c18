import { describe, expect, it } from 'vitest';
import { en } from '../../src/adapters/english.ts';
import { archaeologyBots } from '../../src/games/archaeology/bots/index.ts';
import { apply, archaeology, waitingFor } from '../../src/games/archaeology/index.ts';
import { conservationError, leakError } from '../../src/games/archaeology/invariants.ts';
import { legalActions } from '../../src/games/archaeology/legal-actions.ts';
import type { ArchaeologyAction, ArchaeologyState } from '../../src/games/archaeology/state.ts';
import { nextInt, seedRng } from '../../src/games/kernel/rng.ts';
import { replay } from './helpers.ts';

// FUZZ_GAMES=100000 npx vitest run test/archaeology/fuzz.test.ts runs a long campaign; CI runs a thousand.
/**
 * A campaign is pure CPU: on two cores shared with the rest of the suite it may take a few times as
 * long as alone, so its limit guards against a hang, not against a slow machine.
 */
const CAMPAIGN_TIMEOUT_MS = 240_000;
const GAMES = Number(process.env.FUZZ_GAMES ?? 1000);
const MAX_ACTIONS = 20_000;

type Logged = { seat: number; action: ArchaeologyAction };

/**
 * Random legal play, with now and then a larger trade than legalActions lists (several cards each
 * way) or a malformed or illegal action, which must be refused without changing anything.
 */
function playRandomGame(seed: string, players: number, deep: boolean) {
  const rng = seedRng(`moves:${seed}`);
  let s: ArchaeologyState = archaeology.setup({ players }, seed);
  const log: Logged[] = [];
  let refused = 0;
  while (!s.finished) {
    const seats = waitingFor(s);
    if (seats.length === 0) throw new Error(`${seed}: nobody can act at action ${log.length}`);
    const seat = seats[nextInt(rng, seats.length)] as number;
    const legal = legalActions(s, seat);
    if (legal.length === 0) throw new Error(`${seed}: seat ${seat} is waited for but has no legal action`);
    if (nextInt(rng, 10) === 0) {
      // Something not on the list: a stranger's action, a random trade or sale, or junk.
      const stranger = (seat + 1) % players;
      const tries: unknown[] = [
        { type: 'trade', give: { coin: 1, talisman: 1 }, take: { mask: 1, parchment: 1 } },
        { type: 'trade', give: { parchment: 2 }, take: { coin: 1 } },
        { type: 'sell', kind: 'talisman', count: 6 },
        { type: 'explore', chamber: 'large' },
        { type: 'discard', cards: { coin: 3 } },
        { type: 'steal', from: seat },
        { type: 'end' },
        { type: 'dig' },
        null,
      ];
      const attempt = tries[nextInt(rng, tries.length)];
      const who = nextInt(rng, 2) === 0 ? seat : stranger;
      const before = JSON.stringify(s);
      const r = apply(s, who, attempt);
      if (JSON.stringify(s) !== before) throw new Error(`${seed}: apply mutated its input`);
      if (r.ok) {
        s = r.state;
        log.push({ seat: who, action: attempt as ArchaeologyAction });
      } else refused++;
      continue;
    }
    const end = legal.find((a) => a.type === 'end');
    const action =
      end && nextInt(rng, 3) === 0 ? end : (legal[nextInt(rng, legal.length)] as ArchaeologyAction);
    const before = deep ? JSON.stringify(s) : '';
    const r = apply(s, seat, action);
    if (!r.ok)
      throw new Error(`${seed}: legal action refused: ${JSON.stringify(action)}: ${en(r.error.msg)}`);
    if (deep && JSON.stringify(s) !== before) throw new Error(`${seed}: apply mutated its input`);
    s = r.state;
    log.push({ seat, action });
    const lost = conservationError(s);
    if (lost) throw new Error(`${seed} after ${JSON.stringify(action)}: ${lost}`);
    if (deep)
      for (const viewer of [null, ...s.hands.map((_, i) => i)]) {
        const leak = leakError(s, viewer, `${seed}/${log.length}`);
        if (leak) throw new Error(`${seed} after ${JSON.stringify(action)}: ${leak}`);
      }
    if (log.length > MAX_ACTIONS) throw new Error(`${seed}: no end after ${MAX_ACTIONS} actions`);
  }
  return { state: s, log, refused };
}

describe('fuzz: seeded random games of Archaeology played to the end', () => {
  it(
    `${GAMES} games at 2 to 4 players keep every invariant after every action`,
    () => {
      let refused = 0;
      for (let g = 0; g < GAMES; g++) {
        const { state, refused: r } = playRandomGame(`fuzz-${g}`, 2 + (g % 3), g % 8 === 0);
        refused += r;
        expect(archaeology.outcome(state)).not.toBeNull();
        expect(waitingFor(state)).toEqual([]);
        expect(state.hands.every((h) => h.length === 0)).toBe(true);
        expect(state.dig).toEqual([]);
      }
      // The odd actions were tried, and most were refused.
      expect(refused).toBeGreaterThan(GAMES);
    },
    CAMPAIGN_TIMEOUT_MS,
  );

  it('a game replays from its seed and actions to the same state', () => {
    for (let g = 0; g < 30; g++) {
      const { state, log } = playRandomGame(`replay-${g}`, 2 + (g % 3), false);
      expect(replay({ players: 2 + (g % 3) }, `replay-${g}`, log)).toEqual(state);
    }
  });

  it('the computer players finish games without a refused move', () => {
    for (const name of ['random', 'heuristic'] as const)
      for (let g = 0; g < 30; g++) {
        let s = archaeology.setup({ players: 2 + (g % 3) }, `bots-${name}-${g}`);
        const rng = seedRng(`b${g}`);
        for (let n = 0; !s.finished; n++) {
          if (n > MAX_ACTIONS) throw new Error('no end');
          const seat = waitingFor(s)[0] as number;
          const r = apply(s, seat, archaeologyBots[name](s, seat, rng));
          if (!r.ok) throw new Error(`${name} bot refused: ${en(r.error.msg)}`);
          s = r.state;
        }
        expect(archaeology.outcome(s)?.results).toHaveLength(2 + (g % 3));
      }
  });
});
