import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { type RngState, seedRng } from '../../src/games/kernel/rng.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import type { Participant } from '../../src/store/records.ts';
import { playedValley, player } from '../helpers/played-valley.ts';
import { controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Season boards through the client: a server with monthly seasons in Madrid, games either side of the
 * local midnight that ends October (after the clock change of 25 October), and /leaderboard's season
 * option — current by default, previous, by name, all-time — with its autocomplete.
 */
const clock = new ManualClock(Date.parse('2026-10-20T10:00:00Z'));
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let guild: string;

beforeAll(async () => {
  h = await startTableHarness({ clock });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  guild = h.loopback.control.defaultGuild.id;
  h.store.guilds.update(guild, { seasonCadence: 'monthly', seasonZone: 'Europe/Madrid' });
});
afterAll(async () => {
  await h?.stop();
});

const play = (seats: readonly Participant[], rng: RngState) =>
  playedValley(h.store, seats, { guildId: guild, channelId: h.loopback.control.defaultChannel.id }, rng);

const names = (m: LoopbackMessage) =>
  m.text
    .split('\n')
    .flatMap((line) => /^\d+\. \*\*(.+?)\*\* — /.exec(line)?.[1] ?? [])
    .sort();
const to = (iso: string) => clock.advance(Date.parse(iso) - clock.now());

describe('season boards', () => {
  it('rank each month’s players apart, by Madrid’s calendar, from 3 games up', async () => {
    const rng = seedRng('seasons');
    for (let g = 0; g < 3; g++) play([player(0), player(1), player(2)], rng);
    play([player(3), player(0)], rng);
    const me: Participant = { userId: alice.id, displayName: 'alice' };
    for (let g = 0; g < 3; g++) play([me, player(5)], rng);
    // 23:30 in Madrid on 31 October (UTC+1 since the 25th): still October.
    to('2026-10-31T22:30:00Z');
    play([player(1), player(3)], rng);
    // 00:30 on 1 November in Madrid, still 31 October in UTC: November's first game.
    to('2026-10-31T23:30:00Z');
    play([player(4), player(5)], rng);
    const c = h.loopback.control;

    const current = await c.as(alice).slash('leaderboard').reply();
    // The heading names the season as `season:` takes it; the message says why nobody is ranked, and who
    // comes closest, where the all-time board would list them.
    // (Discord shows `\(` as a bracket: the server's name in the heading is escaped, and the season with it.)
    const shown = (m: LoopbackMessage) => m.text.replaceAll('\\', '');
    expect(shown(current)).toContain('November 2026 season (2026-11)');
    expect(current.text).toContain(
      'Nobody is ranked in this season yet: a player is ranked after 3 rated games in it. Closest: Player 4 (1 of 3 games), Player 5 (1 of 3 games). `season: all-time` lists everyone rated, from any number of games.',
    );
    for (const season of [
      '2026-11',
      'November 2026 season',
      'november 2026',
      'temporada de noviembre de 2026',
    ])
      expect(shown(await c.as(alice).slash('leaderboard', { season }).reply()), season).toContain(
        'November 2026 season (2026-11)',
      );

    const previous = await c.as(alice).slash('leaderboard', { season: 'previous' }).reply();
    expect(previous.text).toContain('October 2026 season');
    // p0 (4 games), p1 (4), p2 (3), p5 (3) and alice (3) are ranked; p3 has 2 games in October.
    expect(names(previous)).toEqual(['Player 0', 'Player 1', 'Player 2', 'Player 5', 'alice']);
    expect(previous.text).toMatch(/at least 3 rated games in it/);
    const byName = await c.as(alice).slash('leaderboard', { season: '2026-10' }).reply();
    expect(names(byName)).toEqual(names(previous));
    const asHeaded = await c
      .as(alice)
      .slash('leaderboard', { season: 'October 2026 season (2026-10)' })
      .reply();
    expect(names(asHeaded)).toEqual(names(previous));

    const allTime = await c.as(alice).slash('leaderboard', { season: 'all-time' }).reply();
    expect(names(allTime)).toEqual([
      'Player 0',
      'Player 1',
      'Player 2',
      'Player 3',
      'Player 4',
      'Player 5',
      'alice',
    ]);

    // /stats lists the seasons a person played, with their place among the ranked.
    const stats = await c.as(alice).slash('stats').reply();
    expect(stats.text).toMatch(/\nSeasons: October 2026 season #\d of 5, −?\d+\.\d \(3 rated games\)$/m);
    expect(allTime.text).not.toContain('season');

    // The switch shows the global board's current season, on the global calendar (UTC): still October.
    const next = controls(previous).find((x) => /All servers/.test(x.label));
    const global = await d.press(alice, previous, next!);
    expect(global.text).toContain('All servers · October 2026 season');

    const refused = await c.as(alice).slash('leaderboard', { season: '2026-09' }).reply();
    expect(refused.ephemeral).toBe(true);
    expect(refused.text).toBe(
      'There is no season “2026-09” here. Seasons are named like 2026-11 (a month) or 2026-Q4 (a quarter): start typing to see this server’s.',
    );

    const offered = await c.as(alice).autocomplete('leaderboard', { season: '' }, 'season').choices();
    expect(offered.map((o) => o.value)).toEqual(['current', 'previous', 'all-time', '2026-11', '2026-10']);
    expect(offered[0]?.name).toBe('Current season (November 2026 season)');
    const typed = await c.as(alice).autocomplete('leaderboard', { season: 'oct' }, 'season').choices();
    expect(typed.map((o) => o.value)).toEqual(['previous', '2026-10']);
  });

  it('/manage seasons shows the settings to anyone, and changes them only for Manage Server', async () => {
    const c = h.loopback.control;
    const shown = await c.as(alice).slash('manage seasons').reply();
    expect(shown.ephemeral).toBe(true);
    expect(shown.text).toBe(
      [
        'Seasons in this server: **monthly**, changing at midnight in **Europe/Madrid**; podiums go to the channel where most of the season was played.',
        'The current season, November 2026 season, ends December 1, 2026 at 12:00 AM GMT+1.',
      ].join('\n'),
    );
    const refused = await c.as(alice).slash('manage seasons', { length: 'quarterly' }).reply();
    expect(refused.text).toMatch(/^Only someone with Manage Server can change this server's seasons/);
    expect(h.store.guilds.get(guild).seasonCadence).toBe('monthly');
    const badZone = await c.as(alice).slash('manage seasons', { 'time-zone': 'Madird' }).reply();
    expect(badZone.text).toMatch(/^“Madird” is not a time zone I know\. Did you mean .*Europe\/Madrid/);

    const mod = c.createUser({ username: 'mod', grants: ['ManageGuild'] });
    const changed = await c
      .as(mod)
      .slash('manage seasons', { length: 'quarterly', channel: h.loopback.control.defaultChannel.id })
      .reply();
    expect(changed.text).toMatch(/^✅ Saved\. The season under way keeps its dates/);
    expect(changed.text).toContain('**quarterly**');
    expect(changed.text).toContain(`to <#${h.loopback.control.defaultChannel.id}>`);
    // November's season, opened monthly, runs to its end.
    expect(changed.text).toContain('The current season, November 2026 season, ends December 1, 2026');
    expect(h.store.guilds.get(guild)).toMatchObject({
      seasonCadence: 'quarterly',
      seasonZone: 'Europe/Madrid',
    });
    const zones = await c
      .as(mod)
      .autocomplete('manage seasons', { 'time-zone': 'madr' }, 'time-zone')
      .choices();
    expect(zones.map((z) => z.value)).toContain('Europe/Madrid');
    h.store.guilds.update(guild, { seasonCadence: 'monthly', seasonChannelId: null });
  });

  it('a server with seasons off shows all-time by default and, once its season ends, has no current one', async () => {
    // Turned off during November: November's season runs to its end, as a change of cadence would.
    h.store.guilds.update(guild, { seasonCadence: 'off' });
    const c = h.loopback.control;
    expect((await c.as(alice).slash('leaderboard', { season: 'current' }).reply()).text).toContain(
      'November 2026 season',
    );
    to('2026-12-02T12:00:00Z');
    play([player(0), player(1)], seedRng('off'));
    expect(h.store.ratings.seasons(guild).map((s) => s.name)).toEqual(['2026-10', '2026-11']);
    const board = await c.as(alice).slash('leaderboard').reply();
    expect(board.text).not.toContain('season');
    expect(names(board)).toHaveLength(7);
    const current = await c.as(alice).slash('leaderboard', { season: 'current' }).reply();
    expect(current.text).toMatch(/This server has seasons turned off/);
    // Its past seasons stay readable.
    const october = await c.as(alice).slash('leaderboard', { season: '2026-10' }).reply();
    expect(names(october)).toHaveLength(5);
    h.store.guilds.update(guild, { seasonCadence: 'monthly' });
  });
});
