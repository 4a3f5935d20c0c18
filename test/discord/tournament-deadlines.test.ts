import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archaeologyAdapter } from '../../src/adapters/archaeology/index.ts';
import { valleyAdapter } from '../../src/adapters/valley/index.ts';
import { ManualClock } from '../../src/clock.ts';
import { endingOf } from '../../src/discord/tournaments/tournament-deadlines.ts';
import { standInKey } from '../../src/discord/turn-plan.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import type { GameRecord } from '../../src/store/records.ts';
import { deadlineKey } from '../../src/store/tournament-records.ts';
import { verifyAll } from '../../src/store/verify.ts';
import type { TournamentEvent } from '../../src/tournaments/events.ts';
import type { DeadlineRule, TournamentSettings } from '../../src/tournaments/model.ts';
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
async function started(
  rule: DeadlineRule,
  entrants: readonly LoopbackUser[],
  over: Partial<TournamentSettings> = {},
): Promise<number> {
  const now = clock.now();
  const settings: TournamentSettings = {
    ...defaultSettings('dice-race', now + HOUR),
    tableSize: 2,
    minTableSize: 2,
    rounds: 1,
    checkInMs: 0,
    roundMs: DAY,
    turnLimitHours: null,
    deadline: rule,
    ...over,
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
  const messageId = await h.bot.runtime.publisher.send(c().defaultChannel.id, desk().messageOf(created));
  h.store.tournaments.setMessage(id, messageId);
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

const message = (id: number) => c().message(stored(id).messageId as string)?.text ?? '';
const entrant = (id: number, u: LoopbackUser) =>
  stored(id).tournament.entrants.find((e) => e.userId === u.id);

async function move(game: GameRecord): Promise<void> {
  const seat = (game.state as DiceRaceState).turn;
  const r = await h.bot.runtime.table.move(game.id, seat, { type: 'move', die: 'both' }, game.version);
  expect(r.ok).toBe(true);
}

beforeAll(async () => {
  registerDiceRace();
  h = await startTableHarness({
    clock,
    adapters: [valleyAdapter(), archaeologyAdapter(), diceRaceAdapter],
  });
  people = [
    'ann',
    'ben',
    'cat',
    'dan',
    'eve',
    'fay',
    'gus',
    'hal',
    'ivy',
    'jon',
    'kim',
    'lea',
    'max',
    'ned',
    'oli',
    'pam',
  ].map((n) => c().createUser(n));
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
      // The results and the last board both say so.
      expect(threadText(g).split('deadline passed: this game was ranked as it stood')).toHaveLength(3);
    }
    expect(a.outcome?.results.map((r) => r.rank)).toEqual(mover === 0 ? [1, 2] : [2, 1]);
    expect(b.outcome?.results.map((r) => r.rank)).toEqual([1, 1]);
    expect(a.version).toBe(1);
    expect(h.store.ratings.changesOfGame(a.id, 'global')).toEqual([]);
    expect(deadlineRowOf(id)).toMatchObject({ outcome: 'fired' });
    // Each is its table's result, saying how it ended; the one round complete, the tournament is over.
    const results = Object.values(stored(id).tournament.rounds[0]?.results ?? {});
    expect(results.map((r) => r.ending)).toEqual(['as-it-stands', 'as-it-stands']);
    expect(stored(id).tournament.status).toBe('finished');
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

  it.each([
    ['valley', 10, 'Valley of the Kings'],
    ['archaeology', 12, 'Archaeology'],
  ])(
    'as it stands, %s: a game just begun is ranked and its results posted as any game’s',
    async (game, at) => {
      const id = await started('as-it-stands', people.slice(at, at + 2), { game });
      const [g] = gamesOf(id);
      if (!g) throw new Error('no game');
      clock.advance(DAY);
      await h.quiet();
      const over = h.store.getGame(g.id);
      expect(over).toMatchObject({ status: 'finished', rated: false });
      // Nothing scored yet in either game: both share the first place.
      expect(over.outcome?.results.map((r) => r.rank)).toEqual([1, 1]);
      const text = threadText(over);
      expect(text).toContain('deadline passed: this game was ranked as it stood');
      expect(text).toMatch(/1\. \*\*.+\n.*1\. \*\*/);
      expect(h.bot.runtime.autopilot.pending).toBe(0);
    },
  );

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
    expect(h.store.schedule.fired(standInKey(game.id, 'all'))).toBe(false);
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
    // Its result says so; the row, kept while the stand-in played, closes at its next look.
    expect(stored(id).tournament.rounds[0]?.results['1.1']).toMatchObject({ ending: 'stand-in' });
    expect(deadlineRowOf(id)).toMatchObject({ doneAt: null });
    clock.advance(15 * 60_000);
    await h.quiet();
    expect(deadlineRowOf(id)).toMatchObject({ outcome: 'obsolete' });
  });

  it('a table whose game was cancelled: its seats share the place at the deadline, and the round goes on', async () => {
    const id = await started('stand-in', people.slice(2, 4));
    const [game] = gamesOf(id);
    if (!game) throw new Error('no game');
    await h.store.cancelGame(game.id);
    // A restart's sweep finds it too; nothing is counted before either.
    expect(stored(id).tournament.rounds[0]?.results).toEqual({});
    clock.advance(DAY);
    await h.quiet();
    const t = stored(id).tournament;
    expect(t.rounds[0]?.results['1.1']).toMatchObject({
      ending: 'cancelled',
      places: game.seats.map((s) => ({ userId: s.userId, place: 1 })),
    });
    // Its one round complete, the tournament is over: nothing waits on a game nobody can play.
    expect(t.status).toBe('finished');
    expect(deadlineRowOf(id)).toMatchObject({ outcome: 'fired' });
  });
});

describe('drops by the organiser’s rule', () => {
  it('/tournament create takes the deadline rule and the drop rule', async () => {
    const mod = c().createUser({ username: 'organiser', grants: ['ManageGuild'] });
    const reply = await c()
      .as(mod)
      .slash('tournament create', {
        deadline: 'as-it-stands',
        'drop-on-leave': false,
        'drop-after-timeouts': 0,
      })
      .reply();
    expect(reply.text).toMatch(/^Tournament #\d+ is a draft/);
    const [newest] = h.store.tournaments.inGuild(c().defaultGuild.id);
    expect(h.store.tournaments.get(newest?.id ?? 0)?.tournament.settings).toMatchObject({
      deadline: 'as-it-stands',
      drop: { onLeavingServer: false, afterTimeouts: null },
    });
    const defaults = await c().as(mod).slash('tournament create', { 'drop-after-timeouts': 5 }).reply();
    expect(defaults.text).toMatch(/^Tournament #\d+ is a draft/);
    const [latest] = h.store.tournaments.inGuild(c().defaultGuild.id);
    expect(h.store.tournaments.get(latest?.id ?? 0)?.tournament.settings).toMatchObject({
      deadline: 'stand-in',
      drop: { onLeavingServer: true, afterTimeouts: 5 },
    });
  });

  it('time-outs in a row: dropped at the rule’s count; the stand-in plays their seat on, the message says why', async () => {
    const id = await started('stand-in', people.slice(6, 8), {
      turnLimitHours: 1,
      drop: { onLeavingServer: true, afterTimeouts: 2 },
    });
    let [game] = gamesOf(id);
    if (!game) throw new Error('no game');
    // Whoever is to move first never moves; the other does, each turn.
    const sleeperSeat = (game.state as DiceRaceState).turn;
    const sleeper = people.find((u) => u.id === game?.seats[sleeperSeat]?.userId) as LoopbackUser;
    for (let timeouts = 1; timeouts <= 2; timeouts++) {
      expect(entrant(id, sleeper)?.droppedAfterRound).toBeNull();
      clock.advance(HOUR);
      await h.quiet();
      game = h.store.getGame(game.id);
      expect(h.store.absences.timeoutsInARow(game.id, sleeperSeat)).toBe(timeouts);
      await move(game);
      await h.quiet();
    }
    expect(entrant(id, sleeper)).toMatchObject({ droppedAfterRound: 1, dropReason: 'timeouts' });
    expect(message(id)).toContain(`<@${sleeper.id}> ✅ (dropped: timed out too often)`);
    // Their seat is the computer's now: it moves at once, no hour waited, and no third time-out is counted.
    game = h.store.getGame(game.id);
    expect((game.state as DiceRaceState).turn).not.toBe(sleeperSeat);
    const version = game.version;
    await move(game);
    await h.quiet();
    game = h.store.getGame(game.id);
    expect(game.version).toBeGreaterThanOrEqual(version + 2);
    expect(h.store.actionLog(game.id).at(-1)?.madeBy).toBe('stand-in');
    expect(h.store.absences.timeoutsInARow(game.id, sleeperSeat)).toBe(2);
    expect(threadText(game)).toContain('was dropped from the tournament: the computer plays for them');
  });

  it('time-outs in a row count across the tournament’s games while the player made no move of their own', async () => {
    const pair = people.slice(8, 10);
    const id = await started('as-it-stands', pair, {
      rounds: 2,
      turnLimitHours: 1,
      drop: { onLeavingServer: true, afterTimeouts: 3 },
    });
    const first = gamesOf(id)[0] as GameRecord;
    const sleeper = pair.find((u) => u.id === first.seats[(first.state as DiceRaceState).turn]?.userId);
    if (!sleeper) throw new Error('no sleeper');
    /** Until the sleeper's `n`-th time-out in `game`: they never move, the other always does. */
    async function sleepThrough(gameId: number, n: number): Promise<void> {
      const seat = h.store.getGame(gameId).seats.findIndex((x) => x.userId === sleeper?.id);
      while (h.store.absences.timeoutsInARow(gameId, seat) < n) {
        const g = h.store.getGame(gameId);
        if ((g.state as DiceRaceState).turn === seat) clock.advance(HOUR);
        else await move(g);
        await h.quiet();
      }
    }
    // Two time-outs in round one's game, which the deadline settles; its result reported makes round two.
    await sleepThrough(first.id, 2);
    clock.advance(DAY);
    await h.quiet();
    expect(h.store.getGame(first.id).status).toBe('finished');
    expect(entrant(id, sleeper)?.droppedAfterRound).toBeNull();
    const settled = h.store.getGame(first.id);
    const report: TournamentEvent = {
      type: 'report',
      tableId: '1.1',
      places: (settled.outcome?.results ?? []).map((r) => ({
        userId: settled.seats[r.seat]?.userId as string,
        place: r.rank,
      })),
      ending: 'as-it-stands',
      at: clock.now(),
    };
    expect((await desk().act(id, () => [report])).ok).toBe(true);
    await h.quiet();
    const second = stored(id).games['2.1'];
    if (second === undefined) throw new Error('no game for round two');
    // One more in round two's game, with no move of their own since: three in a row, dropped.
    await sleepThrough(second, 1);
    expect(entrant(id, sleeper)).toMatchObject({ droppedAfterRound: 2, dropReason: 'timeouts' });
  });

  it('leaving the server: dropped at their first time-out after it, the stand-in playing their seat on', async () => {
    const pair = people.slice(14, 16);
    const id = await started('stand-in', pair, { turnLimitHours: 1 });
    const [game] = gamesOf(id);
    if (!game) throw new Error('no game');
    const gone = pair.find((u) => u.id === game.seats[(game.state as DiceRaceState).turn]?.userId);
    if (!gone) throw new Error('nobody to move');
    c().removeMember(c().defaultGuild.id, gone.id);
    clock.advance(HOUR);
    await h.quiet();
    expect(entrant(id, gone)).toMatchObject({ droppedAfterRound: 1, dropReason: 'left-server' });
    const seat = game.seats.findIndex((x) => x.userId === gone.id);
    expect(h.store.schedule.fired(standInKey(game.id, seat))).toBe(true);
  });

  it('leaving the server: dropped at the deadline, before the games are settled; in no later round', async () => {
    const four = people.slice(0, 4);
    const id = await started('stand-in', four, { rounds: 2 });
    const leaver = four[3] as LoopbackUser;
    c().removeMember(c().defaultGuild.id, leaver.id);
    clock.advance(DAY);
    await h.quiet();
    expect(entrant(id, leaver)).toMatchObject({ droppedAfterRound: 1, dropReason: 'left-server' });
    expect(entrant(id, four[0] as LoopbackUser)?.droppedAfterRound).toBeNull();
    expect(message(id)).toContain(`<@${leaver.id}> ✅ (dropped: left the server)`);
    // The stand-in played both games to the end, each reported as its table's result with how it ended;
    // the next round seats the three still in: one table and a bye.
    const first = stored(id).tournament.rounds[0];
    expect(Object.values(first?.results ?? {}).map((r) => r.ending)).toEqual(['stand-in', 'stand-in']);
    const next = stored(id).tournament.rounds[1];
    expect(
      next?.tables
        .flatMap((t) => t.seats)
        .concat(next.byes)
        .sort(),
    ).toEqual(
      four
        .slice(0, 3)
        .map((u) => u.id)
        .sort(),
    );
  });
});
