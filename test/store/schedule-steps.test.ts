import { PgDialect } from 'drizzle-orm/pg-core';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { schedule as pgSchedule } from '../../src/store/pg-schema.ts';
import { retentionColumns, storedRowsToDelete } from '../../src/store/schedule-retention.ts';
import * as steps from '../../src/store/schedule-steps.ts';
import { schedule as sqliteSchedule } from '../../src/store/schema.ts';

const now = new Date(Date.UTC(2026, 0, 1, 12));
const later = new Date(Date.UTC(2026, 0, 2));

describe('what the schedule decides (schedule-steps.ts)', () => {
  it('a plan writes the row as given, its payload as JSON and planned now', () => {
    const planned = {
      key: 'remind:1:3',
      gameId: 1,
      kind: 'remind',
      dueAt: later,
      payload: { seat: 0, turn: 3 },
    };
    expect(steps.plannedColumns(planned, now)).toEqual({
      key: 'remind:1:3',
      gameId: 1,
      kind: 'remind',
      dueAt: later,
      payload: '{"seat":0,"turn":3}',
      createdAt: now,
    });
  });

  it('a stored row reads back with its payload parsed and nothing else changed', () => {
    const stored = {
      id: 7,
      key: 'k',
      gameId: null,
      kind: 'vacation',
      dueAt: later,
      payload: '{"user":"u"}',
      doneAt: now,
      outcome: 'fired',
      createdAt: now,
    };
    expect(steps.scheduledRow(stored)).toEqual({
      id: 7,
      key: 'k',
      gameId: null,
      kind: 'vacation',
      dueAt: later,
      payload: { user: 'u' },
      doneAt: now,
      outcome: 'fired',
    });
  });

  it('a key prefix is a range from the prefix up to its last code point', () => {
    const range = steps.keyRange('timeout:4:');
    expect(range.from).toBe('timeout:4:');
    expect(range.below).toBe('timeout:4:\u{10ffff}');
    for (const key of ['timeout:4:', 'timeout:4:12:turn:0', 'timeout:4:\u{10fffe}'])
      expect(key >= range.from && key < range.below).toBe(true);
    for (const key of ['timeout:4', 'timeout:5:1', 'timeout:40:1'])
      expect(key >= range.from && key < range.below).toBe(false);
  });

  it('fired: some fired row of the prefix ends with the suffix (any, when none is given)', () => {
    const rows = ['timeout:1:3:turn:0', 'timeout:1:3:turn:2'];
    expect(steps.anyFired(rows)).toBe(true);
    expect(steps.anyFired(rows, ':turn:2')).toBe(true);
    expect(steps.anyFired(rows, ':turn:1')).toBe(false);
    expect(steps.anyFired([])).toBe(false);
  });

  it('addedRows keeps, in order, the offered rows whose keys the insert reports added', () => {
    const offered = ['a', 'b', 'c'].map((key) => ({
      key,
      gameId: 1,
      kind: 'remind',
      dueAt: now,
      payload: {},
    }));
    expect(steps.addedRows(offered, [{ key: 'c' }, { key: 'a' }]).map((r) => r.key)).toEqual(['a', 'c']);
    expect(steps.addedRows(offered, [])).toEqual([]);
  });

  it('markDone closes a pending row by id, now, with the outcome', () => {
    expect(steps.markDone(3, 'fired', now)).toEqual({
      set: { doneAt: now, outcome: 'fired' },
      only: { id: 3 },
    });
  });

  it('closeIfDue closes a pending row by id only if it is due by the time given', () => {
    expect(steps.closeIfDue(3, later, 'obsolete', now)).toEqual({
      set: { doneAt: now, outcome: 'obsolete' },
      only: { id: 3, dueBy: later },
    });
  });

  it('postpone moves a pending row’s due time and closes nothing', () => {
    expect(steps.postpone(3, later)).toEqual({ set: { dueAt: later }, only: { id: 3 } });
  });

  it('claim moves a pending row due by a time to its lease, with a payload when given, and closes nothing', () => {
    expect(steps.claim(3, now, later)).toEqual({ set: { dueAt: later }, only: { id: 3, dueBy: now } });
    expect(steps.claim(3, now, later, { sending: 'a.png' })).toEqual({
      set: { dueAt: later, payload: '{"sending":"a.png"}' },
      only: { id: 3, dueBy: now },
    });
  });

  it("cancelGame closes every pending row of the game with the outcome, 'cancelled' by default", () => {
    expect(steps.cancelGame(9, steps.CANCELLED, now)).toEqual({
      set: { doneAt: now, outcome: 'cancelled' },
      only: { gameId: 9 },
    });
  });

  it('a change reports true only when it touched exactly one row', () => {
    expect(steps.changedOne(1)).toBe(true);
    expect(steps.changedOne(0)).toBe(false);
    expect(steps.changedOne(null)).toBe(false);
    expect(steps.changedOne(undefined)).toBe(false);
  });

  it('a fired row already closed refuses the move: it fired twice', () => {
    expect(() => steps.checkFiredOnce(true, 5, 2)).not.toThrow();
    expect(() => steps.checkFiredOnce(false, 5, 2)).toThrow('scheduled row 5 of game #2 fired twice');
  });

  describe('the one WHERE for either dialect', () => {
    const sqlite = new SQLiteSyncDialect();
    const pg = new PgDialect();
    const render = (filter: steps.RowFilter) => ({
      sqlite: sqlite.sqlToQuery(steps.filterWhere(sqliteSchedule, filter) as never),
      pg: pg.sqlToQuery(steps.filterWhere(pgSchedule, filter) as never),
    });

    it('always only pending rows; then the id, the game and the due time when given', () => {
      expect(render({}).sqlite.sql).toBe('"schedule"."done_at" is null');
      expect(render({}).pg.sql).toBe('"schedule"."done_at" is null');
      const byId = render({ id: 3, dueBy: later });
      expect(byId.sqlite.sql).toBe(
        '("schedule"."id" = ? and "schedule"."done_at" is null and "schedule"."due_at" <= ?)',
      );
      expect(byId.sqlite.params).toEqual([3, later.getTime()]);
      expect(byId.pg.sql).toBe(
        '("schedule"."id" = $1 and "schedule"."done_at" is null and "schedule"."due_at" <= $2)',
      );
      expect(render({ gameId: 9 }).pg.sql).toBe(
        '("schedule"."game_id" = $1 and "schedule"."done_at" is null)',
      );
    });

    it('a key prefix as a range over the key', () => {
      const q = sqlite.sqlToQuery(steps.prefixWhere(sqliteSchedule, 'a:') as never);
      expect(q.sql).toBe('("schedule"."key" >= ? and "schedule"."key" < ?)');
      expect(q.params).toEqual(['a:', 'a:\u{10ffff}']);
    });
  });
});

describe('pruning over rows as read (schedule-retention.ts)', () => {
  const old = new Date(now.getTime() - 31 * 24 * 3_600_000);
  it('reads the payload as stored JSON and the statuses as given, then decides as rowsToDelete does', () => {
    const rows = [
      { id: 1, gameId: 1, doneAt: old, payload: '{"turn":1}' },
      { id: 2, gameId: 1, doneAt: null, payload: '{"turn":2}' },
      { id: 3, gameId: 2, doneAt: old, payload: '{"turn":5}' },
      { id: 4, gameId: 3, doneAt: old, payload: '{}' },
      { id: 5, gameId: 1, doneAt: now, payload: '{"turn":1}' },
    ];
    const statuses = [
      { id: 1, status: 'active' },
      { id: 2, status: 'active' },
    ];
    // 1: an active game's earlier turn, done long ago; 4: its game is gone. 3: the latest turn of its game.
    expect(storedRowsToDelete(rows, statuses, now)).toEqual([1, 4]);
    expect(storedRowsToDelete(rows, [{ id: 2, status: 'finished' }], now)).toEqual([1, 3, 4]);
  });

  it('picks the same columns from either dialect’s table', () => {
    expect(Object.keys(retentionColumns(sqliteSchedule))).toEqual(['id', 'gameId', 'doneAt', 'payload']);
    expect(retentionColumns(pgSchedule).payload).toBe(pgSchedule.payload);
  });
});
