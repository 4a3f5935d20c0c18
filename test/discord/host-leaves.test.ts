import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * The host may leave their own lobby: it passes to the next person seated, or closes when only computers
 * would be left (nobody could press Start for them).
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

async function openLobby(options: Record<string, number> = {}) {
  const opened = await h.loopback.control.as(alice).slash('valley', options).reply();
  const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
  await h.settle();
  return { where, lobby: d.latest(where, 'leave') };
}

const press = (who: LoopbackUser, m: Parameters<Driver['press']>[1], verb: string) =>
  d.press(who, m, controls(m).find((c) => c.verb === verb)!);

describe('the host leaving their lobby', () => {
  it('with only computers left, closes the lobby', async () => {
    const { where, lobby } = await openLobby({ computers: 1 });
    const after = await press(alice, lobby, 'leave');
    expect(after.text).toContain(`<@${alice.id}> left, and nobody else is seated: the lobby is closed.`);
    expect(h.store.getGame(h.store.gameInThread(where)!.id).status).toBe('cancelled');
  });

  it('with another person seated, hands the lobby to them', async () => {
    const { where, lobby } = await openLobby({ computers: 1 });
    const joined = await press(bob, lobby, 'join');
    const after = await press(alice, joined, 'leave');
    expect(after.text).toContain(`<@${alice.id}> left; <@${bob.id}> is the host now.`);
    const game = h.store.getGame(h.store.gameInThread(where)!.id);
    expect(game.hostUserId).toBe(bob.id);
    expect(game.seats.map((s) => s.userId)).not.toContain(alice.id);
    // Bob, the host now, can start it.
    await press(bob, d.fresh(after), 'start');
    expect(h.store.getGame(game.id).status).toBe('active');
  });
});
