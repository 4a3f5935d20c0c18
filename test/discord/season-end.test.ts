import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { type RngState, seedRng } from '../../src/games/kernel/rng.ts';
import type { LoopbackMessage } from '../../src/loopback/index.ts';
import type { OpenedSeason } from '../../src/ratings/seasons.ts';
import { IMPORTED_MARK, type Participant, type ScheduledRow } from '../../src/store/records.ts';
import { playedValley, player } from '../helpers/played-valley.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A season's end with the injected clock: October 2026 in Madrid ends at local midnight, an hour later
 * than it would have before the clock change of the 25th, and posts one podium in the chosen channel;
 * a restart at the change posts nothing more, and neither does a row another shard closed first.
 */
const clock = new ManualClock(Date.parse('2026-10-20T10:00:00Z'));
let h: TableHarness;
let guild: string;
let channel: string;

beforeAll(async () => {
  h = await startTableHarness({ clock });
  guild = h.loopback.control.defaultGuild.id;
  channel = h.loopback.control.createChannel({ name: 'hall-of-fame' }).id;
  h.store.guilds.update(guild, {
    seasonCadence: 'monthly',
    seasonZone: 'Europe/Madrid',
    seasonChannelId: channel,
  });
});
afterAll(async () => {
  await h?.stop();
});

const play = (seats: readonly Participant[], rng: RngState) =>
  playedValley(h.store, seats, { guildId: guild, channelId: h.loopback.control.defaultChannel.id }, rng);

const to = (iso: string) => clock.advance(Date.parse(iso) - clock.now());
const podiums = (): LoopbackMessage[] =>
  h.loopback.control.messages(channel).filter((m) => m.text.includes('is over'));

describe('the end of a season', () => {
  it('posts one podium at local midnight, and nothing more after a restart', async () => {
    const rng = seedRng('season-end');
    for (let g = 0; g < 3; g++) play([player(0), player(1), player(2)], rng);
    play([player(3), player(0)], rng);
    // A game brought in by an import (marked so in the import's transaction) is none of the figures.
    const imported = play([player(5), player(6)], rng);
    h.store.locations.setMessage(imported, IMPORTED_MARK, { messageId: '7', channelId: null });
    await h.bot.runtime.seasons.planFor(guild);
    const row = h.store.schedule.find(`season-end:${guild}:2026-10`);
    // Midnight in Madrid, at +01:00 since the 25th.
    expect(row?.dueAt.toISOString()).toBe('2026-10-31T23:00:00.000Z');

    to('2026-10-31T22:59:59Z');
    await h.bot.runtime.scheduler.tick();
    await h.settle();
    expect(podiums()).toEqual([]);

    to('2026-10-31T23:00:00Z');
    await h.bot.runtime.scheduler.tick();
    await h.settle();
    const [podium, ...more] = podiums();
    expect(more).toEqual([]);
    const lines = podium?.text.split('\n') ?? [];
    expect(lines[0]).toBe('🏆 **Valley of the Kings · the October 2026 season is over!**');
    expect(lines.slice(1, 4).map((l) => /^(🥇|🥈|🥉) \*\*(Player \d)\*\* — /.exec(l)?.[1])).toEqual([
      '🥇',
      '🥈',
      '🥉',
    ]);
    // Player 3 has 1 game: not ranked.
    expect(podium?.text).not.toContain('Player 3**');
    expect(lines[4]).toMatch(
      /^This season here: 4 games played · most active: \*\*Player 0\*\* \(4 games\) · longest game: #\d+ \(\d+ (hour|day)s?\)\.$/,
    );
    expect(lines[4]).not.toContain(`#${imported} `);
    expect(lines[5]).toMatch(/^A new season has begun/);
    expect(podium?.attachments[0]?.description).toMatch(
      /^Podium of Valley of the Kings, October 2026 season, .+\. 1\. Player \d: −?\d+\.\d, \d games?, \d wins?; 2\. /,
    );
    expect(h.store.schedule.find(`season-end:${guild}:2026-10`)?.outcome).toBe('fired');

    // A restart at the change: the season's row is closed, and planning it again changes nothing.
    await h.restart();
    await h.bot.runtime.seasons.planFor(guild);
    await h.bot.runtime.scheduler.tick();
    await h.settle();
    expect(podiums()).toHaveLength(1);

    // November opens with the next rated game; its end is planned for local midnight on 1 December. These
    // games are stored without the bot's plan (as after a stop between a game and its plan): the start plans it.
    to('2026-11-03T12:00:00Z');
    for (let g = 0; g < 3; g++) play([player(0), player(1), player(2)], rng);
    expect(h.store.schedule.find(`season-end:${guild}:2026-11`)).toBeUndefined();
    await h.restart();
    expect(h.store.schedule.find(`season-end:${guild}:2026-11`)?.dueAt.toISOString()).toBe(
      '2026-11-30T23:00:00.000Z',
    );
  });

  it('posts once when two shards fire the row at the same instant', async () => {
    const row = h.store.schedule.find(`season-end:${guild}:2026-11`);
    expect(row?.doneAt).toBeNull();
    to('2026-11-30T23:00:01Z');
    // Both found it due and not done; the one that closes it posts, the other nothing.
    const seasons = h.bot.runtime.seasons;
    const due = row as ScheduledRow;
    await Promise.all([seasons.end(due), seasons.end(due)]);
    await h.settle();
    expect(podiums().map((m) => m.text.split('\n')[0])).toEqual([
      '🏆 **Valley of the Kings · the October 2026 season is over!**',
      '🏆 **Valley of the Kings · the November 2026 season is over!**',
    ]);
    await h.bot.runtime.scheduler.tick();
    expect(podiums()).toHaveLength(2);
  });
  it('speaks the server’s language', async () => {
    h.loopback.control.setGuildLocale(guild, 'es-ES');
    await h.settle();
    const october = h.store.ratings.seasons(guild).find((s) => s.name === '2026-10');
    const { messages } = await h.bot.runtime.seasons.podiums(october as OpenedSeason);
    const lines = messages[0]?.content.split('\n') ?? [];
    expect(lines[0]).toBe('🏆 **Valle de los Reyes · ¡ha terminado la temporada de octubre de 2026!**');
    expect(lines[4]).toMatch(
      /^Esta temporada aquí: 4 partidas jugadas · más activo: \*\*Player 0\*\* \(4 partidas\)/,
    );
    expect(messages[0]?.files[0]?.description).toMatch(
      /^Podio de Valle de los Reyes, temporada de octubre de 2026, /,
    );
  });
});
