import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { PODIUM_LEASE_MS } from '../../src/discord/season-ends.ts';
import { nextInt, type RngState, seedRng } from '../../src/games/kernel/rng.ts';
import { getGame } from '../../src/games/registry.ts';
import type { LoopbackMessage } from '../../src/loopback/index.ts';
import type { Participant } from '../../src/store/records.ts';
import { player } from '../helpers/played-valley.ts';
import { randomMove } from '../store/helpers/random-play.ts';
import { sleep } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A bot process killed with SIGKILL while it posts a season's podiums (one per game: Valley of the Kings,
 * then Archaeology), at the worst instant: the first podium is in the channel but its answer has not
 * reached the bot (Discord holds it), and the second is not sent. After a restart, the first is found
 * in the channel and not posted again, the second is posted: each exactly once, and only then is the
 * season's row closed.
 */
const CHILD = fileURLToPath(new URL('./helpers/timeout-child.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const END = Date.parse('2026-11-01T00:00:00Z');
const clock = new ManualClock(Date.parse('2026-10-10T10:00:00Z'));
let h: TableHarness;
let child: ChildProcess | null = null;
let guild: string;
let hall: string;

/** A whole game of `type` played with random legal moves straight through the store. */
function played(type: string, seats: readonly Participant[], rng: RngState): void {
  const store = h.store;
  const lobby = store.lobbies.create({
    type,
    guildId: guild,
    channelId: h.loopback.control.defaultChannel.id,
    seats,
    seed: `crash-${nextInt(rng, 1_000_000)}`,
  });
  const id = store.startGame(lobby.id).id;
  for (;;) {
    const game = store.getGame(id);
    const move = randomMove(getGame(type), game.state, rng);
    if (!move) break;
    store.applyAction(id, { ...move, expectedVersion: game.version });
  }
  expect(store.getGame(id).status).toBe('finished');
}

beforeAll(async () => {
  h = await startTableHarness({ clock });
  guild = h.loopback.control.defaultGuild.id;
  hall = h.loopback.control.createChannel({ name: 'hall-of-fame' }).id;
  h.store.guilds.update(guild, { seasonCadence: 'monthly', seasonZone: 'UTC', seasonChannelId: hall });
  const rng = seedRng('season-end-crash');
  for (const type of ['valley', 'archaeology'])
    for (let g = 0; g < 3; g++) played(type, [player(0), player(1)], rng);
  await h.bot.runtime.seasons.planFor(guild);
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await h?.stop();
});

/** The season's row as a second connection reads it (the bot's process may be dead). */
function seasonRow(): { due_at: number; done_at: number | null; outcome: string | null; payload: string } {
  const db = new Database(h.dbPath, { readonly: true });
  try {
    return db
      .prepare('select due_at, done_at, outcome, payload from schedule where key = ?')
      .get(`season-end:${guild}:2026-10`) as ReturnType<typeof seasonRow>;
  } finally {
    db.close();
  }
}

const podiums = (game: string): LoopbackMessage[] =>
  h.loopback.control
    .messages(hall)
    .filter((m) => m.attachments.some((a) => a.filename === `podium-${game}-2026-10.png`));

describe('a season end interrupted by SIGKILL', () => {
  it('posts each podium exactly once after a restart', async () => {
    await h.down();
    // The first podium is posted, and its answer held past the kill.
    h.loopback.control.faults.add({
      route: 'POST /channels/:channelId/messages',
      match: (target) => target.path.includes(hall),
      effect: { kind: 'delay-answer', ms: 60_000 },
      times: 1,
    });
    const at = END + 1_000;
    child = spawn(process.execPath, ['--import', TSX, CHILD], {
      env: {
        ...process.env,
        DB_PATH: h.dbPath,
        TOKEN: h.loopback.token,
        API_URL: h.loopback.restApi,
        CLOCK_MS: String(at),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // A bound against a hang (the child starts a bot beside the rest of the suite), polled every 50 ms:
    // the instant of the kill is chosen by the held answer, not by this wait.
    for (let k = 0; k < 2_400 && podiums('valley').length === 0 && child.exitCode === null; k++)
      await sleep(50);
    expect(podiums('valley'), `child: ${output}`).toHaveLength(1);
    child.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    child = null;
    // The dead process held the row: it was about to send the first podium, had recorded none, closed nothing.
    const held = seasonRow();
    expect(held.done_at).toBeNull();
    expect(held.due_at).toBe(at + PODIUM_LEASE_MS);
    expect(JSON.parse(held.payload)).toMatchObject({ sending: 'podium-valley-2026-10.png' });
    expect(JSON.parse(held.payload).posted).toBeUndefined();
    expect(podiums('archaeology')).toEqual([]);

    // Restarted when the dead process's lease has run out.
    clock.set(at + PODIUM_LEASE_MS);
    await h.up();
    await h.bot.runtime.scheduler.tick();
    await h.settle();
    const [valley, ...moreValley] = podiums('valley');
    const [archaeology, ...moreArchaeology] = podiums('archaeology');
    expect([moreValley, moreArchaeology]).toEqual([[], []]);
    expect(archaeology).toBeDefined();
    const done = seasonRow();
    expect(done.outcome).toBe('fired');
    expect(JSON.parse(done.payload).posted).toEqual({
      'podium-valley-2026-10.png': valley?.id,
      'podium-archaeology-2026-10.png': archaeology?.id,
    });
  }, 240_000);
});
