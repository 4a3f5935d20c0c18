import { describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../src/games/kernel/rng.ts';
import { apply, valley, waitingFor } from '../../src/games/valley/index.ts';
import { conservationError, leakError } from '../../src/games/valley/invariants.ts';
import { legalActions } from '../../src/games/valley/legal-actions.ts';
import type { ValleyAction, ValleyState } from '../../src/games/valley/state.ts';
import { view } from '../../src/games/valley/view.ts';

// FUZZ_GAMES=100000 npx vitest run test/valley/fuzz.test.ts runs a long campaign; CI runs a thousand.
const GAMES = Number(process.env.FUZZ_GAMES ?? 1000);
const MAX_ACTIONS = 20_000;

type Logged = { seat: number; action: ValleyAction };

function playRandomGame(seed: string, players: number, deep: boolean): { state: ValleyState; log: Logged[] } {
  const rng = seedRng(`moves:${seed}`);
  let s = valley.setup({ players }, seed);
  const log: Logged[] = [];
  while (!s.finished) {
    const seats = waitingFor(s);
    if (seats.length === 0) throw new Error(`${seed}: nobody can act at action ${log.length}`);
    const seat = seats[nextInt(rng, seats.length)] as number;
    const actions = legalActions(s, seat);
    if (actions.length === 0) throw new Error(`${seed}: seat ${seat} is waited for but has no legal action`);
    const action = actions[nextInt(rng, actions.length)] as ValleyAction;
    const before = deep ? JSON.stringify(s) : '';
    const r = apply(s, seat, action);
    if (!r.ok)
      throw new Error(`${seed}: legal action refused: ${JSON.stringify(action)}: ${r.error.message}`);
    if (deep && JSON.stringify(s) !== before) throw new Error(`${seed}: apply mutated its input`);
    s = r.state;
    log.push({ seat, action });
    const lost = conservationError(s);
    if (lost) throw new Error(`${seed} after ${JSON.stringify(action)}: ${lost}`);
    if (deep)
      for (const viewer of [null, ...s.players.map((_, i) => i)]) {
        const leak = leakError(s, view(s, viewer), viewer);
        if (leak) throw new Error(`${seed} after ${JSON.stringify(action)}: ${leak}`);
      }
    if (log.length > MAX_ACTIONS) throw new Error(`${seed}: no end after ${MAX_ACTIONS} actions`);
  }
  return { state: s, log };
}

describe('fuzz: seeded random games played to the end', () => {
  it(`${GAMES} games keep every invariant after every action`, () => {
    let turns = 0;
    for (let g = 0; g < GAMES; g++) {
      const { state } = playRandomGame(`fuzz-${g}`, 2 + (g % 3), g % 8 === 0);
      expect(valley.outcome(state)).not.toBeNull();
      expect(waitingFor(state)).toEqual([]);
      turns += state.turn.number;
    }
    expect(turns / GAMES).toBeGreaterThan(10);
  });

  it('replaying the action log from the seed reproduces the final state exactly', () => {
    for (let g = 0; g < 12; g++) {
      const seed = `replay-${g}`;
      const players = 2 + (g % 3);
      const { state, log } = playRandomGame(seed, players, false);
      let replay = valley.setup({ players }, seed);
      for (const { seat, action } of log) {
        const r = apply(replay, seat, JSON.parse(JSON.stringify(action)));
        if (!r.ok) throw new Error(r.error.message);
        replay = r.state;
      }
      expect(replay).toEqual(state);
      // The state is plain JSON: a round trip changes nothing.
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    }
  });

  it('detects a lost card and a leaked hand card (the checks themselves can fail)', () => {
    const s = valley.setup({ players: 2 }, 'checks');
    const broken = JSON.parse(JSON.stringify(s)) as ValleyState;
    broken.players[0]?.hand.pop();
    expect(conservationError(broken)).toMatch(/in 0 zones/);
    const v = view(s, 1);
    const leaky = { ...v, pyramid: [{ instance: s.players[0]?.hand[0] as number, card: 'x' }] };
    expect(leakError(s, leaky, 1)).toMatch(/hidden cards/);
  });
});
