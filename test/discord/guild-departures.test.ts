import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { FORGET_GUILD_AFTER_DAYS, GuildDepartures } from '../../src/discord/guild-departures.ts';
import { Scheduler } from '../../src/discord/scheduler.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import { memoryStore } from '../store/helpers/memory-store.ts';
import { startedSnowflakeGame } from '../store/helpers/snowflake-games.ts';

/**
 * A server that removes the bot keeps its settings and lobbies for `FORGET_GUILD_AFTER_DAYS`, then loses
 * them; one that invites the bot back meanwhile (live, or while the bot was down) keeps them. Driven by the
 * scheduler's rows on a manual clock: 30 days in milliseconds.
 */
const DAY = 86_400_000;
const GONE = '300000000000000001';
const OTHER = '300000000000000009';

function setUp(members: Set<string> = new Set()) {
  const clock = new ManualClock(Date.parse('2026-11-01T12:00:00Z'));
  const sync = memoryStore({ now: () => new Date(clock.now()) });
  const store = new SqliteStore(sync);
  const scheduler = new Scheduler(store, clock, pino({ level: 'silent' }));
  const departures = new GuildDepartures(store, scheduler, clock, pino({ level: 'silent' }), (id) =>
    members.has(id),
  );
  for (const guildId of [GONE, OTHER]) sync.guilds.update(guildId, { seasonCadence: 'quarterly' });
  const lobby = (guildId: string) =>
    sync.lobbies.create({
      type: 'dice-race',
      guildId,
      hostUserId: '300000000000000101',
      seats: [{ userId: '300000000000000101', displayName: 'Ada' }],
    }).id;
  const lobbies = { gone: lobby(GONE), other: lobby(OTHER) };
  const game = startedSnowflakeGame(sync, 2, 'kept');
  const advance = async (ms: number) => {
    clock.advance(ms);
    await scheduler.tick();
  };
  return { clock, sync, scheduler, departures, lobbies, game, advance, members };
}

describe('when the bot leaves a server', () => {
  it(`keeps its settings and lobbies ${FORGET_GUILD_AFTER_DAYS} days, then deletes them and nothing else`, async () => {
    const t = setUp();
    await t.scheduler.start();
    await t.departures.left(GONE);
    await t.advance((FORGET_GUILD_AFTER_DAYS - 1) * DAY);
    expect(t.sync.guilds.get(GONE).seasonCadence).toBe('quarterly');
    expect(t.sync.findGame(t.lobbies.gone)).toBeDefined();
    await t.advance(DAY);
    expect(t.sync.guilds.get(GONE).seasonCadence).toBe('monthly');
    expect(t.sync.findGame(t.lobbies.gone)).toBeUndefined();
    // Another server's, and running or finished games of any server, stay.
    expect(t.sync.guilds.get(OTHER).seasonCadence).toBe('quarterly');
    expect(t.sync.findGame(t.lobbies.other)?.status).toBe('lobby');
    expect(t.sync.findGame(t.game)?.status).toBe('active');
    t.scheduler.stop();
  });

  it('a server that invites the bot back keeps everything, live or while the bot was down', async () => {
    const live = setUp();
    await live.scheduler.start();
    await live.departures.left(GONE);
    await live.advance(DAY);
    await live.departures.joined(GONE);
    await live.advance(FORGET_GUILD_AFTER_DAYS * DAY);
    expect(live.sync.guilds.get(GONE).seasonCadence).toBe('quarterly');
    expect(live.sync.findGame(live.lobbies.gone)?.status).toBe('lobby');
    live.scheduler.stop();

    // Back while down: found among the servers of the next start.
    const down = setUp();
    await down.departures.left(GONE);
    down.clock.advance(DAY);
    await down.departures.atStart([GONE, OTHER]);
    await down.scheduler.start();
    await down.advance(FORGET_GUILD_AFTER_DAYS * DAY);
    expect(down.sync.guilds.get(GONE).seasonCadence).toBe('quarterly');
    down.scheduler.stop();
  });

  it('leaving again counts the days from the last leave', async () => {
    const t = setUp();
    await t.scheduler.start();
    await t.departures.left(GONE);
    await t.advance(DAY);
    await t.departures.joined(GONE);
    await t.advance(DAY);
    await t.departures.left(GONE);
    await t.advance((FORGET_GUILD_AFTER_DAYS - 1) * DAY);
    expect(t.sync.guilds.get(GONE).seasonCadence).toBe('quarterly');
    await t.advance(2 * DAY);
    expect(t.sync.guilds.get(GONE).seasonCadence).toBe('monthly');
    t.scheduler.stop();
  });
});
