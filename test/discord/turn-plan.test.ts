import { describe, expect, it } from 'vitest';
import { seatPlaces } from '../../src/discord/tournaments/tournament-results.ts';
import {
  computerPlays,
  GAME_OVER,
  type GameFacts,
  type PlanInputs,
  planTimers,
  REMINDER_WITHOUT_LIMIT,
  stageKey,
  standInKey,
  standInPrefix,
  timedOutSeat,
} from '../../src/discord/turn-plan.ts';
import type { Seat } from '../../src/games/kernel/types.ts';
import type { GameRecord, PlayerSettings } from '../../src/store/records.ts';

/** The plan alone, on a made-up game whose views say who is awaited: no store, no clock, no Discord. */
const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 27, 12);

function game(over: Partial<GameRecord> = {}): GameRecord {
  return {
    id: 7,
    status: 'active',
    state: {},
    turnLimitMinutes: 60,
    seats: [
      { seat: 0, userId: 'u0', displayName: 'Ann' },
      { seat: 1, userId: 'u1', displayName: 'Ben' },
      { seat: 2, userId: null, displayName: 'Computer' },
    ],
    ...over,
  } as unknown as GameRecord;
}

function facts(
  waiting: Seat[],
  turnSeat: Seat,
  opts: { window?: boolean; autoPass?: Seat[] } = {},
): GameFacts {
  return {
    waitingFor: () => waiting,
    view: (_g, seat) =>
      ({
        turn: { number: 4, seat: turnSeat },
        decision: null,
        waiting: { seats: waiting, window: opts.window ?? false },
        autoPass: seat !== null && opts.autoPass?.includes(seat) ? { type: 'pass' } : null,
      }) as unknown as ReturnType<GameFacts['view']>,
  };
}

function settings(userId: string, change: Partial<PlayerSettings> = {}): PlayerSettings {
  return {
    userId,
    timeZone: null,
    quietStart: null,
    quietEnd: null,
    turnDms: false,
    vacationUntil: null,
    dmsClosedAt: null,
    dmsClosedTold: false,
    ...change,
  };
}

const inputs = (over: Partial<PlanInputs> = {}): PlanInputs => ({
  now,
  settings: new Map([
    ['u0', settings('u0')],
    ['u1', settings('u1')],
  ]),
  timedOut: new Set(),
  ...over,
});

describe('the turn timers’ plan (turn-plan.ts)', () => {
  it('a reminder at half the limit and a time-out at the limit, keyed by stage', () => {
    const plan = planTimers(game(), inputs(), facts([0], 0));
    expect(plan.cancel).toBeUndefined();
    expect(plan.rows.map((r) => [r.key, r.dueAt.getTime() - now])).toEqual([
      ['remind:7:4:turn:0', HOUR / 2],
      ['timeout:7:4:turn:0', HOUR],
    ]);
    expect(plan.rows[0]?.payload).toEqual({ seat: 0, turn: 4, decision: null });
  });

  it('without a limit, one reminder after a day and no time-out', () => {
    const plan = planTimers(game({ turnLimitMinutes: null }), inputs(), facts([1], 1));
    expect(plan.rows.map((r) => [r.key, r.dueAt.getTime() - now])).toEqual([
      ['remind:7:4:turn:1', REMINDER_WITHOUT_LIMIT],
    ]);
  });

  it('a turn DM for the player to move who asked for it, due now; none for a decision owed out of turn', () => {
    const asked = inputs({
      settings: new Map([
        ['u0', settings('u0', { turnDms: true })],
        ['u1', settings('u1', { turnDms: true })],
      ]),
    });
    const keys = planTimers(game(), asked, facts([0, 1], 0)).rows.map((r) => r.key);
    expect(keys).toContain('turn-dm:7:4:0');
    expect(keys).not.toContain('turn-dm:7:4:1');
    expect(keys).toContain('remind:7:4:turn:1');
  });

  it('a time-out that would run out in the night runs out when the night ends', () => {
    const night = settings('u0', { timeZone: 'UTC', quietStart: 12 * 60 + 30, quietEnd: 20 * 60 });
    const plan = planTimers(game(), inputs({ settings: new Map([['u0', night]]) }), facts([0], 0));
    expect(plan.rows.find((r) => r.kind === 'timeout')?.dueAt.getTime()).toBe(Date.UTC(2026, 10, 27, 20));
  });

  it('nothing for a computer seat, a seat away, a seat whose time ran out this turn, or one auto-passing a window', () => {
    const away = settings('u0', { vacationUntil: new Date(now + HOUR) });
    expect(planTimers(game(), inputs({ settings: new Map([['u0', away]]) }), facts([0, 2], 0)).rows).toEqual(
      [],
    );
    expect(planTimers(game(), inputs({ timedOut: new Set(['4:1']) }), facts([1], 1)).rows).toEqual([]);
    // A time-out of another turn does not count.
    expect(planTimers(game(), inputs({ timedOut: new Set(['3:1']) }), facts([1], 1)).rows).toHaveLength(2);
    expect(planTimers(game(), inputs(), facts([0, 1], 0, { window: true, autoPass: [1] })).rows).toHaveLength(
      2,
    );
  });

  it('nothing for a seat the stand-in plays from now on: every seat (a deadline), or one (a drop)', () => {
    expect(planTimers(game(), inputs({ standIn: ['all'] }), facts([0, 1], 0)).rows).toEqual([]);
    expect(computerPlays(game({ turnLimitMinutes: null }), 1, 4, inputs({ standIn: ['all'] }))).toBe(true);
    const keys = planTimers(game(), inputs({ standIn: ['1'] }), facts([0, 1], 0)).rows.map((r) => r.key);
    expect(keys).toEqual(['remind:7:4:turn:0', 'timeout:7:4:turn:0']);
    // Seat 10's row does not cover seat 0; a computer's seat is its own anyway.
    expect(computerPlays(game(), 0, 4, inputs({ standIn: ['10'] }))).toBe(false);
    expect(computerPlays(game(), 2, 4, inputs({ standIn: ['all'] }))).toBe(false);
    expect(standInKey(7, 'all')).toBe('stand-in-from-now:7:all');
    expect(standInKey(7, 1).startsWith(standInPrefix(7))).toBe(true);
    expect(standInKey(17, 1).startsWith(standInPrefix(7))).toBe(false);
  });

  it('a vacation that ended, or a time-out without a limit, leaves the person to play', () => {
    const back = settings('u0', { vacationUntil: new Date(now - 1) });
    expect(computerPlays(game(), 0, 4, inputs({ settings: new Map([['u0', back]]) }))).toBe(false);
    expect(
      computerPlays(game({ turnLimitMinutes: null }), 0, 4, inputs({ timedOut: new Set(['4:0']) })),
    ).toBe(false);
    expect(computerPlays(game(), 2, 4, inputs())).toBe(false);
  });

  it('a game over closes what was pending and plans nothing; a lobby plans nothing', () => {
    expect(planTimers(game({ status: 'finished' }), inputs(), facts([0], 0))).toEqual({
      rows: [],
      cancel: GAME_OVER,
    });
    expect(planTimers(game({ status: 'cancelled' }), inputs(), facts([0], 0))).toEqual({
      rows: [],
      cancel: GAME_OVER,
    });
    expect(planTimers(game({ status: 'lobby', state: null }), inputs(), facts([0], 0))).toEqual({ rows: [] });
  });

  it('a finished game with people and a search player makes its key moments due now, in the same plan', () => {
    expect(planTimers(game({ status: 'finished', type: 'valley' }), inputs(), facts([0], 0))).toEqual({
      rows: [
        { key: 'key-moments:7', gameId: 7, kind: 'key-moments', dueAt: new Date(now), payload: { tries: 0 } },
      ],
      cancel: GAME_OVER,
    });
    const computersOnly = game({
      status: 'finished',
      type: 'valley',
      seats: [
        { seat: 0, userId: null, displayName: 'A' },
        { seat: 1, userId: null, displayName: 'B' },
      ],
    } as unknown as Partial<GameRecord>);
    expect(planTimers(computersOnly, inputs(), facts([0], 0)).rows).toEqual([]);
  });

  it('a finished tournament table’s game makes its result due now, in the same plan; a cancelled one does not', () => {
    const table = { tournamentId: 3, tableId: '2.1' };
    const result = {
      key: 'tournament-result:7',
      gameId: 7,
      kind: 'tournament-result',
      dueAt: new Date(now),
      payload: { tournament: 3, table: '2.1' },
    };
    expect(
      planTimers(game({ status: 'finished' }), inputs({ tournamentTable: table }), facts([0], 0)),
    ).toEqual({
      rows: [result],
      cancel: GAME_OVER,
    });
    const cancelled = planTimers(
      game({ status: 'cancelled' }),
      inputs({ tournamentTable: table }),
      facts([0], 0),
    );
    expect(cancelled.rows).toEqual([]);
    expect(
      planTimers(game(), inputs({ tournamentTable: table }), facts([0], 0)).rows.map((r) => r.kind),
    ).toEqual(['remind', 'timeout']);
  });

  it('places from the outcome’s ranks as a competition ranking, whatever numbering the game used', () => {
    const outcome = (ranks: number[]) => ({
      results: ranks.map((rank, seat) => ({ seat, rank, score: 0, tieBreakers: [] })),
      summary: { key: 'x' },
    });
    expect(seatPlaces(outcome([2, 1, 4, 3]) as never, 4)).toEqual([2, 1, 4, 3]);
    expect(seatPlaces(outcome([1, 1, 3, 4]) as never, 4)).toEqual([1, 1, 3, 4]);
    // Dense ranks (1, 1, 2) are read as the places they cover.
    expect(seatPlaces(outcome([1, 2, 1, 2]) as never, 4)).toEqual([1, 3, 1, 3]);
    expect(() => seatPlaces(outcome([1, 2]) as never, 3)).toThrow(/every seat/);
  });

  it('a time-out key reads back as its turn and seat; other keys as nothing', () => {
    expect(timedOutSeat(stageKey('timeout', 7, { seat: 2, turn: 11, decision: 3 }))).toBe('11:2');
    expect(timedOutSeat(stageKey('remind', 7, { seat: 2, turn: 11, decision: null }))).toBeNull();
    expect(timedOutSeat('timeout:7')).toBeNull();
  });
});
