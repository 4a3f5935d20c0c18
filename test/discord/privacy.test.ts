import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valleyAdapter } from '../../src/adapters/valley/index.ts';
import { ManualClock } from '../../src/clock.ts';
import { privacyCustomId } from '../../src/discord/messages/privacy-message.ts';
import { tournamentMessage } from '../../src/discord/messages/tournament-message.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { FORMER_PLAYER } from '../../src/store/privacy-records.ts';
import type { StoredTournament } from '../../src/store/tournament-records.ts';
import { registerDiceRace } from '../fixtures/dice-race.ts';
import { diceRaceAdapter } from '../fixtures/dice-race-adapter.ts';
import { playRandomAction } from '../store/helpers/memory-store.ts';
import { sqliteDump, sqliteRowsHolding } from '../store/helpers/rows-naming.ts';
import { HOUR, must, settingsWith, T0 } from '../tournaments/helpers.ts';
import { controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * `/privacy` through the loopback and the real bot: a person sees privately what Scarab keeps about them,
 * gets it as a file, and deletes it in two steps. A forged, someone else's, unconfirmed or stale request
 * deletes nothing (every table's every row compared); a confirmed one leaves no row naming them, hands their
 * running game's seat to a computer player with a word to the table, and leaves the others' /stats alone.
 */
const clock = new ManualClock(Date.now());
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let carol: LoopbackUser;
let where: string;
let running: number;
let finished: number;
let cupId: number;

const dump = () => sqliteDump(h.store.database.sqlite);
const privacy = (user: LoopbackUser) => h.loopback.control.as(user).slash('privacy').reply();
const verb = (m: LoopbackMessage, v: string) => {
  const c = controls(m).find((x) => x.verb === v);
  if (!c) throw new Error(`no ${v} on: ${m.text}`);
  return c;
};
const current = (m: LoopbackMessage) => h.loopback.control.message(m.id) as LoopbackMessage;
const aliceStats = () => h.loopback.control.as(alice).slash('stats', { game: 'dice-race' }).reply();

beforeAll(async () => {
  registerDiceRace();
  h = await startTableHarness({ clock, adapters: [valleyAdapter(), diceRaceAdapter] });
  d = new Driver(h);
  const c = h.loopback.control;
  alice = c.createUser('alice');
  bob = c.createUser('bob');
  carol = c.createUser('carol');
  ({ where, gameId: running } = await startGameByLobby(d, alice, [bob]));
  // A casual game bob and alice finished: alice's /stats counts it, and must read the same afterwards.
  const lobby = h.store.lobbies.create({
    type: 'dice-race',
    guildId: c.defaultGuildId,
    channelId: c.defaultChannelId,
    hostUserId: bob.id,
    rated: false,
    seats: [
      { userId: bob.id, displayName: 'bob' },
      { userId: alice.id, displayName: 'alice' },
    ],
  });
  finished = h.store.startGame(lobby.id).id;
  const rng = seedRng('privacy');
  while (playRandomAction(h.store, finished, rng));
  h.store.players.update(bob.id, { timeZone: 'Europe/Madrid', turnDms: true });
  // A tournament bob organised and played a round of: his id in its head, entrant, table and result rows.
  const created = h.store.tournaments.create({
    guildId: c.defaultGuildId as string,
    channelId: c.defaultChannelId as string,
    createdBy: bob.id,
    seed: 'privacy-cup',
    settings: settingsWith({ tableSize: 2, rounds: 2, checkInMs: 0 }),
    createdAt: T0,
  });
  let cup = must(created.tournament, { type: 'open', at: T0 });
  for (const [i, u] of [bob, alice, carol].entries())
    cup = must(cup, { type: 'register', userId: u.id, rating: 3 - i, at: T0 + i });
  cup = must(must(cup, { type: 'close-registration', at: T0 + HOUR }), { type: 'start', at: T0 + 2 * HOUR });
  for (const table of cup.rounds[0]?.tables ?? [])
    cup = must(cup, {
      type: 'report',
      tableId: table.id,
      places: table.seats.map((userId, i) => ({ userId, place: i + 1 })),
      ending: 'played',
      at: T0 + 3 * HOUR,
    });
  cupId = Number(h.store.tournaments.save(Number(created.tournament.id), 0, cup).tournament.id);
});
afterAll(async () => {
  await h?.stop();
});

describe('/privacy', () => {
  it('shows privately what Scarab keeps, with all of it as a JSON file', async () => {
    const r = await privacy(bob);
    expect(r.ephemeral).toBe(true);
    expect(r.text).toContain('What Scarab keeps about you');
    expect(r.text).toMatch(/Games: 2 games \(1 open, 1 over\)/);
    expect(r.text).toMatch(/Settings: your time zone/);
    const file = r.attachments[0];
    expect(file?.filename).toBe(`scarab-data-${bob.id}.json`);
    const data = JSON.parse(Buffer.from(file?.bytes ?? []).toString('utf8'));
    expect(data).toMatchObject({ format: 'scarab-personal-data', userId: bob.id });
    expect(data.settings.timeZone).toBe('Europe/Madrid');
    expect(data.games.map((g: { id: number }) => g.id).sort()).toEqual([running, finished].sort());
    expect(data.tournaments).toMatchObject([{ id: cupId, organiser: true, entrant: { rating: 3 } }]);
    expect(controls(r).map((x) => x.verb)).toEqual(['ask']);
  });

  it('a forged, unconfirmed, declined or stale request deletes nothing', async () => {
    const c = h.loopback.control;
    await h.settle();
    const before = dump();
    const board = d.latest(where, 'hand');

    // A forged confirmation: on their own answer (which carries only "Delete my data…"), on someone
    // else's answer, on the public board. Every one is refused as not on the message.
    const answer = await privacy(bob);
    const forged = privacyCustomId('erase', bob.id, clock.now());
    for (const [who, target] of [
      [bob, answer],
      [carol, await privacy(carol)],
      [bob, board],
    ] as const) {
      const refused = await c.as(who).forgeClick(target, forged).reply();
      expect(refused.ephemeral).toBe(true);
      expect(refused.text).toMatch(/not on this message/);
    }
    // Carol's own answer, with her own controls, cannot reach bob's data: her id is in them.
    expect(controls(await privacy(carol)).every((x) => x.arg === carol.id)).toBe(true);

    // Asking shows the confirmation only; declining ends it.
    const asked = await c.as(bob).click(answer, verb(answer, 'ask').customId).reply();
    expect(asked.text).toMatch(/cannot be undone/);
    expect(controls(asked).map((x) => x.verb)).toEqual(['erase', 'keep']);
    await h.settle();
    expect(dump()).toBe(before);
    const kept = await c.as(bob).click(asked, verb(asked, 'keep').customId).reply();
    expect(kept.text).toMatch(/Nothing was deleted/);
    expect(controls(current(kept))).toEqual([]);

    // A confirmation older than five minutes.
    const again = await privacy(bob);
    const confirm = await c.as(bob).click(again, verb(again, 'ask').customId).reply();
    clock.advance(5 * 60_000 + 1_000);
    const stale = await c.as(bob).click(confirm, verb(confirm, 'erase').customId).reply();
    expect(stale.text).toMatch(/older than 5 minutes, so nothing was deleted/);
    await h.settle();
    expect(dump()).toBe(before);
    expect(sqliteRowsHolding(h.store.database.sqlite, bob.id).hits).not.toEqual({});
  });

  it('a confirmed request forgets them: no row of any table holds their id, and the table is told', async () => {
    const c = h.loopback.control;
    const statsBefore = (await aliceStats()).text;
    const answer = await privacy(bob);
    const confirm = await c.as(bob).click(answer, verb(answer, 'ask').customId).reply();
    const erase = c.as(bob).click(confirm, verb(confirm, 'erase').customId);
    expect((await erase.reply()).text).toMatch(/Deleting your data/);
    // The answer once the work is done: the deferred edit of the same private message.
    expect((await erase.edited()).text).toMatch(/Scarab has forgotten you/);
    await h.settle();
    await h.bot.runtime.scheduler.tick();
    await h.settle();
    expect(controls(current(confirm))).toEqual([]);

    const found = sqliteRowsHolding(h.store.database.sqlite, bob.id);
    expect(found.tables.length).toBeGreaterThanOrEqual(14);
    expect(found.hits).toEqual({});

    const game = h.store.getGame(running);
    expect(game.status).toBe('active');
    expect(game.seats.every((s) => s.userId !== bob.id)).toBe(true);
    expect(game.seats.some((s) => s.botKind === 'normal')).toBe(true);
    const told = c.messages(where).filter((m) => m.text.includes('asked Scarab to forget them'));
    expect(told).toHaveLength(1);
    expect(told[0]?.ephemeral).toBe(false);

    // Their tournament keeps their points under an id of its own; the message names a former player.
    const cup = h.store.tournaments.get(cupId);
    expect(cup?.tournament.entrants.map((e) => e.userId)).toEqual([`${FORMER_PLAYER}:1`, alice.id, carol.id]);
    expect(tournamentMessage(cup as StoredTournament, 'Valley', 'en').content).toContain('a former player');

    const over = h.store.getGame(finished);
    expect(over.seats.find((s) => s.botKind === FORMER_PLAYER)?.displayName).toBe('a former player');
    expect((await aliceStats()).text).toBe(statsBefore);

    // Their finished game's replay still steps to its end, through the bot.
    let replay = await c.as(alice).slash('replay', { game: finished }).reply();
    expect(replay.text).toContain(`move 0 of ${over.version}`);
    const last = controls(replay).find((x) => x.label === '⏭');
    if (!last) throw new Error(`no ⏭ on: ${replay.text}`);
    replay = await d.press(alice, replay, last);
    expect(replay.text).toContain(`move ${over.version} of ${over.version}`);
    expect(replay.text).toContain('The final position.');

    // Asking again: nothing is kept any more.
    const empty = await privacy(bob);
    expect(empty.text).toMatch(/Games: none/);
    expect(empty.text).toMatch(/Settings: none/);
  });
});
