import { expect } from 'vitest';
import { nextInt, type RngState, seedRng } from '../../src/games/kernel/rng.ts';
import { applyEvent, createTournament, type TournamentEvent } from '../../src/tournaments/events.ts';
import type { Placement, Tournament, TournamentSettings } from '../../src/tournaments/model.ts';
import { defaultSettings } from '../../src/tournaments/settings.ts';
import { defaultMinTableSize } from '../../src/tournaments/table-layout.ts';

export const T0 = Date.UTC(2026, 10, 1);
export const HOUR = 3_600_000;

/** Applies `e`, failing the test on a refusal. */
export function must(t: Tournament, e: TournamentEvent): Tournament {
  const r = applyEvent(t, e);
  if (!r.ok) throw new Error(`${e.type} refused: ${JSON.stringify(r.refusal)}`);
  return r.value;
}

export const user = (i: number): string => `u${String(i).padStart(3, '0')}`;

export function settingsWith(over: Partial<TournamentSettings>): TournamentSettings {
  const minTableSize = defaultMinTableSize(over.tableSize ?? 4);
  return { ...defaultSettings('valley', T0 + 24 * HOUR), checkInMs: 0, minTableSize, ...over };
}

/** A tournament in registration with `n` entrants, ratings drawn from `rng` (ties likely). */
export function registered(n: number, over: Partial<TournamentSettings>, seed = 'seed'): Tournament {
  let t = createTournament('t1', seed, settingsWith(over), T0);
  t = must(t, { type: 'open', at: T0 });
  const rng = seedRng(`ratings:${seed}`);
  for (let i = 0; i < n; i++)
    t = must(t, { type: 'register', userId: user(i), rating: nextInt(rng, 20), at: T0 + i });
  return t;
}

/** Registered, closed (no check-in window: everyone is in) and started: round one is made. */
export function started(n: number, over: Partial<TournamentSettings>, seed = 'seed'): Tournament {
  let t = registered(n, over, seed);
  t = must(t, { type: 'close-registration', at: T0 + HOUR });
  return must(t, { type: 'start', at: T0 + 2 * HOUR });
}

/** A random competition ranking of `seats`, a shared place now and then. */
export function randomPlaces(rng: RngState, seats: readonly string[]): Placement[] {
  const order = [...seats];
  for (let i = order.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  const places: Placement[] = [];
  order.forEach((u, i) => {
    const tie = i > 0 && nextInt(rng, 6) === 0;
    places.push({ userId: u, place: tie ? (places[i - 1] as Placement).place : i + 1 });
  });
  return places;
}

/** Reports a random result for every table of the current round (which makes the next one). */
export function playRound(t: Tournament, rng: RngState, at: number): Tournament {
  const round = t.rounds.at(-1);
  expect(round).toBeDefined();
  let out = t;
  for (const table of round?.tables ?? [])
    out = must(out, {
      type: 'report',
      tableId: table.id,
      places: randomPlaces(rng, table.seats),
      ending: 'played',
      at,
    });
  return out;
}
