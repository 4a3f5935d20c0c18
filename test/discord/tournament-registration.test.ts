import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { tournamentCustomId } from '../../src/discord/messages/tournament-message.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * `/tournament` and its message's buttons through the loopback and the real bot: an organiser creates a
 * tournament (a draft, its message posted), opens it, people register and withdraw with the buttons, time
 * closes registration, people check in, and the start makes round one from those checked in. Someone
 * without Manage Server is refused; a second, late, unregistered or forged click is refused privately
 * with its own reason, and nothing of it is stored.
 */
const HOUR = 3_600_000;
const clock = new ManualClock(Date.UTC(2026, 10, 20, 12));
let h: TableHarness;
let d: Driver;
let mod: LoopbackUser;
let alice: LoopbackUser;
let bob: LoopbackUser;
let carol: LoopbackUser;
let erin: LoopbackUser;
let dave: LoopbackUser;
let message: LoopbackMessage;
let id: number;

const c = () => h.loopback.control;
const stored = () => h.store.tournaments.get(id);
const current = () => c().message(message.id) as LoopbackMessage;
const idle = () => h.bot.runtime.tournaments.idle();
async function press(user: LoopbackUser, verb: string): Promise<string> {
  const control = controls(current()).find((x) => x.verb === verb);
  if (!control) throw new Error(`no ${verb} on: ${current().text}`);
  const reply = await c().as(user).click(current(), control.customId).reply();
  expect(reply.ephemeral).toBe(true);
  await idle();
  return reply.text;
}
async function slash(
  user: LoopbackUser,
  sub: string,
  options: Record<string, string | number | boolean> = {},
): Promise<string> {
  const reply = await c().as(user).slash(`tournament ${sub}`, options).reply();
  expect(reply.ephemeral).toBe(true);
  await idle();
  return reply.text;
}

beforeAll(async () => {
  h = await startTableHarness({ clock });
  d = new Driver(h);
  mod = c().createUser({ username: 'mod', grants: ['ManageGuild'] });
  alice = c().createUser('alice');
  bob = c().createUser('bob');
  carol = c().createUser('carol');
  erin = c().createUser('erin');
  dave = c().createUser('dave');
});
afterAll(async () => {
  await h?.stop();
});

describe('/tournament: create, open, register, check in, start', () => {
  it('only Manage Server creates; the draft gets its message, with no buttons yet', async () => {
    expect(await slash(alice, 'create')).toMatch(/^Only people with Manage Server may run tournaments/);
    expect(h.store.tournaments.inGuild(c().defaultGuild.id)).toEqual([]);

    const text = await slash(mod, 'create', {
      game: 'valley',
      'table-size': 2,
      rounds: 2,
      'registration-hours': 2,
      'check-in-hours': 1,
      'turn-limit': 12,
      cap: 4,
    });
    const [summary] = h.store.tournaments.inGuild(c().defaultGuild.id);
    if (!summary?.messageId) throw new Error(`no tournament message: ${text} ${JSON.stringify(summary)}`);
    if (!summary?.messageId) throw new Error('no tournament message');
    id = summary.id;
    expect(text).toBe(`Tournament #${id} is a draft: \`/tournament open\` opens registration.`);
    message = c().message(summary.messageId) as LoopbackMessage;
    expect(message.channelId).toBe(c().defaultChannel.id);
    expect(message.text).toContain(`🏆 Tournament #${id}: Valley of the Kings`);
    expect(message.text).toContain('Not open yet.');
    expect(message.text).toContain('Swiss, 2 rounds · tables of 2 · 7 days a round · 12 h a turn · rated');
    expect(message.text).toContain('Check-in lasts 1 h once registration closes. At most 4 entrants.');
    expect(controls(message)).toEqual([]);
    expect(stored()?.tournament.settings).toMatchObject({
      tableSize: 2,
      rounds: 2,
      turnLimitHours: 12,
      maxEntrants: 4,
    });
  });

  it('opens; Register and Withdraw are buttons; a second Register is refused', async () => {
    expect(await slash(alice, 'open')).toMatch(/^Only people with Manage Server/);
    expect(stored()?.tournament.status).toBe('draft');
    expect(await slash(mod, 'open')).toBe(`Tournament #${id}: registration is open.`);
    expect(controls(current()).map((x) => x.verb)).toEqual(['register', 'withdraw']);

    for (const u of [alice, bob, carol, erin])
      expect(await press(u, 'register')).toBe(`You are registered in tournament #${id}.`);
    expect(await press(alice, 'register')).toBe('You are registered already.');
    expect(await press(dave, 'register')).toBe('The tournament is full (4 entrants).');
    expect(await press(carol, 'withdraw')).toBe(`You withdrew from tournament #${id}.`);
    expect(await press(carol, 'withdraw')).toBe('You are not registered in this tournament.');
    expect(stored()?.tournament.entrants.map((e) => e.userId)).toEqual([alice.id, bob.id, erin.id]);
    expect(current().text).toContain(`**Entrants (3)**\n<@${alice.id}>, <@${bob.id}>, <@${erin.id}>`);
  });

  it('a forged click (a control not on the message) changes nothing', async () => {
    const before = stored();
    const reply = await c().as(dave).forgeClick(current(), tournamentCustomId('check-in', id)).reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toMatch(/not on this message|isn’t on this message|not one of this message/i);
    expect(stored()).toEqual(before);
  });

  it('registration closes at its time: a late Register is refused, check-in opens on the message', async () => {
    clock.advance(2 * HOUR);
    expect(await press(dave, 'register')).toBe('Registration for this tournament is closed.');
    expect(stored()?.tournament.status).toBe('check-in');
    expect(controls(current()).map((x) => x.verb)).toEqual(['check-in', 'withdraw']);
    expect(current().text).toContain('Check in before');

    expect(await press(dave, 'check-in')).toBe('You are not registered in this tournament.');
    expect(await press(alice, 'check-in')).toBe(`You are checked in for tournament #${id}.`);
    expect(await press(alice, 'check-in')).toBe('You are checked in already.');
    expect(await press(erin, 'check-in')).toBe(`You are checked in for tournament #${id}.`);
    expect(current().text).toContain(`<@${alice.id}> ✅, <@${bob.id}>, <@${erin.id}> ✅`);
    expect(await slash(mod, 'start')).toMatch(
      /^Check-in is open until <t:\d+:f> and not everyone has checked in\.$/,
    );
    expect(stored()?.tournament.rounds).toEqual([]);
  });

  it('after check-in, a late Check in is refused; the start makes round one of those checked in', async () => {
    clock.advance(HOUR);
    expect(await press(bob, 'check-in')).toBe(
      'Check-in is over, and you had not checked in: you do not play in this tournament.',
    );
    expect(await slash(mod, 'start')).toBe(`Tournament #${id}: started.`);
    const t = stored()?.tournament;
    expect(t?.status).toBe('running');
    expect(t?.rounds).toHaveLength(1);
    expect(t?.rounds[0]?.tables.map((x) => [...x.seats].sort())).toEqual([[alice.id, erin.id].sort()]);
    expect(current().text).toContain('Round 1 is in play.');
    expect(current().text).toMatch(/\*\*Round 1\*\* \(until <t:\d+:f>\)\nTable 1\.1: <@\d+> and <@\d+>/);
    expect(controls(current())).toEqual([]);

    // The round's intent row, stored with it, makes the table's game: the table's people only, in their
    // order, in a thread of its own, with the tournament's settings.
    await h.quiet();
    await idle();
    const table = stored()?.tournament.rounds[0]?.tables[0];
    const gameId = stored()?.games['1.1'];
    if (!table || gameId === undefined)
      throw new Error(`no game for table 1.1: ${JSON.stringify(stored()?.games)}`);
    const game = h.store.getGame(gameId);
    expect(game).toMatchObject({ type: 'valley', status: 'active', rated: true, turnLimitMinutes: 12 * 60 });
    expect(game.seats.map((x) => x.userId)).toEqual(table.seats);
    expect(game.seats.every((x) => x.botKind === null)).toBe(true);
    expect(game.threadId).not.toBeNull();
    expect(game.threadId).not.toBe(c().defaultChannel.id);
    expect(
      c()
        .messages(game.threadId as string)
        .some((m) => !m.ephemeral),
    ).toBe(true);
    expect(h.store.schedule.find(`tournament-tables:${id}:1`)?.doneAt).not.toBeNull();
    expect(current().text).toContain(`· game #${gameId}`);
    // A restart makes no second game.
    await h.restart();
    await h.quiet();
    expect(h.store.gamesInGuild(c().defaultGuild.id, ['lobby', 'active']).map((g) => g.id)).toEqual([gameId]);
    // A client still showing the check-in buttons: the message no longer carries them, so nothing happens.
    const before = stored();
    const reply = await c().as(bob).forgeClick(current(), tournamentCustomId('check-in', id)).reply();
    expect(reply.ephemeral).toBe(true);
    expect(stored()).toEqual(before);
  });

  it('pause and cancel, each shown on the message', async () => {
    expect(await slash(mod, 'pause')).toBe(`Tournament #${id}: paused.`);
    expect(current().text).toContain('Paused by the organiser.');
    expect(await slash(mod, 'pause')).toBe('Not now: the tournament is paused.');
    expect(await slash(mod, 'cancel', { tournament: id })).toBe(`Tournament #${id}: cancelled.`);
    expect(current().text).toContain('Cancelled.');
    expect(await slash(mod, 'open', { tournament: 999 })).toBe('There is no such tournament in this server.');
    expect(d).toBeDefined();
  });
});
