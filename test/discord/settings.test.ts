import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { Driver, dmsTo as dmsOf, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A person's own settings, and what they change: reminders wait for the end of their night in their
 * own time zone (across a daylight-saving change), go by DM when asked, and a vacation hands their
 * turns to the computer. Nobody else ever reads any of it.
 */
// Saturday 24 October 2026, 14:30 in Madrid (CEST); the clocks go back that night.
const clock = new ManualClock(Date.parse('2026-10-24T12:30:00Z'));
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
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

const settings = (user: LoopbackUser, options: Record<string, string | boolean> = {}) =>
  h.loopback.control.as(user).slash('settings', options).reply();
const state = () => h.store.getGame(gameId).state as ValleyState;
const publicMessages = () =>
  h.loopback.control
    .as(alice)
    .visibleChannels()
    .filter((ch) => ch.type !== 1)
    .flatMap((ch) => h.loopback.control.messages(ch.id))
    .filter((m) => !m.ephemeral);
const reminders = () => publicMessages().filter((m) => m.text.includes('is waiting for you'));
const dmsTo = (user: LoopbackUser): LoopbackMessage[] => dmsOf(h, user);

async function advanceTo(iso: string): Promise<void> {
  clock.set(Date.parse(iso));
  await h.bot.runtime.scheduler.tick();
  await h.quiet();
}

describe('/settings', () => {
  it('shows your settings privately, with the defaults until you change them', async () => {
    const r = await settings(alice);
    expect(r.ephemeral).toBe(true);
    expect(r.text).toContain('Time zone: not set');
    expect(r.text).toContain('Quiet hours: none');
    expect(r.text).toContain('Turn DMs: off');
  });

  it('refuses bad input with a specific reason, and changes nothing', async () => {
    const zone = await settings(alice, { 'time-zone': 'Europe/Madird' });
    expect(zone.text).toMatch(/not a time zone I know\. Did you mean .*`Europe\/Madrid`/);
    const hour = await settings(alice, {
      'time-zone': 'Europe/Madrid',
      'quiet-start': '25:00',
      'quiet-end': '08:00',
    });
    expect(hour.text).toMatch(/“25:00” is not a time/);
    const same = await settings(alice, {
      'time-zone': 'Europe/Madrid',
      'quiet-start': '08:00',
      'quiet-end': '08:00',
    });
    expect(same.text).toMatch(/cannot start and end at the same time/);
    const noZone = await settings(alice, { 'quiet-start': '23:00', 'quiet-end': '08:00' });
    expect(noZone.text).toMatch(/set your time zone too/);
    const past = await settings(alice, { 'vacation-until': '2026-10-01' });
    expect(past.text).toMatch(/That date has passed/);
    const notDate = await settings(alice, { 'vacation-until': 'next week' });
    expect(notDate.text).toMatch(/is not a date/);
    for (const r of [zone, hour, same, noZone, past, notDate])
      expect(r.text).toContain('Nothing was changed');
    expect(h.store.players.get(alice.id)).toMatchObject({
      timeZone: null,
      quietStart: null,
      vacationUntil: null,
    });
  });

  it('an end before the start wraps past midnight', async () => {
    for (const user of [alice, bob]) {
      const r = await settings(user, {
        'time-zone': 'Europe/Madrid',
        'quiet-start': '23:00',
        'quiet-end': '08:00',
      });
      expect(r.text).toContain('Saved.');
      expect(r.text).toContain('Quiet hours: 23:00–08:00 your time');
    }
    expect(h.store.players.get(bob.id)).toMatchObject({
      timeZone: 'Europe/Madrid',
      quietStart: 23 * 60,
      quietEnd: 8 * 60,
    });
  });
});

describe('reminders respect the night, in the player’s own zone', () => {
  it('a reminder due at 02:30 on the night the clocks go back is sent once, at 08:00 on the wall', async () => {
    ({ gameId } = await startGameByLobby(d, alice, [bob]));
    await h.quiet();
    // Half of the 24 h limit: due 2026-10-25T00:30Z, 02:30 CEST in Madrid: quiet.
    await advanceTo('2026-10-25T00:30:00Z');
    expect(reminders()).toEqual([]);
    // 08:00 CEST would have been 06:00Z; the clocks went back, so 08:00 is 07:00Z.
    await advanceTo('2026-10-25T06:59:00Z');
    expect(reminders()).toEqual([]);
    await advanceTo('2026-10-25T07:00:00Z');
    expect(reminders()).toHaveLength(1);
    await advanceTo('2026-10-25T11:00:00Z');
    expect(reminders()).toHaveLength(1);
  }, 60_000);

  it('with turn DMs on, the turn and the reminder come privately, with a link to the board', async () => {
    // The time-out at 12:30Z hands the turn to the other player; make that player want DMs first.
    const next = h.store.getGame(gameId).seats[(state().turn.seat + 1) % 2]?.userId;
    const user = next === alice.id ? alice : bob;
    await settings(user, { 'turn-dms': true });
    const before = reminders().length;
    await advanceTo('2026-10-25T12:30:00Z');
    expect(h.store.getGame(gameId).seats[state().turn.seat]?.userId).toBe(user.id);
    const turnDm = dmsTo(user).find((m) => m.text.includes('It is your turn'));
    expect(turnDm?.text).toContain(`https://discord.com/channels/`);
    // Their reminder, 12 h later (00:30Z, quiet again), goes by DM at 08:00, not to the channel.
    await advanceTo('2026-10-26T07:00:00Z');
    expect(dmsTo(user).filter((m) => m.text.includes('is waiting for you'))).toHaveLength(1);
    expect(reminders().length).toBe(before);
  }, 90_000);

  it('a vacation hands their turns to the computer until it ends', async () => {
    const seat = state().turn.seat;
    const away = h.store.getGame(gameId).seats[seat]?.userId === alice.id ? alice : bob;
    const turn = state().turn.number;
    const r = await settings(away, { 'vacation-until': '2026-10-30' });
    expect(r.text).toContain('Vacation: until');
    await h.quiet();
    expect(state().turn.number).toBeGreaterThan(turn);
    // The board says so (until when, as a timestamp each reader sees in their own zone).
    const board = publicMessages()
      .filter((m) => m.text.includes('it is your turn'))
      .at(-1);
    expect(board?.text).toMatch(/🏖 (alice|bob) is away until <t:\d+:f>: the computer plays for them\./);
    const seatAway = h.store.getGame(gameId).seats.findIndex((s) => s.userId === away.id);
    expect(await h.bot.runtime.timers.computerPlaysFor(h.store.getGame(gameId), seatAway)).toBe(true);
    // The vacation ends by itself once its last day is over, in their zone (Madrid: 31 Oct, 00:00 CET).
    clock.set(Date.parse('2026-10-30T22:59:00Z'));
    expect(await h.bot.runtime.timers.awayUntil(away.id)).not.toBeNull();
    clock.set(Date.parse('2026-10-30T23:00:00Z'));
    expect(await h.bot.runtime.timers.awayUntil(away.id)).toBeNull();
    expect(await h.bot.runtime.timers.awayNotes(h.store.getGame(gameId))).toEqual([]);
    await settings(away, { 'vacation-until': 'off' });
  }, 90_000);

  it('no public message states anyone’s time zone, quiet hours or local time', () => {
    const text = publicMessages()
      .map((m) => m.text)
      .join('\n');
    expect(text).not.toMatch(/Europe\/Madrid|23:00|08:00|quiet|time zone|vacation until/i);
  });
});
