import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { Driver, dmsTo, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A person whose DMs are closed to the bot (Discord answers 50007) learns it once — in the game's thread
 * with a mention when the DM was not secret, else in the next hand they open — and `/settings` says so
 * until a DM gets through again.
 */
const HOUR = 3_600_000;
const clock = new ManualClock();
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
const mover = () => h.store.getGame(gameId).seats[state().turn.seat]?.userId;
const posted = () => h.loopback.control.messages(where).filter((m) => !m.ephemeral);
const notices = () => posted().filter((m) => m.text.includes('could not send you a direct message'));
const settings = (user: LoopbackUser, options: Record<string, string | boolean> = {}) =>
  h.loopback.control.as(user).slash('settings', options).reply();

async function advance(ms: number): Promise<void> {
  clock.advance(ms);
  await h.bot.runtime.scheduler.tick();
  await h.quiet();
}

describe('closed DMs', () => {
  it('a turn DM refused: told once in the thread with a mention; /settings says so; reminders come there', async () => {
    await settings(bob, { 'turn-dms': true });
    h.loopback.control.setDmsOpen(bob.id, false);
    ({ where, gameId } = await startGameByLobby(d, alice, [bob]));
    await advance(0);
    // Until it is Bob's turn, nobody is told anything.
    for (let k = 0; k < 3 && mover() !== bob.id; k++) {
      expect(notices()).toEqual([]);
      await advance(24 * HOUR);
    }
    expect(mover()).toBe(bob.id);
    expect(notices()).toHaveLength(1);
    expect(notices()[0]?.text).toContain(`<@${bob.id}>`);
    expect(notices()[0]?.mentions.users).toEqual([bob.id]);
    expect(dmsTo(h, bob)).toEqual([]);
    const r = await settings(bob);
    expect(r.ephemeral).toBe(true);
    expect(r.text).toContain('Turn DMs: on');
    expect(r.text).toContain('Your DMs are closed to me');
    // Half the limit later the reminder fails as a DM too: it comes in the thread, without a second notice.
    await advance(12 * HOUR);
    const reminders = posted().filter((m) => m.text.includes('is waiting for you'));
    expect(reminders.filter((m) => m.mentions.users.includes(bob.id))).toHaveLength(1);
    expect(notices()).toHaveLength(1);
    // Their hand has no notice either: they were told.
    const hand = await d.openHand(bob, where);
    expect(hand.text).not.toContain('could not send you a direct message');
    // Nothing of it reaches Alice's settings.
    expect((await settings(alice)).text).not.toContain('closed');
  }, 90_000);

  it('a DM nobody else may know of refused: told in the next hand, privately, once', async () => {
    h.loopback.control.setDmsOpen(alice.id, false);
    const before = notices().length;
    // A reaction prompt goes through the same sending; its failure must stay out of the thread.
    expect(
      await h.bot.runtime.publisher.sendDm(alice.id, {
        content: 'x',
        components: [],
        files: [],
        mentionUsers: [],
      }),
    ).toBe(false);
    await h.quiet();
    expect(notices()).toHaveLength(before);
    expect((await settings(alice)).text).toContain('Your DMs are closed to me');
    const first = await d.openHand(alice, where);
    expect(first.ephemeral).toBe(true);
    expect(first.text).toContain('I could not send you a direct message');
    const second = await d.openHand(alice, where);
    expect(second.text).not.toContain('could not send you a direct message');
  }, 60_000);

  it('opened again, the next DM gets through and /settings no longer says they are closed', async () => {
    h.loopback.control.setDmsOpen(bob.id, true);
    expect(
      await h.bot.runtime.publisher.sendDm(bob.id, {
        content: 'hi',
        components: [],
        files: [],
        mentionUsers: [],
      }),
    ).toBe(true);
    expect((await settings(bob)).text).not.toContain('Your DMs are closed to me');
    expect(h.store.players.get(bob.id)).toMatchObject({ dmsClosedAt: null, dmsClosedTold: false });
  }, 60_000);
});
