import { describe, expect, it } from 'vitest';
import { en } from '../../src/adapters/english.ts';
import { nextInt, seedRng } from '../../src/games/kernel/rng.ts';
import { apply, valley, waitingFor } from '../../src/games/valley/index.ts';
import { conservationError, leakError } from '../../src/games/valley/invariants.ts';
import { legalActions } from '../../src/games/valley/legal-actions.ts';
import type { CardPool } from '../../src/games/valley/pools.ts';
import type { ValleyAction, ValleyState } from '../../src/games/valley/state.ts';
import { view } from '../../src/games/valley/view.ts';

// FUZZ_GAMES=100000 npx vitest run test/valley/fuzz.test.ts runs a long campaign; CI runs a thousand.
/**
 * A campaign is pure CPU: on two cores shared with the rest of the suite it may take a few times as
 * long as alone, so its limit guards against a hang, not against a slow machine.
 */
const CAMPAIGN_TIMEOUT_MS = 240_000;
const GAMES = Number(process.env.FUZZ_GAMES ?? 1000);
const MAX_ACTIONS = 20_000;
const AFTERLIFE_GAMES = Math.max(20, Math.ceil(GAMES / 10));

type Logged = { seat: number; action: ValleyAction };

function playRandomGame(
  seed: string,
  players: number,
  deep: boolean,
  pool?: CardPool,
): { state: ValleyState; log: Logged[] } {
  const rng = seedRng(`moves:${seed}`);
  let s = valley.setup(pool ? { players, pool } : { players }, seed);
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
      throw new Error(`${seed}: legal action refused: ${JSON.stringify(action)}: ${en(r.error.msg)}`);
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
  it(
    `${GAMES} games keep every invariant after every action`,
    () => {
      let turns = 0;
      for (let g = 0; g < GAMES; g++) {
        const { state } = playRandomGame(`fuzz-${g}`, 2 + (g % 3), g % 8 === 0);
        expect(valley.outcome(state)).not.toBeNull();
        expect(waitingFor(state)).toEqual([]);
        turns += state.turn.number;
      }
      expect(turns / GAMES).toBeGreaterThan(10);
    },
    CAMPAIGN_TIMEOUT_MS,
  );

  // The Afterlife cards bring their own hidden information (Senet Game shows a hand to one seat) and
  // state (Ring, queued Axes): a quarter of these games check every view after every action.
  it(
    `${AFTERLIFE_GAMES} Base + Afterlife games with 2–6 players keep every invariant after every action`,
    () => {
      for (let g = 0; g < AFTERLIFE_GAMES; g++) {
        const { state } = playRandomGame(`afterlife-${g}`, 2 + (g % 5), g % 4 === 0, 'base-afterlife');
        expect(valley.outcome(state)).not.toBeNull();
        expect(state.turn.axes).toBeUndefined();
      }
    },
    CAMPAIGN_TIMEOUT_MS,
  );

  it('replaying the action log from the seed reproduces the final state exactly', () => {
    for (let g = 0; g < 16; g++) {
      const seed = `replay-${g}`;
      const players = 2 + (g % 3);
      const pool: CardPool | undefined = g >= 12 ? 'base-afterlife' : undefined;
      const { state, log } = playRandomGame(seed, players, false, pool);
      let replay = valley.setup(pool ? { players, pool } : { players }, seed);
      for (const { seat, action } of log) {
        const r = apply(replay, seat, JSON.parse(JSON.stringify(action)));
        if (!r.ok) throw new Error(en(r.error.msg));
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

  it('lets a hand shown to one seat (Senet Game) appear in that seat’s view only', () => {
    const s = valley.setup({ players: 3, pool: 'base-afterlife' }, 'checks');
    const hand = s.players[1]?.hand as number[];
    s.turn.shown = [{ from: 1, to: 0, cards: [...hand] }];
    const mine = view(s, 0);
    expect(mine.me?.shown?.[0]?.cards.map((c) => c.instance)).toEqual(hand);
    expect(leakError(s, mine, 0)).toBeNull();
    // The same cards in anyone else's view are a leak.
    for (const viewer of [null, 2]) {
      const v = view(s, viewer);
      expect(leakError(s, v, viewer)).toBeNull();
      const leaky = { ...v, extra: mine.me?.shown };
      expect(leakError(s, leaky, viewer)).toMatch(/hidden cards/);
    }
  });
});
