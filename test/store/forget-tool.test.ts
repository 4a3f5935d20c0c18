import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEAT_FORGOTTEN } from '../../src/discord/forget-person.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { type CliIo, runGamesCli } from '../../src/tools/games.ts';
import { registerDiceRace } from '../fixtures/dice-race.ts';
import { removeDir } from '../remove-dir.ts';
import { playRandomAction } from './helpers/memory-store.ts';
import { sqliteDump, sqliteRowsHolding } from './helpers/rows-naming.ts';
import { startedSnowflakeGame, user } from './helpers/snowflake-games.ts';

/** `npm run games -- forget <user id>`: the operator's way to do what `/privacy`'s delete does. */
registerDiceRace();
const tmp = mkdtempSync(join(tmpdir(), 'scarab-forget-'));
afterAll(() => removeDir(tmp));

function cli(path: string): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: { DATABASE_PATH: path },
    readStdin: () => '',
  };
}

function database(name: string) {
  const path = join(tmp, `${name}.db`);
  const store = new GameStore(openDatabase(path));
  const finished = startedSnowflakeGame(store, 3, 'finished');
  const rng = seedRng(name);
  while (playRandomAction(store, finished, rng));
  const running = startedSnowflakeGame(store, 2, 'running');
  store.players.update(user(1), { timeZone: 'Europe/Madrid' });
  return { path, store, finished, running };
}

describe('npm run games -- forget', () => {
  it.each([
    ['abc'],
    ['123'],
    ['3000000000000001011'.repeat(2)],
    ['99999999999999999999'],
    ['-300000000000000101'],
  ])('refuses %s, which is no Discord user id, with exit 2 and a reason, and touches nothing', async (id) => {
    const { path, store } = database(`bad-${id.length}-${id.slice(0, 3)}`);
    const before = sqliteDump(store.database.sqlite);
    const io = cli(path);
    expect(await runGamesCli(['forget', id], io)).toBe(2);
    expect(io.err.join('\n')).toMatch(/is not a Discord user id \(a snowflake: 17 to 20 digits/);
    expect(io.out).toEqual([]);
    expect(sqliteDump(store.database.sqlite)).toBe(before);
    store.database.close();
  });

  it('forgets a person: their running seat goes to a computer, no row holds their id, exit 0', async () => {
    const { path, store, running, finished } = database('good');
    const io = cli(path);
    expect(sqliteRowsHolding(store.database.sqlite, user(1)).hits).not.toEqual({});
    expect(await runGamesCli(['forget', user(1)], io)).toBe(0);
    expect(io.err).toEqual([]);
    expect(io.out[0]).toMatch(
      /^forgot 300000000000000101: 2 game\(s\) now name them "a former player" \(1 running game\(s\) handed to a computer player/,
    );
    expect(io.out[1]).toMatch(new RegExp(`game #${running}: seat 2 is now played by the computer player`));
    expect(sqliteRowsHolding(store.database.sqlite, user(1)).hits).toEqual({});
    store.clearCache();
    expect(store.getGame(finished).seats[1]).toMatchObject({ userId: null, displayName: 'a former player' });
    // The running bot tells the table from this row (it has the gateway; the tool has not).
    const row = store.schedule.due(new Date(Date.now() + 1_000)).find((r) => r.kind === SEAT_FORGOTTEN);
    expect(row).toMatchObject({ gameId: running, payload: { seat: 1 } });
    store.database.close();
  });
});
