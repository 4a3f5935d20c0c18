import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valleyAdapter } from '../../src/adapters/valley/index.ts';
import { ManualClock } from '../../src/clock.ts';
import { endingOf } from '../../src/discord/tournaments/tournament-deadlines.ts';
import { standInAllKey } from '../../src/discord/turn-plan.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import type { GameRecord } from '../../src/store/records.ts';
import { deadlineKey } from '../../src/store/tournament-records.ts';
import { verifyAll } from '../../src/store/verify.ts';
import type { TournamentEvent } from '../../src/tournaments/events.ts';
import type { DeadlineRule } from '../../src/tournaments/model.ts';
import { defaultSettings } from '../../src/tournaments/settings.ts';
import type { DiceRaceState } from '../fixtures/dice-race.ts';
import { registerDiceRace } from '../fixtures/dice-race.ts';
import { diceRaceAdapter } from '../fixtures/dice-race-adapter.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A round's deadline through the loopback and the real bot, on a manual clock, with Dice Race tables (short
 * games): the deadline row is planned with the round and fires once at the deadline. `as-it-stands` ends
 * each game still going as the position stands (finished, marked, unrated, its results saying so);
 * `stand-in` has the computer play every seat to the end, the board saying why. A pause holds the deadline
 * and the resume moves its row by the time paused.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = new ManualClock(Date.UTC(2026, 10, 20, 12));
let h: TableHarness;
let people: LoopbackUser[];

const c = () => h.loopback.control;
const desk = () => h.bot.runtime.tournaments;

/** A one-round Swiss of Dice Race at tables of two, started now with `entrants`: its id. */
async function started(rule: DeadlineRule, entrants: readonly LoopbackUser[]): Promise<number> {
  const now = clock.now();
  const settings = {
    ...defaultSettings('dice-race', now + HOUR),
    tableSize: 2,
    minTableSize: 2,
    rounds: 1,
    checkInMs: 0,
    roundMs: DAY,
    turnLimitHours: null,
    deadline: rule,
  };
  const created = h.store.tournaments.create({
    guildId: c().defaultGuild.id,
    channelId: c().defaultChannel.id,
    createdBy: 'organiser',
    seed: rule,
    settings,
    createdAt: now,
  });
  const id = Number(created.tournament.id);
  const events: TournamentEvent[] = [
    { type: 'open', at: now },
    ...entrants.map((u, i) => ({ type: 'register' as const, userId: u.id, rating: 10 - i, at: now })),
    { type: 'close-registration', at: now },
    { type: 'start', at: now },
  ];
  const r = await desk().act(id, () => events);
  if (!r.ok) throw new Error(`not started: ${JSON.stringify(r.refusal)}`);
  await h.quiet();
  return id;
}

const stored = (id: number) => {
  const s = h.store.tournaments.get(id);
  if (!s) throw new Error(`no tournament #${id}`);
  return s;
};
const gamesOf = (id: number): GameRecord[] =>
  Object.values(stored(id).games).map((gameId) => h.store.getGame(gameId));
const deadlineRowOf = (id: number) => h.store.schedule.find(deadlineKey(id, 1));
const threadText = (game: GameRecord) =>
  c()
    .messages(game.threadId as string)
    .map((m) => m.text)
    .join('\n');

async function move(game: GameRecord): Promise<void> {
  const seat = (game.state as DiceRaceState).turn;
  const r = await h.bot.runtime.table.move(game.id, seat, { type: 'move', die: 'both' }, game.version);
  expect(r.ok).toBe(true);
}

beforeAll(async () => {
  registerDiceRace();
  h = await startTableHarness({ clock, adapters: [valleyAdapter(), diceRaceAdapter] });
  people = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay'].map((n) => c().createUser(n));
});
afterAll(async () => {
  await h?.stop();
});

describe('a tournament round’s deadline', () => {
  it('as it stands: each game still going is finished as its position ranks, marked and unrated, once', async () => {
    const id = await started('as-it-stands', people.slice(0, 4));
    const round = stored(id).tournament.rounds[0];
    expect(deadlineRowOf(id)).toMatchObject({ dueAt: new Date(round?.deadline ?? 0), doneAt: null });
    const [first, second] = gamesOf(id);
    if (!first || !second) throw new Error('no games');
    expect([first.status, second.status]).toEqual(['active', 'active']);
    // One move in the first game: its mover leads. The second game never moved: both share first place.
    await move(first);
    await h.quiet();
    const mover = (first.state as DiceRaceState).turn;

    clock.advance(DAY - 1);
    await h.quiet();
    expect(gamesOf(id).map((g) => g.status)).toEqual(['active', 'active']);
    clock.advance(1);
    await h.quiet();

    const [a, b] = gamesOf(id);
    if (!a || !b) throw new Error('no games');
    for (const g of [a, b]) {
      expect(g).toMatchObject({ status: 'finished', rated: false });
      expect(g.outcome?.settled).toBe('as-it-stands');
      expect(await endingOf(h.bot.runtime.tables.store, g)).toBe('as-it-stands');
      expect(threadText(g)).toContain('deadline passed: this game was ranked as it stood');
    }
    expect(a.outcome?.results.map((r) => r.rank)).toEqual(mover === 0 ? [1, 2] : [2, 1]);
    expect(b.outcome?.results.map((r) => r.rank)).toEqual([1, 1]);
    expect(a.version).toBe(1);
    expect(h.store.ratings.changesOfGame(a.id, 'global')).toEqual([]);
    expect(deadlineRowOf(id)).toMatchObject({ outcome: 'fired' });
    // No timer of theirs is left, and a restart settles nothing twice.
    expect(h.store.schedule.due(new Date(clock.now() + 30 * DAY)).filter((r) => r.gameId === a.id)).toEqual(
      [],
    );
    await h.restart();
    await h.quiet();
    expect(gamesOf(id)).toEqual([a, b].map((g) => h.store.getGame(g.id)));
    // The store's check agrees: finished where the rules say it goes on, with exactly the marked ranking.
    expect(verifyAll(h.store.database).problems).toEqual([]);
  });

  it('stand-in: a pause holds the deadline, the resume moves it; then the computer plays every seat to the end', async () => {
    const id = await started('stand-in', people.slice(4, 6));
    const [game] = gamesOf(id);
    if (!game) throw new Error('no game');
    const deadline = stored(id).tournament.rounds[0]?.deadline ?? 0;

    // Paused two hours before the deadline, for three hours: the row fires while paused and only waits.
    clock.advance(DAY - 2 * HOUR);
    expect((await desk().act(id, (_, now) => [{ type: 'pause', at: now }])).ok).toBe(true);
    clock.advance(3 * HOUR);
    await h.quiet();
    expect(h.store.getGame(game.id).status).toBe('active');
    expect(h.store.schedule.fired(standInAllKey(game.id))).toBe(false);
    expect((await desk().act(id, (_, now) => [{ type: 'resume', at: now }])).ok).toBe(true);
    const moved = stored(id).tournament.rounds[0]?.deadline ?? 0;
    expect(moved).toBe(deadline + 3 * HOUR);
    expect(deadlineRowOf(id)).toMatchObject({ dueAt: new Date(moved), doneAt: null });

    clock.advance(2 * HOUR - 1);
    await h.quiet();
    expect(h.store.getGame(game.id).version).toBe(0);
    clock.advance(1);
    await h.quiet();

    const over = h.store.getGame(game.id);
    expect(over.status).toBe('finished');
    expect(over.outcome?.settled).toBeUndefined();
    expect(over.seats.map((s) => s.userId)).toEqual(game.seats.map((s) => s.userId));
    const log = h.store.actionLog(game.id);
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((a) => a.madeBy === 'stand-in')).toBe(true);
    expect(threadText(over)).toContain('deadline passed: the computer plays every seat to the end');
    expect(await endingOf(h.bot.runtime.tables.store, over)).toBe('stand-in');
    expect(deadlineRowOf(id)).toMatchObject({ outcome: 'fired' });
  });
});
