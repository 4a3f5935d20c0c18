/**
 * Child process of the crash test: plays random legal actions on many games as fast as it can until it is
 * killed. After each commit it writes `<game> <seq>` on stdout (a pipe: the write is synchronous), so every
 * line the parent reads is an action that had committed before the line was written.
 *
 * argv: <game type> <games to keep running> <players> <seed>. DATABASE_PATH names the database. The game's
 * module must be registered through --import.
 */
import { nextInt, seedRng } from '../../../src/games/kernel/rng.ts';
import { getGame } from '../../../src/games/registry.ts';
import type { GameStore } from '../../../src/store/game-store.ts';
import { openStore } from '../../../src/store/startup.ts';
import { randomMove } from './random-play.ts';

const [type = '', wanted = '10', players = '3', seed = 'crash'] = process.argv.slice(2);
const module = getGame(type);
const rng = seedRng(seed);
const store = openStore();
const say = (line: string) => process.stdout.write(`${line}\n`);

function startOne(s: GameStore): number {
  const seats = Array.from({ length: Number(players) }, (_, i) => ({
    botKind: 'random',
    displayName: `Bot ${i}`,
  }));
  const lobby = s.lobbies.create({ type, seats, channelId: 'crash' });
  const id = s.startGame(lobby.id).id;
  say(`started ${id}`);
  return id;
}

const running = store.listGames(['active']).map((g) => g.id);
while (running.length < Number(wanted)) running.push(startOne(store));
say('ready');

for (;;) {
  const index = nextInt(rng, running.length);
  const id = running[index] as number;
  const game = store.getGame(id);
  const move = randomMove(module, game.state, rng);
  if (!move) throw new Error(`game #${id} is active but nobody may move`);
  const applied = store.applyAction(id, { ...move, expectedVersion: game.version });
  say(`${id} ${applied.seq}`);
  if (applied.finished) running[index] = startOne(store);
}
