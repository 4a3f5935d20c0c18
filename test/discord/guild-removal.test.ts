import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { FORGET_GUILD_AFTER_DAYS, GUILD_BACK, GUILD_GONE } from '../../src/discord/guild-departures.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Through Discord: a server removes the bot (the loopback sends GUILD_DELETE, discord.js emits
 * guildDelete), and the bot deletes that server's settings and lobbies `FORGET_GUILD_AFTER_DAYS` later on
 * its own clock, unless the server invites it back meanwhile (GUILD_CREATE, guildCreate).
 */
const DAY = 86_400_000;

let h: TableHarness | null = null;
afterEach(async () => {
  await h?.stop();
  h = null;
});

/** A server with seasons set by a moderator, and a lobby open in its channel. */
async function serverWithSetup(clock: ManualClock) {
  h = await startTableHarness({ clock });
  const harness = h;
  const c = harness.loopback.control;
  const guildId = c.defaultGuild.id;
  const mod = c.createUser({ username: 'mod', grants: ['ManageGuild'] });
  const saved = await c.as(mod).slash('manage seasons', { length: 'quarterly' }).reply();
  expect(saved.text).toMatch(/^✅ Saved/);
  const opened = await c.as(mod).slash('valley').reply();
  expect(opened.text).toMatch(/<#\d+>/);
  await harness.settle();
  const [lobby] = harness.store.gamesInGuild(guildId, ['lobby']);
  if (!lobby) throw new Error('the lobby did not open');
  expect(harness.store.guilds.get(guildId).seasonCadence).toBe('quarterly');
  const planned = (kind: string) => harness.store.schedule.lastPlanned(`${kind}:${guildId}:`);
  const advance = async (ms: number) => {
    clock.advance(ms);
    await harness.bot.runtime.scheduler.tick();
    await harness.settle();
  };
  return { harness, c, guildId, lobbyId: lobby.id, planned, advance };
}

describe('a server that removes the bot', () => {
  it(`loses its settings and lobbies ${FORGET_GUILD_AFTER_DAYS} days later, not before`, async () => {
    const clock = new ManualClock(Date.parse('2026-11-02T12:00:00Z'));
    const t = await serverWithSetup(clock);
    expect(t.planned(GUILD_GONE)).toBeUndefined();

    t.c.removeBot(t.guildId);
    await t.c.waitUntil(() => t.planned(GUILD_GONE), 'the bot plans forgetting the server');
    expect(t.harness.bot.client.guilds.cache.has(t.guildId)).toBe(false);

    await t.advance(FORGET_GUILD_AFTER_DAYS * DAY - 60_000);
    expect(t.harness.store.guilds.get(t.guildId).seasonCadence).toBe('quarterly');
    expect(t.harness.store.findGame(t.lobbyId)?.status).toBe('lobby');

    await t.advance(60_000);
    // The defaults again: no row of its own any more.
    expect(t.harness.store.guilds.get(t.guildId).seasonCadence).toBe('monthly');
    expect(t.harness.store.findGame(t.lobbyId)).toBeUndefined();
  });

  it('keeps everything when invited back within the period', async () => {
    const clock = new ManualClock(Date.parse('2026-11-02T12:00:00Z'));
    const t = await serverWithSetup(clock);

    t.c.removeBot(t.guildId);
    await t.c.waitUntil(() => t.planned(GUILD_GONE), 'the bot plans forgetting the server');
    await t.advance(3 * DAY);
    t.c.addBot(t.guildId);
    await t.c.waitUntil(() => t.planned(GUILD_BACK), 'the bot notes it was invited back');
    expect(t.harness.bot.client.guilds.cache.has(t.guildId)).toBe(true);

    await t.advance(FORGET_GUILD_AFTER_DAYS * DAY);
    expect(t.harness.store.guilds.get(t.guildId).seasonCadence).toBe('quarterly');
    expect(t.harness.store.findGame(t.lobbyId)?.status).toBe('lobby');
    // And the bot plays there again: the lobby's server answers its commands.
    const mod = t.c.user('mod');
    const shown = await t.c.as(mod).slash('manage seasons').reply();
    expect(shown.text).toContain('**quarterly**');
  });
});
