import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { BOARD_RETRY_DELAYS } from '../../src/discord/board-retries.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A board that could not be posted is owed until it is: a person to move at the start of a game whose
 * first board was lost is told by a retry (a stored row, so a restart keeps it), never left waiting;
 * a reminder never sends anyone to a board that is not there.
 */
const HOUR = 3_600_000;
const POST = 'POST /channels/:channelId/messages';
const clock = new ManualClock();
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness({ clock });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

/** Moves the bot's clock and waits until everything that came due has run. */
async function advance(ms: number): Promise<void> {
  clock.advance(ms);
  await h.bot.runtime.scheduler.tick();
  await h.quiet();
}

/** Opens a lobby of two people and starts it while `failures` message posts fail (two lose the board). */
async function startWithFailingPosts(failures: number): Promise<{ gameId: number; where: string }> {
  const c = h.loopback.control;
  const opened = await c.as(alice).slash('valley').reply();
  const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
  await h.settle();
  let lobby = d.latest(where, 'join');
  lobby = await d.press(bob, lobby, controls(lobby).find((x) => x.verb === 'join')!);
  c.faults.serverError(POST, 500, failures);
  await d.press(alice, lobby, controls(lobby).find((x) => x.verb === 'start')!);
  const gameId = h.store.gameInThread(where)?.id as number;
  expect(h.store.getGame(gameId).status).toBe('active');
  expect(h.store.locations.getMessage(gameId, 'board')).toBeUndefined();
  return { gameId, where };
}

const boards = (where: string) =>
  h.loopback.control
    .messages(where)
    .filter((m) => !m.ephemeral && controls(m).some((x) => x.verb === 'hand'));
const moverOf = (gameId: number) => {
  const game = h.store.getGame(gameId);
  return game.seats[(game.state as ValleyState).turn.seat]?.userId as string;
};

describe('a board that failed is retried until it is posted', () => {
  it('the first board of a game lost at the start is posted by a retry, mentioning the person to move', async () => {
    const { gameId, where } = await startWithFailingPosts(2);
    h.loopback.control.faults.clear();
    expect(boards(where)).toEqual([]);
    await advance((BOARD_RETRY_DELAYS[0] as number) - 1000);
    expect(boards(where)).toEqual([]);
    await advance(1000);
    expect(boards(where)).toHaveLength(1);
    expect(boards(where)[0]?.notified).toEqual([moverOf(gameId)]);
    expect(h.store.locations.getMessage(gameId, 'board')?.version).toBe(0);
    // Posted once: the game waits, nothing more is posted.
    await advance(HOUR);
    expect(boards(where)).toHaveLength(1);
  }, 60_000);

  it('a retry still owed survives a restart, and the board is posted once', async () => {
    const { gameId, where } = await startWithFailingPosts(2);
    h.loopback.control.faults.clear();
    expect(
      h.store.schedule.find(`board:${gameId}:0:1`)?.doneAt,
      'a retry is planned in the store',
    ).toBeNull();
    await h.restart();
    await advance(BOARD_RETRY_DELAYS[0] as number);
    await advance(HOUR);
    expect(boards(where)).toHaveLength(1);
    expect(h.store.locations.getMessage(gameId, 'board')?.version).toBe(0);
  }, 60_000);

  it('retries back off while posts keep failing; the reminder waits for the board, then comes after it', async () => {
    const c = h.loopback.control;
    const { gameId, where } = await startWithFailingPosts(10_000);
    // Posts fail for the whole first half of the turn limit (24 h): the reminder falls due meanwhile.
    for (let k = 0; k < 30; k++) await advance(HOUR / 2);
    const reminders = () => c.messages(where).filter((m) => m.text.includes('is waiting for you'));
    expect(boards(where)).toEqual([]);
    expect(reminders()).toEqual([]);
    c.faults.clear();
    for (let k = 0; k < 40 && reminders().length === 0; k++) await advance(60_000);
    expect(boards(where)).toHaveLength(1);
    expect(reminders()).toHaveLength(1);
    expect(BigInt(reminders()[0]?.id as string)).toBeGreaterThan(BigInt(boards(where)[0]?.id as string));
    expect(reminders()[0]?.text).toContain(`<@${moverOf(gameId)}>`);
  }, 90_000);
});
