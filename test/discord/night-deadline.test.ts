import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A turn limit never runs out in the mover's night: it runs out when their quiet hours end, and the
 * board says so. The night chosen is the one the clocks go forward in Madrid (2026-03-29, 02:00 CET →
 * 03:00 CEST), so the end of the night is 08:00 CEST, 06:00Z.
 */
// Saturday 28 March 2026, 02:30 CET in Madrid: 24 h later is 03:30 CEST, in the night.
const start = Date.parse('2026-03-28T01:30:00Z');
const clock = new ManualClock(start);
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let where: string;
let gameId: number;

beforeAll(async () => {
  h = await startTableHarness({ clock });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

const state = () => h.store.getGame(gameId).state as ValleyState;
const posted = () => h.loopback.control.messages(where).filter((m) => !m.ephemeral);
const timeOuts = () => posted().filter((m) => m.content.includes('time ran out'));
const unix = (ms: number) => Math.floor(ms / 1000);

async function advanceTo(iso: string): Promise<void> {
  clock.set(Date.parse(iso));
  await h.bot.runtime.scheduler.tick();
  await h.quiet();
}

describe('turn limits and the night', () => {
  it('a limit that would run out at 03:30 runs out at 08:00 on the wall, and the board shows it', async () => {
    for (const user of [alice, bob])
      await h.loopback.control
        .as(user)
        .slash('settings', { 'time-zone': 'Europe/Madrid', 'quiet-start': '23:00', 'quiet-end': '08:00' })
        .reply();
    ({ where, gameId } = await startGameByLobby(d, alice, [bob]));
    await h.quiet();
    const turn = state().turn.number;
    const board = posted()
      .filter((m) => controls(m).some((c) => c.verb === 'hand'))
      .at(-1);
    const end = Date.parse('2026-03-29T06:00:00Z');
    expect(board?.content).toContain(`<t:${unix(end)}:R>`);
    expect(board?.content).not.toContain(`<t:${unix(start + 24 * 3_600_000)}:R>`);
    await advanceTo('2026-03-29T01:30:00Z');
    await advanceTo('2026-03-29T05:59:00Z');
    expect(timeOuts()).toEqual([]);
    expect(state().turn.number).toBe(turn);
    await advanceTo('2026-03-29T06:00:00Z');
    expect(timeOuts()).toHaveLength(1);
    expect(state().turn.number).toBe(turn + 1);
  }, 60_000);

  it('quiet hours set after the turn began still hold the time-out to the end of the night', async () => {
    // The next turn's limit runs out at 06:00Z on the 30th, 08:00 CEST: awake. Bob and Alice now sleep
    // until 09:00, so at 08:00 it waits one more hour.
    const turn = state().turn.number;
    for (const user of [alice, bob])
      await h.loopback.control
        .as(user)
        .slash('settings', { 'quiet-end': '09:00', 'quiet-start': '23:00' })
        .reply();
    await advanceTo('2026-03-30T06:00:00Z');
    expect(timeOuts()).toHaveLength(1);
    expect(state().turn.number).toBe(turn);
    await advanceTo('2026-03-30T07:00:00Z');
    expect(timeOuts()).toHaveLength(2);
    expect(state().turn.number).toBe(turn + 1);
  }, 60_000);
});
