import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../../src/clock.ts';
import { canvasRatingPictures } from '../../src/discord/messages/rating-pictures.ts';
import { standingsFile } from '../../src/discord/messages/tournament-message.ts';
import {
  podiumFile,
  TOURNAMENT_PODIUM_LEASE_MS,
  TournamentPodiums,
} from '../../src/discord/tournaments/tournament-podium.ts';
import { clientNames } from '../../src/discord/tournaments/tournament-standings-picture.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { getGame } from '../../src/games/registry.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import type { ScheduledRow } from '../../src/store/records.ts';
import type { Placement } from '../../src/tournaments/model.ts';
import { standings } from '../../src/tournaments/standings.ts';
import { randomMove } from '../store/helpers/random-play.ts';
import { controls } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * What a tournament shows through the loopback and the real bot: its message carries the standings picture
 * once a result exists, replaced (not added to) by every redraw; its end posts the podium once, a restart
 * after that posting nothing more. Results are reported through the desk as the round layer does.
 */
const clock = new ManualClock(Date.UTC(2026, 10, 20, 12));
let h: TableHarness;
let mod: LoopbackUser;
let players: LoopbackUser[];
let message: LoopbackMessage;
let id: number;

const c = () => h.loopback.control;
const stored = () => h.store.tournaments.get(id);
const current = () => c().message(message.id) as LoopbackMessage;
const idle = () => h.bot.runtime.tournaments.idle();
async function slash(
  user: LoopbackUser,
  sub: string,
  options: Record<string, string | number | boolean> = {},
): Promise<string> {
  const reply = await c().as(user).slash(`tournament ${sub}`, options).reply();
  await idle();
  return reply.text;
}

/** Reports the table's result through the desk (as the round layer does once its game is over). */
async function report(tableId: string, order: readonly string[], ending: 'played' | 'stand-in' = 'played') {
  const places: Placement[] = order.map((userId, k) => ({ userId, place: k + 1 }));
  const outcome = await h.bot.runtime.tournaments.act(id, (_, at) => [
    { type: 'report', tableId, places, ending, at },
  ]);
  expect(outcome.ok).toBe(true);
  await idle();
}

const seatsOf = (tableId: string): string[] => {
  const t = stored()?.tournament;
  const table = t?.rounds.flatMap((r) => r.tables).find((x) => x.id === tableId);
  if (!table) throw new Error(`no table ${tableId}`);
  return [...table.seats];
};

const isPng = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

beforeAll(async () => {
  h = await startTableHarness({ clock });
  mod = c().createUser({ username: 'mod', grants: ['ManageGuild'] });
  players = ['amunet', 'bes', 'chen', 'dalia'].map((name) => c().createUser(name));
  await slash(mod, 'create', { game: 'valley', 'table-size': 2, rounds: 2, 'registration-hours': 1 });
  const [summary] = h.store.tournaments.inGuild(c().defaultGuild.id);
  if (!summary?.messageId) throw new Error('no tournament message');
  id = summary.id;
  message = c().message(summary.messageId) as LoopbackMessage;
  await slash(mod, 'open');
  for (const u of players) {
    const control = controls(current()).find((x) => x.verb === 'register');
    if (!control) throw new Error('no Register');
    await c().as(u).click(current(), control.customId).reply();
  }
  await idle();
  await slash(mod, 'start');
  await h.quiet();
  await idle();
});
afterAll(async () => {
  await h?.stop();
});

describe('the standings picture on the tournament message', () => {
  it('is not there before a result; it comes with the first result, with the standings in text too', async () => {
    expect(stored()?.tournament.status).toBe('running');
    expect(current().attachments).toEqual([]);
    const seats = seatsOf('1.1');
    await report('1.1', seats);
    const m = current();
    expect(m.attachments.map((a) => a.filename)).toEqual([standingsFile(id)]);
    const picture = m.attachments[0];
    if (!picture) throw new Error('no picture');
    expect(isPng(picture.bytes)).toBe(true);
    expect(picture.width).toBe(720);
    // Its description names the leader and the points; the text lists the standings for everyone.
    expect(picture.description).toMatch(
      /^Tournament #\d+ · Valley of the Kings\. Round 1 of 2 · 4 players\. 1\. /,
    );
    const winner = players.find((u) => u.id === seats[0]);
    expect(picture.description).toContain(`. 1. ${winner?.username}: 6.0 (Opponents 1.0 · 1 game)`);
    expect(m.text).toContain('**Standings**');
    expect(m.text).toContain(`1. <@${seats[0]}>: 6 pts`);
    expect(JSON.stringify(m.components)).toContain('"type":12');
  });

  it('each redraw replaces the picture: one attachment, the newer standings', async () => {
    const before = current().attachments[0];
    await report('1.2', seatsOf('1.2'));
    expect(stored()?.tournament.rounds).toHaveLength(2);
    const after = current().attachments;
    expect(after).toHaveLength(1);
    expect(after[0]?.filename).toBe(standingsFile(id));
    expect(after[0]?.id).not.toBe(before?.id);
    expect(Buffer.from(after[0]?.bytes ?? []).equals(Buffer.from(before?.bytes ?? []))).toBe(false);
    expect(after[0]?.description).toContain('Round 2 of 2');
  });
});

describe('the podium', () => {
  const key = () => `tournament-podium:${id}`;
  const podiums = () =>
    c()
      .messages(c().defaultChannel.id)
      .filter((m) => m.attachments.some((a) => a.filename === podiumFile(id, 0)));

  it('the result that finishes the tournament posts it once, even when its sender died after sending', async () => {
    await h.quiet();
    await idle();
    // The podium reaches the channel, but its sender never hears so: as if it died right after.
    const hold = c().faults.holdAnswer('POST /channels/:channelId/messages');
    await report('2.1', seatsOf('2.1'));
    expect(h.store.schedule.find(key())).toBeUndefined();
    await report('2.2', seatsOf('2.2'));
    expect(stored()?.tournament.status).toBe('finished');
    // Planned by the write that finished it.
    expect(h.store.schedule.find(key())?.doneAt).toBeNull();
    void h.bot.runtime.scheduler.tick();
    await hold.held;
    expect(podiums()).toHaveLength(1);
    expect(h.store.schedule.find(key())?.payload).toMatchObject({ tournament: id, sending: true });

    // Another process, once the holder's lease has run out, finds the podium and sends nothing.
    clock.advance(TOURNAMENT_PODIUM_LEASE_MS);
    const rt = h.bot.runtime;
    const other = new TournamentPodiums(
      {
        store: rt.tables.store,
        publisher: rt.publisher,
        client: rt.client,
        clock,
        log: rt.log,
        languageOf: () => 'en',
        titleOf: () => 'Valley of the Kings',
        namesOf: clientNames(rt.client),
        podium: canvasRatingPictures.podium,
      },
      { on: () => {} },
    );
    await other.post(h.store.schedule.find(key()) as ScheduledRow);
    expect(h.store.schedule.find(key())).toMatchObject({ outcome: 'fired' });
    hold.release();
    await h.quiet();
    expect(podiums()).toHaveLength(1);

    const podium = podiums()[0] as LoopbackMessage;
    const final = stored()?.tournament;
    if (!final) throw new Error('no tournament');
    const top = standings(final).filter((r) => r.place <= 3);
    expect(podium.text).toContain(`🏆 **Tournament #${id} is over: Valley of the Kings**`);
    expect(podium.text).toContain(`🥇 <@${top[0]?.userId}>: `);
    expect(podium.mentions.users).toEqual([]);
    expect(podium.attachments[0]?.description).toMatch(/^Podium of Valley of the Kings, Tournament #\d+, /);
  });

  it('a restart posts nothing more', async () => {
    await h.restart();
    await h.quiet();
    expect(podiums()).toHaveLength(1);
    // The final standings stay on the message.
    expect(current().attachments.map((a) => a.filename)).toEqual([standingsFile(id)]);
    expect(current().attachments[0]?.description).toContain('Final standings');
  });
});

/** The record's format, written independently of the code that makes it. */
const snowflake = z.string().regex(/^\d{17,20}$/);
const iso = z.iso.datetime();
const points = { points60: z.number().int().nonnegative(), points: z.number().nonnegative() };
const RecordSchema = z
  .object({
    format: z.literal('scarab-tournament'),
    version: z.literal(1),
    id: z.number().int().positive(),
    guildId: snowflake,
    channelId: snowflake,
    createdBy: snowflake,
    status: z.enum(['draft', 'registration', 'check-in', 'running', 'paused', 'finished', 'cancelled']),
    createdAt: iso,
    endedAt: iso.nullable(),
    settings: z.strictObject({
      game: z.enum(['valley', 'archaeology']),
      gameOptions: z.record(z.string(), z.unknown()),
      format: z.enum(['swiss', 'round-robin', 'elimination']),
      tableSize: z.number().int().min(2).max(6),
      minTableSize: z.number().int().min(2).max(6),
      rounds: z.number().int().nonnegative(),
      groupSize: z.number().int().positive(),
      advance: z.number().int().positive(),
      roundHours: z.number().positive(),
      turnLimitHours: z.number().positive().nullable(),
      rated: z.boolean(),
      registrationClosesAt: iso,
      checkInHours: z.number().nonnegative(),
      maxEntrants: z.number().int().positive().nullable(),
      deadline: z.enum(['stand-in', 'as-it-stands']),
      drop: z.strictObject({
        onLeavingServer: z.boolean(),
        afterTimeouts: z.number().int().positive().nullable(),
      }),
    }),
    entrants: z.array(
      z.strictObject({
        userId: snowflake,
        ratingAtEntry: z.number(),
        registeredAt: iso,
        checkedIn: z.boolean(),
        droppedAfterRound: z.number().int().nonnegative().nullable(),
        dropReason: z.enum(['left-server', 'timeouts', 'organiser', 'withdrew']).nullable(),
      }),
    ),
    rounds: z.array(
      z.strictObject({
        number: z.number().int().positive(),
        startedAt: iso,
        deadline: iso,
        byes: z.array(z.strictObject({ userId: snowflake, ...points })),
        tables: z.array(
          z.strictObject({
            id: z.string().regex(/^\d+\.\d+$/),
            group: z.number().int().nonnegative(),
            seats: z.array(snowflake).min(2).max(6),
            gameId: z.number().int().positive().nullable(),
            result: z
              .strictObject({
                ending: z.enum(['played', 'stand-in', 'as-it-stands', 'cancelled']),
                reportedAt: iso,
                places: z.array(
                  z.strictObject({ userId: snowflake, place: z.number().int().positive(), ...points }),
                ),
              })
              .nullable(),
          }),
        ),
      }),
    ),
    standings: z.array(
      z.strictObject({
        place: z.number().int().positive(),
        group: z.number().int().nonnegative(),
        userId: snowflake,
        ...points,
        opponents3600: z.number().int().nonnegative(),
        opponents: z.number().nonnegative(),
        headToHead: z.number().int(),
        ratingAtEntry: z.number(),
        games: z.number().int().nonnegative(),
        byes: z.number().int().nonnegative(),
        dropped: z.boolean(),
        reached: z.number().int().nonnegative(),
        lastPlace: z.number().int().nonnegative(),
      }),
    ),
  })
  .strict();

describe('/tournament record', () => {
  it('anyone in the server gets the record privately, as a JSON file that follows its format', async () => {
    const reply = await c()
      .as(players[1] as LoopbackUser)
      .slash('tournament record')
      .reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain(`Tournament #${id}'s record as JSON`);
    expect(reply.attachments.map((a) => a.filename)).toEqual([`tournament-${id}.json`]);
    const json: unknown = JSON.parse(Buffer.from(reply.attachments[0]?.bytes ?? []).toString('utf8'));
    const record = RecordSchema.parse(json);
    const s = stored();
    if (!s) throw new Error('no tournament');
    expect(record.id).toBe(id);
    expect(record.status).toBe('finished');
    expect(record.settings).toMatchObject({ game: 'valley', tableSize: 2, rounds: 2, roundHours: 7 * 24 });
    expect(record.entrants.map((e) => e.userId)).toEqual(players.map((u) => u.id));
    // Every table names its game, its seats and its result with each seat's points.
    const tables = record.rounds.flatMap((r) => r.tables);
    expect(tables.map((x) => x.id)).toEqual(['1.1', '1.2', '2.1', '2.2']);
    for (const x of tables) {
      expect(x.gameId).toBe(s.games[x.id]);
      expect(x.result?.places.map((p) => p.userId)).toEqual(x.seats);
      expect(x.result?.places.map((p) => [p.place, p.points])).toEqual([
        [1, 6],
        [2, 1],
      ]);
      expect(x.result?.ending).toBe('played');
    }
    expect(record.standings.map((x) => [x.userId, x.place, x.points60])).toEqual(
      standings(s.tournament).map((x) => [x.userId, x.place, x.points]),
    );
    // Nothing hidden: no game's state, hands or seeds.
    expect(JSON.stringify(json)).not.toMatch(/"(state|hand|hands|seed|deck)"/);
  });

  it('a tournament of another server, or none, is refused privately', async () => {
    const reply = await c()
      .as(mod)
      .slash('tournament record', { tournament: id + 50 })
      .reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toBe('There is no such tournament in this server.');
    expect(reply.attachments).toEqual([]);
  });
});

describe("a tournament's games in /replay", () => {
  /** Table 1.1's game played to its end with random legal moves, straight through the store. */
  function finishTable(tableId: string): number {
    const gameId = stored()?.games[tableId];
    if (gameId === undefined) throw new Error(`no game for ${tableId}`);
    const rng = seedRng(`tournament-show:${tableId}`);
    for (;;) {
      const game = h.store.getGame(gameId);
      const move = randomMove(getGame(game.type), game.state, rng);
      if (!move) break;
      h.store.applyAction(gameId, { ...move, expectedVersion: game.version });
    }
    expect(h.store.getGame(gameId).status).toBe('finished');
    return gameId;
  }

  it('the message says where they are; /replay tournament lists its finished games by table, and replays one', async () => {
    expect(current().text).toContain(`🎞 Its finished games: \`/replay tournament:${id}\` lists them`);
    const gameId = finishTable('1.1');
    const other = stored()?.games['1.2'] as number;
    const amunet = players[0] as LoopbackUser;
    const listed = await c()
      .as(amunet)
      .autocomplete('replay', { game: '', tournament: id }, 'game')
      .choices();
    expect(listed.map((x) => x.value)).toEqual([gameId]);
    expect(listed[0]?.name).toMatch(
      new RegExp(
        `^#${gameId} · Valley of the Kings · finished \\d{4}-\\d\\d-\\d\\d · 🏆 #${id} table 1\\.1$`,
      ),
    );
    // Without the tournament, its game still says its table.
    const all = await c()
      .as(amunet)
      .autocomplete('replay', { game: String(gameId) }, 'game')
      .choices();
    expect(all.find((x) => x.value === gameId)?.name).toContain(`🏆 #${id} table 1.1`);

    const replay = await c().as(amunet).slash('replay', { game: gameId, tournament: id }).reply();
    expect(replay.ephemeral).toBe(true);
    expect(replay.text).toContain(`🎞 **Replay** of Valley of the Kings #${gameId} · move 0 of `);
    // A game not of that tournament, or not finished, is refused.
    const wrong = await c()
      .as(amunet)
      .slash('replay', { game: gameId, tournament: id + 1 })
      .reply();
    expect(wrong.text).toBe(`Game #${gameId} is not a game of tournament #${id + 1}.`);
    const going = await c().as(amunet).slash('replay', { game: other }).reply();
    expect(going.text).toBe(`There is no finished game #${other} in this server to replay.`);
  });
});
