import { afterEach, describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../src/games/kernel/rng.ts';
import { valley } from '../../src/games/valley/index.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import { openDatabase, type ScarabDatabase } from '../../src/store/database.ts';
import { exportGame, importGame } from '../../src/store/export-import.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { encodeLines } from '../../src/store/log-codec.ts';
import { LOG_DICTIONARY_FOLDER } from '../../src/store/log-dictionaries.ts';
import { verifyAll } from '../../src/store/verify.ts';

let db: ScarabDatabase;
afterEach(() => db?.close());

function started(store: GameStore, players: number): number {
  // Discord ids, as an import wants them.
  const seats = Array.from({ length: players }, (_, i) => ({
    userId: `30000000000000010${i}`,
    displayName: `P${i}`,
  }));
  return store.startGame(store.lobbies.create({ type: 'valley', seats }).id).id;
}

function play(store: GameStore, id: number, moves: number): void {
  const rng = seedRng(`parts-${id}`);
  for (let k = 0; k < moves; k++) {
    const g = store.getGame(id);
    const s = g.state as ValleyState;
    const seat = valley.waitingFor(s)[0] as number;
    const legal = valley.legalActions(s, seat);
    store.applyAction(id, { seat, action: legal[nextInt(rng, legal.length)], expectedVersion: g.version });
  }
}

const column = (sql: string, ...args: unknown[]) =>
  db.sqlite
    .prepare(sql)
    .pluck()
    .all(...args);

describe("the parts of states that many games share (Valley's card definitions and deal order)", () => {
  it('are stored once for every game that holds them; each stored state refers to them by hash', () => {
    db = openDatabase(':memory:');
    const store = new GameStore(db);
    const ids = [started(store, 3), started(store, 3), started(store, 3), started(store, 2)];
    for (const id of ids) play(store, id, 20);
    // One definitions part for the base box; one deal order per player count.
    expect(column('select count(*) from state_parts')).toEqual([3]);
    for (const id of ids) {
      const [state] = column('select state from games where id = ?', id) as [string];
      expect(state).toMatch(/"defs":\{"\$part":"[\w-]{22}"\},"cards":\{"\$part":"[\w-]{22}"\}/);
      // What each game no longer writes on every move: its ~5 kB of definitions and its deal order.
      expect(state.length).toBeLessThan(JSON.stringify(store.getGame(id).state).length - 5_000);
    }
    expect(verifyAll(db).problems).toEqual([]);
  });

  it('are put back when a game is read again, one object shared by every game holding it', () => {
    db = openDatabase(':memory:');
    const store = new GameStore(db);
    const [a, b] = [started(store, 3), started(store, 3)] as [number, number];
    play(store, a, 15);
    const before = structuredClone(store.getGame(a).state) as ValleyState;
    store.clearCache();
    const again = store.getGame(a).state as ValleyState;
    expect(again).toEqual(before);
    expect(Object.keys(again.defs)).toContain('urn');
    expect((store.getGame(b).state as ValleyState).defs).toBe(again.defs);
    // An export carries the state whole, and imports into another database as the same stored row.
    const other = openDatabase(':memory:');
    try {
      const copy = importGame(other, exportGame(db, a));
      expect(new GameStore(other).getGame(copy).state).toEqual(before);
      expect(other.sqlite.prepare('select state from games where id = ?').pluck().all(copy)).toEqual(
        column('select state from games where id = ?', a),
      );
    } finally {
      other.close();
    }
  });

  it('what a move said, changed or unreadable, is a problem verify names', () => {
    db = openDatabase(':memory:');
    const store = new GameStore(db);
    const id = started(store, 2);
    play(store, id, 5);
    expect(verifyAll(db).problems).toEqual([]);
    const [seq, log] = db.sqlite
      .prepare('select seq, log from actions where game_id = ? and log is not null order by seq limit 1')
      .raw()
      .get(id) as [number, string];
    // A line no move of this 2-seat game can say (seat 9), whatever the deal: never the stored one.
    const other = encodeLines('valley', [
      { turn: 0, text: { key: 'valley.rules.end.log', values: { seat: '@9' } } },
    ]);
    expect(other).not.toBe(log);
    db.sqlite.prepare('update actions set log = ? where game_id = ? and seq = ?').run(other, id, seq);
    expect(verifyAll(db).problems[0]?.problem).toMatch(
      new RegExp(`^what action #${seq} said differs from the replay: `),
    );
    db.sqlite.prepare('update actions set log = ? where game_id = ? and seq = ?').run('7:AAAA', id, seq);
    expect(verifyAll(db).problems[0]?.problem).toBe(
      `what action #${seq} said cannot be read: no log dictionary valley-7 in ${LOG_DICTIONARY_FOLDER}`,
    );
  });

  it('a part missing or changed is a problem verify names', () => {
    db = openDatabase(':memory:');
    const store = new GameStore(db);
    const id = started(store, 2);
    play(store, id, 5);
    const [hash] = column('select hash from state_parts order by hash') as string[];
    db.sqlite.prepare('update state_parts set json = ? where hash = ?').run('{"urn":1}', hash);
    expect(verifyAll(db).problems).toEqual([
      { gameId: id, type: 'valley', problem: `the stored state part ${hash} does not match its hash` },
    ]);
    db.sqlite.prepare('delete from state_parts where hash = ?').run(hash);
    expect(verifyAll(db).problems[0]?.problem).toBe(`its state refers to a part ${hash} that is not stored`);
  });
});
