import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { roundRows } from '../../src/discord/tournaments/tournament-tables.ts';
import { must } from '../tournaments/helpers.ts';
import type { TableHarness } from './harness.ts';
import {
  avoidableRepeats,
  checkPlayed,
  checkSwissStandings,
  messageOf,
  openTournament,
  playUntil,
  roundSeated,
  startTournament,
  storedOf,
  tournamentHarness,
} from './tournament-play.ts';

/**
 * A tournament's rounds played to the end through the loopback (tournament-play.ts): each finished game
 * becomes its table's result once, the result that completes a round makes the next round and its games,
 * and the last one finishes the tournament, shown on its message. A restart between rounds changes
 * nothing; a result reported again counts once; a table whose lobby was made and linked by a firing that
 * died before starting it gets that lobby started, not a second one; a cancelled tournament cancels its
 * games still going, each saying so.
 */
const clock = new ManualClock(Date.UTC(2026, 10, 20, 12));
let h: TableHarness;
/** The tournament whose table's game stays a lobby until the bot comes back (played by nobody). */
let waiting: number;

beforeAll(async () => {
  h = await tournamentHarness(clock);
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

describe('tournament rounds played to the end', () => {
  it('Swiss, 8 at four seats, 2 rounds: results once, the next round made, a restart between rounds', async () => {
    const made = await openTournament(h, clock, 8, { 'table-size': 4, rounds: 2 });
    await startTournament(h, made);
    // Round one is over and round two made: the bot stops and another starts on the same database.
    const between = await playUntil(h, made.id, roundSeated(h, 2));
    expect(Object.keys(between.tournament.rounds[0]?.results ?? {})).toHaveLength(2);
    await h.restart();
    const s = await playUntil(h, made.id);
    checkPlayed(h, s);
    checkSwissStandings(h, s);
    // 8 at four seats: round two cannot avoid every repeat (two tables of round one, four seats), and
    // repeats only where no seating without them exists.
    expect(avoidableRepeats(s.tournament)).toEqual([]);
    expect(s.tournament.rounds.map((r) => r.tables.length)).toEqual([2, 2]);
    // Every result row fired once and closed; reporting a game again changes nothing.
    for (const gameId of Object.values(s.games))
      expect(h.store.schedule.find(`tournament-result:${gameId}`)).toMatchObject({ outcome: 'fired' });
    const version = s.version;
    const firstGame = s.games['1.1'] as number;
    h.store.schedule.plan({
      key: `tournament-result:${firstGame}:again`,
      gameId: firstGame,
      kind: 'tournament-result',
      dueAt: new Date(clock.now()),
      payload: {},
    });
    await h.bot.runtime.scheduler.tick();
    expect(storedOf(h.store, made.id).version).toBe(version);
    // The message shows the end and the final standings.
    await h.bot.runtime.tournaments.idle();
    const text = messageOf(h, s).text;
    expect(text).toContain('Finished.');
    expect(text).toContain('**Final standings**');
    expect(text).toMatch(/\n1\. <@\d+>: [\d.]+ pts/);
  }, 300_000);

  it('a table whose board Discord refuses does not keep the round’s other tables from their games', async () => {
    const made = await openTournament(h, clock, 8, { 'table-size': 4, rounds: 1 });
    // The first table's board is refused (and its retry): the round's row carries on with the second.
    const refused = h.loopback.control.faults.serverError('POST /channels/:channelId/messages', 500, 2);
    await startTournament(h, made);
    const s = await playUntil(h, made.id, (x) => Object.keys(x.games).length === 2 && refused.hits === 2);
    expect(Object.values(s.games).map((g) => h.store.getGame(g).status)).not.toContain('lobby');
    // The row comes back a minute later for the table that failed, and then closes.
    const row = () => h.store.schedule.find(`tournament-tables:${made.id}:1`);
    expect(row()?.doneAt).toBeNull();
    clock.advance(60_000);
    await playUntil(h, made.id, () => !!row()?.doneAt);
    expect(row()?.outcome).toBe('fired');
    const done = await playUntil(h, made.id);
    checkPlayed(h, done);
  });

  it('a table whose lobby was made and linked by a firing that died is started, not made again', async () => {
    const made = await openTournament(h, clock, 4, { 'table-size': 4, rounds: 1 }, false);
    waiting = made.id;
    // The bot is down; round one is stored with its intent row, as the desk writes it, and the firing
    // that died had made table 1.1's lobby (made and linked in one write) without starting it.
    await h.down();
    const { GameStore } = await import('../../src/store/game-store.ts');
    const { openDatabase } = await import('../../src/store/database.ts');
    const database = openDatabase(h.dbPath);
    const store = new GameStore(database, { now: () => new Date(clock.now()) });
    const s = storedOf(store, made.id);
    let t = must(s.tournament, { type: 'close-registration', at: clock.now() });
    t = must(t, { type: 'start', at: clock.now() });
    store.tournaments.save(made.id, s.version, t, roundRows(t, clock.now()));
    const table = t.rounds[0]?.tables[0];
    if (!table) throw new Error('no table');
    const lobby = store.tournaments.createTableGame(made.id, table.id, {
      type: 'archaeology',
      guildId: s.guildId,
      channelId: s.channelId,
      hostUserId: s.createdBy,
      seats: table.seats.map((userId) => ({ userId, displayName: userId })),
      rated: false,
    });
    database.close();
    await h.up();
    await h.quiet();
    const after = storedOf(h.store, made.id);
    expect(after.games).toEqual({ [table.id]: lobby.id });
    expect(h.store.getGame(lobby.id).status).toBe('active');
    expect(h.store.tournaments.tableOfGame(lobby.id)).toEqual({ tournamentId: made.id, tableId: table.id });
    // Nothing else was made for it.
    const open = h.store.gamesInGuild(h.loopback.control.defaultGuild.id, ['lobby', 'active']);
    expect(open.map((g) => g.id)).toEqual([lobby.id]);
  }, 120_000);

  it('cancelling the tournament cancels its games still going, each saying so', async () => {
    const before = storedOf(h.store, waiting);
    const gameId = before.games['1.1'] as number;
    const game = h.store.getGame(gameId);
    expect(game.status).toBe('active');
    const c = h.loopback.control;
    const organiser = c.createUser({ username: 'cancelling', grants: ['ManageGuild'] });
    const reply = await c.as(organiser).slash('tournament cancel', { tournament: waiting }).reply();
    expect(reply.text).toBe(`Tournament #${waiting}: cancelled.`);
    await h.quiet();
    expect(h.store.getGame(gameId).status).toBe('cancelled');
    expect(h.store.schedule.find(`tournament-cancel:${waiting}`)).toMatchObject({ outcome: 'fired' });
    const said = c.messages(game.threadId as string).filter((m) => !m.ephemeral);
    expect(
      said.filter((m) => m.text.includes(`Game #${gameId} was cancelled with tournament #${waiting}.`)),
    ).toHaveLength(2);
    // Fired again (a restart, another shard): nothing cancelled or said twice.
    await h.restart();
    h.store.schedule.plan({
      key: `tournament-cancel:${waiting}:again`,
      gameId: null,
      kind: 'tournament-cancel',
      dueAt: new Date(clock.now()),
      payload: { tournament: waiting },
    });
    await h.bot.runtime.scheduler.tick();
    await h.quiet();
    expect(c.messages(game.threadId as string).filter((m) => !m.ephemeral)).toHaveLength(said.length);
  }, 120_000);
});
