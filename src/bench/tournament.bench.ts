/**
 * `npm run bench -- tournament`: pairing a Swiss round of 1,000 entrants (issue #40's goal: ≤ 1 s), at
 * tables of 2, 4 and 6, for rounds 2–6, each after a round of realistic results: places follow each
 * player's strength (their rating at entry) plus luck, with now and then a shared place.
 * Per case it prints the pairing's time (p50 and max over repeated pairings of the same stored value —
 * a pairing is a pure function of it), the search's work units (seating-search.ts counts work, not time,
 * so the same tournament always gets the same round), the search that seated the round and its repeat
 * meetings, and the time of the report that completed the round before (which pairs the next one in the
 * same step, as the table layer does). `--quick` (CI) pairs rounds 2–3 once per table size.
 */
import { nextInt, type RngState, seedRng } from '../games/kernel/rng.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';
import { applyEvent, createTournament, type TournamentEvent } from '../tournaments/events.ts';
import type { Placement, Tournament } from '../tournaments/model.ts';
import { defaultSettings } from '../tournaments/settings.ts';
import { measuredSwissPairing } from '../tournaments/swiss.ts';
import { defaultMinTableSize } from '../tournaments/table-layout.ts';

const ENTRANTS = 1_000;
const GOAL_MS = 1_000;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 1);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN).toFixed(1));
};

function must(t: Tournament, e: TournamentEvent): Tournament {
  const r = applyEvent(t, e);
  if (!r.ok) throw new Error(`${e.type} refused: ${JSON.stringify(r.refusal)}`);
  return r.value;
}

/** A normal draw (Box–Muller) from the seeded generator. */
function gauss(rng: RngState): number {
  const u = (nextInt(rng, 1_000_000) + 1) / 1_000_001;
  const v = nextInt(rng, 1_000_000) / 1_000_000;
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Places by strength plus luck (a 200-point spread of form each game), one shared place in ~15. */
function realisticPlaces(
  rng: RngState,
  seats: readonly string[],
  rating: ReadonlyMap<string, number>,
): Placement[] {
  const order = seats
    .map((u) => ({ u, form: (rating.get(u) ?? 1500) + 200 * gauss(rng) }))
    .sort((a, b) => b.form - a.form);
  const places: Placement[] = [];
  order.forEach(({ u }, i) => {
    const shared = i > 0 && nextInt(rng, 15) === 0;
    places.push({ userId: u, place: shared ? (places[i - 1] as Placement).place : i + 1 });
  });
  return places;
}

function startedSwiss(tableSize: number, rounds: number): { t: Tournament; rating: Map<string, number> } {
  const settings = {
    ...defaultSettings('valley', T0 + 24 * HOUR),
    tableSize,
    minTableSize: defaultMinTableSize(tableSize),
    rounds,
    checkInMs: 0,
  };
  let t = must(createTournament('bench', `bench:${tableSize}`, settings, T0), { type: 'open', at: T0 });
  const rng = seedRng(`bench ratings:${tableSize}`);
  const rating = new Map<string, number>();
  for (let i = 0; i < ENTRANTS; i++) {
    const userId = `u${String(i).padStart(4, '0')}`;
    // Displayed ratings around 1500 (ties happen, as they do between new players).
    const r = Math.round(1500 + 150 * gauss(rng));
    rating.set(userId, r);
    t = must(t, { type: 'register', userId, rating: r, at: T0 + i });
  }
  t = must(t, { type: 'close-registration', at: T0 + HOUR });
  return { t: must(t, { type: 'start', at: T0 + 2 * HOUR }), rating };
}

const sameTables = (a: readonly (readonly string[])[], b: readonly (readonly string[])[]) =>
  JSON.stringify(a.map((x) => [...x].sort()).sort()) === JSON.stringify(b.map((x) => [...x].sort()).sort());

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const lastRound = quick ? 3 : 6;
  const samples = quick ? 1 : 7;
  let worst = 0;
  for (const tableSize of [2, 4, 6]) {
    let { t, rating } = startedSwiss(tableSize, lastRound);
    const rng = seedRng(`bench results:${tableSize}`);
    for (let r = 2; r <= lastRound; r++) {
      const round = t.rounds.at(-1);
      if (!round) throw new Error('no round in play');
      const at = T0 + r * 24 * HOUR;
      for (const table of round.tables.slice(0, -1))
        t = must(t, {
          type: 'report',
          tableId: table.id,
          places: realisticPlaces(rng, table.seats, rating),
          ending: 'played',
          at,
        });
      const last = round.tables.at(-1);
      if (!last) throw new Error('no table');
      const r0 = performance.now();
      t = must(t, {
        type: 'report',
        tableId: last.id,
        places: realisticPlaces(rng, last.seats, rating),
        ending: 'played',
        at,
      });
      const reportMs = performance.now() - r0;
      const made = t.rounds.at(-1);
      if (made?.number !== r) throw new Error(`round ${r} was not made`);
      // The stored value the pairing was made from: everything but the round it made.
      const before: Tournament = { ...t, rounds: t.rounds.slice(0, -1) };
      const times: number[] = [];
      let spent: ReturnType<typeof measuredSwissPairing>['spent'] | null = null;
      for (let k = 0; k < samples; k++) {
        const p0 = performance.now();
        const out = measuredSwissPairing(before);
        times.push(performance.now() - p0);
        if (
          !sameTables(
            out.pairing.tables,
            made.tables.map((x) => x.seats),
          )
        )
          throw new Error(`round ${r}: the pairing differs from the round the report made`);
        spent = out.spent;
      }
      if (!spent) throw new Error('no sample');
      const maxMs = pct(times, 100);
      worst = Math.max(worst, maxMs, reportMs);
      report({
        bench: 'tournament.swiss-pairing',
        entrants: ENTRANTS,
        tableSize,
        round: r,
        tables: made.tables.length,
        byes: made.byes.length,
        samples,
        p50ms: pct(times, 50),
        maxMs,
        workUnits: spent.work,
        byeChoicesTried: spent.byeChoicesTried,
        search: spent.search,
        repeats: spent.repeats,
        reportCompletingRoundMs: Number(reportMs.toFixed(1)),
      });
    }
  }
  report({
    bench: 'tournament.swiss-pairing.worst',
    what: 'the slowest pairing or completing report above',
    maxMs: Number(worst.toFixed(1)),
    goalMs: GOAL_MS,
    ...(quick ? {} : { meetsGoal: worst <= GOAL_MS }),
  });
}
