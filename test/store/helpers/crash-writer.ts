/**
 * Child process of the crash test: plays random legal actions on many games as fast as it can until it is
 * killed. After each commit it writes `<game> <seq>` on stdout (a pipe: the write is synchronous), so every
 * line the parent reads is an action that had committed before the line was written.
 *
 * argv: <backend: sqlite | postgres> <game type> <games to keep running> <players> <seed>. DATABASE_PATH
 * or DATABASE_URL names the database. The game's module must be registered through --import.
 */
import { nextInt, seedRng } from '../../../src/games/kernel/rng.ts';
import { getGame } from '../../../src/games/registry.ts';
import type { Store } from '../../../src/store/store.ts';
import { openChildStore } from './child-store.ts';
import { randomMove } from './random-play.ts';

const [backend, type = '', wanted = '10', players = '3', seed = 'crash'] = process.argv.slice(2);
const module = getGame(type);
const rng = seedRng(seed);
const store = await openChildStore(backend);
const say = (line: string) => process.stdout.write(`${line}\n`);

async function startOne(s: Store): Promise<number> {
  const seats = Array.from({ length: Number(players) }, (_, i) => ({
    botKind: 'random',
    displayName: `Bot ${i}`,
  }));
  const lobby = await s.lobbies.create({ type, seats, channelId: 'crash' });
  const id = (await s.startGame(lobby.id)).id;
  say(`started ${id}`);
  return id;
}

const running = (await store.listGames(['active'])).map((g) => g.id);
while (running.length < Number(wanted)) running.push(await startOne(store));
say('ready');

for (;;) {
  const index = nextInt(rng, running.length);
  const id = running[index] as number;
  const game = await store.getGame(id);
  const move = randomMove(module, game.state, rng);
  if (!move) throw new Error(`game #${id} is active but nobody may move`);
  const applied = await store.applyAction(id, { ...move, expectedVersion: game.version });
  say(`${id} ${applied.seq}`);
  if (applied.finished) running[index] = await startOne(store);
}
