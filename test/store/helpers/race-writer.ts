/**
 * Child process of the race test. Reads lines `<game> <expected version> <seat> <action JSON>` on stdin,
 * applies each through its own connection(s) and cache, and answers `ok <seq>`, `stale <current version>`
 * or `error <name>: <message>`, in the order the lines came.
 *
 * argv: <backend: sqlite | postgres>. DATABASE_PATH or DATABASE_URL names the database; the game module
 * comes through --import.
 */
import { createInterface } from 'node:readline';
import { StaleVersionError } from '../../../src/store/errors.ts';
import { openChildStore } from './child-store.ts';

const store = await openChildStore(process.argv[2]);
process.stdout.write('ready\n');

for await (const line of createInterface({ input: process.stdin })) {
  const match = /^(\d+) (\d+) (\d+) (.*)$/.exec(line);
  if (!match) throw new Error(`race writer cannot read: ${line}`);
  const [gameId, expectedVersion, seat] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let answer: string;
  try {
    const applied = await store.applyAction(gameId, {
      seat,
      action: JSON.parse(match[4] as string),
      expectedVersion,
    });
    answer = `ok ${applied.seq}`;
  } catch (error) {
    if (error instanceof StaleVersionError) answer = `stale ${error.currentVersion}`;
    else if (error instanceof Error) answer = `error ${error.name}: ${error.message}`;
    else throw error;
  }
  process.stdout.write(`${answer}\n`);
}
// The pool's sockets would otherwise keep the process alive after stdin ends.
await store.close();
