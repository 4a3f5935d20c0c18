/**
 * Tournaments played to the end through the loopback by computer players: every entrant is away on
 * vacation, so the stand-in plays every seat of every table's game as it would for an absent person
 * (the honest fastest way: the same moves, boards and results as any game, no person waited for). The
 * harness runs Archaeology (about 100 moves a game at four seats, against Valley's ~390) with words-only
 * pictures (test/helpers/words-only-pictures.ts): the pictures are the render tests' subject, not this
 * (drawing and encoding the board was over half of a game's CPU, profiled).
 *
 * `checkPlayed` is the list: one game per table, made once (no other game in the server), each
 * table's stored result the places of its game's stored outcome, everyone at one table or a bye per round,
 * no pair meeting twice where a seating without it existed, and the standings (Swiss) equal to an
 * independent computation from the games' outcomes.
 */
import { expect } from 'vitest';
import type { ManualClock } from '../../src/clock.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import type { GameStore } from '../../src/store/game-store.ts';
import type { StoredTournament } from '../../src/store/tournament-records.ts';
import type { Tournament } from '../../src/tournaments/model.ts';
import { standings } from '../../src/tournaments/standings.ts';
import { wordsOnlyAdapters } from '../helpers/words-only-pictures.ts';
import { independentStandings, repeatFreeExists } from '../tournaments/independent.ts';
import { startTableHarness, type TableHarness } from './harness.ts';
import { SMALL_MOMENTS } from './helpers/small-moments.ts';

const YEAR = 365 * 86_400_000;

export function tournamentHarness(clock: ManualClock): Promise<TableHarness> {
  return startTableHarness({
    clock,
    adapters: wordsOnlyAdapters(),
    keyMoments: SMALL_MOMENTS,
  });
}

export interface Made {
  readonly id: number;
  readonly players: readonly LoopbackUser[];
  readonly organiser: LoopbackUser;
}

/**
 * A tournament created and opened by `/tournament`, `n` entrants registered (through the desk: the buttons
 * are the registration test's), all away for a year, not started yet.
 */
export async function openTournament(
  h: TableHarness,
  clock: ManualClock,
  n: number,
  options: Record<string, string | number | boolean>,
  away = true,
): Promise<Made> {
  const c = h.loopback.control;
  const organiser = c.createUser({ username: `organiser${Math.random()}`, grants: ['ManageGuild'] });
  const created = await c
    .as(organiser)
    .slash('tournament create', { game: 'archaeology', 'registration-hours': 1, rated: false, ...options })
    .reply();
  const id = Number(/#(\d+)/.exec(created.text)?.[1]);
  if (!Number.isInteger(id)) throw new Error(`no tournament: ${created.text}`);
  expect((await c.as(organiser).slash('tournament open', { tournament: id }).reply()).text).toMatch(/open/);
  const players: LoopbackUser[] = [];
  for (let k = 0; k < n; k++) {
    const u = c.createUser(`t${id}p${k}`);
    players.push(u);
    if (away) h.store.players.update(u.id, { vacationUntil: new Date(clock.now() + YEAR) });
    const r = await h.bot.runtime.tournaments.act(id, (_, at) => [
      { type: 'register', userId: u.id, rating: 1500 - k, at },
    ]);
    if (!r.ok) throw new Error(`register refused: ${JSON.stringify(r.refusal)}`);
  }
  return { id, players, organiser };
}

export async function startTournament(h: TableHarness, made: Made): Promise<void> {
  const c = h.loopback.control;
  const reply = await c.as(made.organiser).slash('tournament start', { tournament: made.id }).reply();
  expect(reply.text).toBe(`Tournament #${made.id}: started.`);
}

export const storedOf = (store: GameStore, id: number): StoredTournament => {
  const s = store.tournaments.get(id);
  if (!s) throw new Error(`no tournament #${id}`);
  return s;
};

/**
 * Lets the bot play until the tournament is over (or `until` holds), waiting on conditions: each pass lets
 * the computer moves and the due rows run, then looks at the tournament as stored.
 */
export async function playUntil(
  h: TableHarness,
  id: number,
  until: (s: StoredTournament) => boolean = (s) => s.tournament.status === 'finished',
  ms = 600_000,
): Promise<StoredTournament> {
  const deadline = Date.now() + ms;
  for (;;) {
    const s = storedOf(h.store, id);
    if (until(s)) return s;
    if (Date.now() > deadline)
      throw new Error(
        `tournament #${id} not done: ${s.tournament.status}, round ${s.tournament.rounds.length}`,
      );
    await h.quiet(ms);
    await h.bot.runtime.tournaments.idle();
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Round `round` is stored and its games made (its tables row closed): a restart then finds every game
 * made, and no row claimed by the stopped bot, whose lease would hold it back on the injected clock.
 */
export const roundSeated =
  (h: TableHarness, round: number) =>
  (s: StoredTournament): boolean =>
    s.tournament.rounds.length >= round &&
    !!h.store.schedule.find(`tournament-tables:${s.tournament.id}:${round}`)?.doneAt;

/** Competition places from an outcome's ranks, written again here (not the layer's `seatPlaces`). */
function placesFromRanks(ranks: readonly number[]): number[] {
  return ranks.map((r) => ranks.filter((o) => o < r).length + 1);
}

/** The tournament with every result replaced by the places its game's stored outcome gives. */
function fromGames(store: GameStore, s: StoredTournament): Tournament {
  return {
    ...s.tournament,
    rounds: s.tournament.rounds.map((r) => {
      const results = { ...r.results };
      for (const table of r.tables) {
        const game = store.getGame(s.games[table.id] as number);
        const outcome = game.outcome;
        if (!outcome) throw new Error(`game #${game.id} has no outcome`);
        const ranks = table.seats.map(
          (_, seat) => outcome.results.find((x) => x.seat === seat)?.rank as number,
        );
        const places = placesFromRanks(ranks);
        results[table.id] = {
          places: table.seats.map((userId, i) => ({ userId, place: places[i] as number })),
          ending: 'played',
          reportedAt: results[table.id]?.reportedAt ?? 0,
        };
      }
      return { ...r, results };
    }),
  };
}

export function checkPlayed(h: TableHarness, s: StoredTournament): void {
  const t = s.tournament;
  expect(t.status).toBe('finished');
  const tables = t.rounds.flatMap((r) => r.tables);
  // One game per table, each made once: the server holds no other game, and every one was played out.
  expect(Object.keys(s.games).sort()).toEqual(tables.map((x) => x.id).sort());
  const all = h.store.gamesInGuild(h.loopback.control.defaultGuild.id, [
    'lobby',
    'active',
    'finished',
    'cancelled',
  ]);
  const mine = all.filter((g) => Object.values(s.games).includes(g.id));
  expect(mine).toHaveLength(tables.length);
  expect(mine.every((g) => g.status === 'finished')).toBe(true);
  for (const table of tables) {
    const game = h.store.getGame(s.games[table.id] as number);
    expect(game.seats.map((x) => x.userId)).toEqual(table.seats);
  }
  // Each result is its game's places.
  const replayed = fromGames(h.store, s);
  for (const [k, r] of t.rounds.entries())
    for (const table of r.tables)
      expect(r.results[table.id]?.places, `table ${table.id}`).toEqual(
        replayed.rounds[k]?.results[table.id]?.places,
      );
  // Everyone still in sits at one table or has a bye, once, every round (elimination: those still in).
  for (const r of t.rounds) {
    const seated = [...r.tables.flatMap((x) => x.seats), ...r.byes];
    expect(new Set(seated).size).toBe(seated.length);
    if (t.settings.format === 'swiss')
      expect(seated.sort()).toEqual(
        t.entrants
          .filter((e) => e.checkedIn)
          .map((e) => e.userId)
          .sort(),
      );
  }
}

/**
 * The rounds (by number) that seated a pair who had met before although a seating without any such pair
 * existed (the exhaustive check of independent.ts: at most 14 players a round).
 */
export function avoidableRepeats(t: Tournament): number[] {
  const bad: number[] = [];
  for (const [k, r] of t.rounds.entries()) {
    const earlier = t.rounds.slice(0, k);
    const met = (a: string, b: string) =>
      earlier.some((e) => e.tables.some((x) => x.seats.includes(a) && x.seats.includes(b)));
    const repeats = r.tables.some((x) => x.seats.some((a) => x.seats.some((b) => a < b && met(a, b))));
    if (!repeats) continue;
    const byes = new Map<string, number>();
    for (const e of earlier) for (const u of e.byes) byes.set(u, (byes.get(u) ?? 0) + 1);
    const players = [...r.tables.flatMap((x) => x.seats), ...r.byes];
    const sizes = r.tables.map((x) => x.seats.length);
    if (repeatFreeExists(players, byes, r.byes.length, sizes, met)) bad.push(r.number);
  }
  return bad;
}

/** Pairs that sat at the same table more than once. */
export function repeatMeetings(t: Tournament): string[] {
  const met = new Map<string, number>();
  for (const table of t.rounds.flatMap((r) => r.tables))
    for (const a of table.seats)
      for (const b of table.seats) if (a < b) met.set(`${a}-${b}`, (met.get(`${a}-${b}`) ?? 0) + 1);
  return [...met].filter(([, n]) => n > 1).map(([pair]) => pair);
}

/** Swiss: the stored standings are the independent computation's, from the games' outcomes. */
export function checkSwissStandings(h: TableHarness, s: StoredTournament): void {
  const mine = standings(s.tournament).map((r) => ({ userId: r.userId, place: r.place, points: r.points }));
  const theirs = independentStandings(fromGames(h.store, s));
  expect(mine).toEqual(theirs);
}

/** The tournament's message as the loopback shows it. */
export function messageOf(h: TableHarness, s: StoredTournament): LoopbackMessage {
  return h.loopback.control.message(s.messageId as string) as LoopbackMessage;
}
