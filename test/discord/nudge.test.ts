import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/** `/nudge` in a game's thread: once per 12 hours per game, and never into someone's night. */
const HOUR = 3_600_000;
// Monday 12 January 2026, 12:00 UTC: 13:00 in Madrid.
const clock = new ManualClock(Date.parse('2026-01-12T12:00:00Z'));
let h: TableHarness;
let alice: LoopbackUser;
let bob: LoopbackUser;
let carol: LoopbackUser;
let where: string;
let gameId: number;

beforeAll(async () => {
  h = await startTableHarness({ clock });
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
  carol = h.loopback.control.createUser('carol');
  ({ where, gameId } = await startGameByLobby(new Driver(h), alice, [bob]));
  await h.quiet();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const nudge = async (user: LoopbackUser) => {
  const r = await h.loopback.control.as(user).slash('nudge', {}, { channelId: where }).reply();
  await h.quiet();
  return r;
};
const nudges = () =>
  h.loopback.control.messages(where).filter((m) => !m.ephemeral && m.text.includes('nudges you'));
const mover = () => {
  const seat = (h.store.getGame(gameId).state as ValleyState).turn.seat;
  return h.store.getGame(gameId).seats[seat]?.userId === alice.id ? alice : bob;
};
const other = () => (mover() === alice ? bob : alice);

describe('/nudge', () => {
  it('reminds the player to move, in public, naming who nudged; the nudger is answered privately', async () => {
    const r = await nudge(other());
    expect(r.ephemeral).toBe(true);
    expect(r.text).toBe(`Nudged ${mover().username}.`);
    expect(nudges()).toHaveLength(1);
    expect(nudges()[0]?.text).toContain(`<@${mover().id}>, ${other().username} nudges you`);
    expect(nudges()[0]?.mentions.users).toEqual([mover().id]);
  });

  it('at most once per 12 hours per game, whoever asks', async () => {
    clock.advance(11 * HOUR);
    const again = await nudge(other());
    expect(again.text).toMatch(/was nudged <t:\d+:R>; you can nudge again <t:\d+:R>/);
    expect(nudges()).toHaveLength(1);
  });

  it('refuses what makes no sense: yourself, outsiders, other channels', async () => {
    expect((await nudge(mover())).text).toBe('The game is waiting for you: nobody to nudge.');
    expect((await nudge(carol)).text).toBe(`Only the players of game #${gameId} can nudge.`);
    const empty = h.loopback.control.createChannel({ name: 'no-games-here' });
    const elsewhere = await h.loopback.control.as(alice).slash('nudge', {}, { channelId: empty.id }).reply();
    expect(elsewhere.text).toBe('No game is being played in this channel.');
  });

  it("waits for the end of the player's quiet hours, and the nudger learns only that it comes later", async () => {
    await h.loopback.control
      .as(mover())
      .slash('settings', { 'time-zone': 'Europe/Madrid', 'quiet-start': '23:00', 'quiet-end': '08:00' })
      .reply();
    // 2026-01-13 00:30 UTC is 01:30 in Madrid.
    clock.set(Date.parse('2026-01-13T00:30:00Z'));
    await h.bot.runtime.scheduler.tick();
    await h.quiet();
    const r = await nudge(other());
    expect(r.text).toBe('Your nudge will be delivered later.');
    expect(r.text).not.toMatch(/Madrid|08:00|quiet/);
    expect(nudges()).toHaveLength(1);
    clock.set(Date.parse('2026-01-13T06:59:00Z'));
    await h.bot.runtime.scheduler.tick();
    await h.quiet();
    expect(nudges()).toHaveLength(1);
    clock.set(Date.parse('2026-01-13T07:00:00Z'));
    await h.bot.runtime.scheduler.tick();
    await h.quiet();
    expect(nudges()).toHaveLength(2);
  }, 60_000);
});
