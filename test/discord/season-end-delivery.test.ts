import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { FIRST_BACKOFF_MS, PODIUM_LEASE_MS } from '../../src/discord/season-ends.ts';
import { type RngState, seedRng } from '../../src/games/kernel/rng.ts';
import type { LoopbackMessage } from '../../src/loopback/index.ts';
import { playedValley, player } from '../helpers/played-valley.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A season's podium is posted exactly once whatever goes wrong on the way, with the injected clock: the
 * chosen channel deleted or closed to the bot (the podium goes where the season was played, saying why),
 * Discord failing (tried again later, the row closed only once it is posted), and a process that died
 * holding the row (the next one takes it over when its lease runs out). Seasons are monthly in UTC here.
 */
const clock = new ManualClock(Date.parse('2026-10-10T10:00:00Z'));
const POST = 'POST /channels/:channelId/messages';
let h: TableHarness;
let guild: string;
let played: string;
const rng: RngState = seedRng('season-end-delivery');

beforeAll(async () => {
  h = await startTableHarness({ clock });
  guild = h.loopback.control.defaultGuild.id;
  played = h.loopback.control.defaultChannel.id;
  h.store.guilds.update(guild, { seasonCadence: 'monthly', seasonZone: 'UTC' });
});
afterAll(async () => {
  await h?.stop();
});

const to = (iso: string) => clock.advance(Date.parse(iso) - clock.now());
const podiums = (channel: string, season: string): LoopbackMessage[] =>
  h.loopback.control.messages(channel).filter((m) => m.text.includes(`the ${season} season is over`));
const row = (season: string) => h.store.schedule.find(`season-end:${guild}:${season}`);

/** Three games of three players in the current month, where `played` is; the season's end planned. */
async function playSeason(): Promise<void> {
  for (let g = 0; g < 3; g++)
    playedValley(h.store, [player(0), player(1), player(2)], { guildId: guild, channelId: played }, rng);
  await h.bot.runtime.seasons.planFor(guild);
}

async function fire(): Promise<void> {
  await h.bot.runtime.scheduler.tick();
  await h.settle();
}

describe('a season podium, exactly once', () => {
  it('goes where the season was played when the chosen channel was deleted, saying why', async () => {
    const hall = h.loopback.control.createChannel({ name: 'hall-of-fame' }).id;
    h.store.guilds.update(guild, { seasonChannelId: hall });
    await playSeason();
    h.loopback.control.deleteChannel(hall);
    to('2026-11-01T00:00:00Z');
    await fire();
    const [podium, ...more] = podiums(played, 'October 2026');
    expect(more).toEqual([]);
    expect(podium?.text.split('\n').at(-1)).toBe(
      `This podium is posted here because <#${hall}> no longer exists: someone with Manage Server can choose where podiums go with \`/manage seasons channel:\`.`,
    );
    expect(row('2026-10')?.outcome).toBe('fired');
    expect(row('2026-10')?.payload).toMatchObject({
      channelId: played,
      movedFrom: { channelId: hall, reason: 'gone' },
      posted: { 'podium-valley-2026-10.png': podium?.id },
    });
    await fire();
    expect(podiums(played, 'October 2026')).toHaveLength(1);
  });

  it('goes where the season was played when the bot may not send messages in the chosen channel', async () => {
    const shut = h.loopback.control.createChannel({ name: 'podiums', denyBot: ['SendMessages'] }).id;
    h.store.guilds.update(guild, { seasonChannelId: shut });
    await playSeason();
    to('2026-12-01T00:00:00Z');
    await fire();
    expect(podiums(shut, 'November 2026')).toEqual([]);
    const [podium, ...more] = podiums(played, 'November 2026');
    expect(more).toEqual([]);
    expect(podium?.text).toContain(`because <#${shut}> does not let me post:`);
    expect(row('2026-11')?.outcome).toBe('fired');
  });

  it('is tried again later when Discord fails, and its row closes only once it is posted', async () => {
    const hall = h.loopback.control.createChannel({ name: 'winners' }).id;
    h.store.guilds.update(guild, { seasonChannelId: hall });
    await playSeason();
    // discord.js tries each send twice (the harness's `retries: 1`): three 500s fail one try and half the next.
    const failing = h.loopback.control.faults.serverError(POST, 500, 3);
    to('2027-01-01T00:00:00Z');
    await fire();
    expect(failing.hits).toBe(2);
    expect(podiums(hall, 'December 2026')).toEqual([]);
    expect(row('2026-12')).toMatchObject({ doneAt: null, payload: { tries: 1 } });
    expect(row('2026-12')?.dueAt.getTime()).toBe(clock.now() + FIRST_BACKOFF_MS);
    // Not before its time.
    clock.advance(FIRST_BACKOFF_MS - 1);
    await fire();
    expect(failing.hits).toBe(2);
    clock.advance(1);
    await fire();
    expect(failing.hits).toBe(3);
    const [podium, ...more] = podiums(hall, 'December 2026');
    expect(more).toEqual([]);
    expect(podium?.text).not.toContain('posted here because');
    expect(row('2026-12')).toMatchObject({
      outcome: 'fired',
      payload: { posted: { 'podium-valley-2026-12.png': podium?.id } },
    });
  });

  it('is posted by the next process when the one holding it died, once its lease ran out', async () => {
    const hall = h.loopback.control.createChannel({ name: 'laurels' }).id;
    h.store.guilds.update(guild, { seasonChannelId: hall });
    await playSeason();
    to('2027-02-01T00:00:00Z');
    // A process took the row and died before its send reached Discord.
    const held = row('2027-01');
    const until = clock.now() + PODIUM_LEASE_MS;
    expect(
      h.store.schedule.claim(held?.id as number, new Date(clock.now()), new Date(until), {
        ...held?.payload,
        channelId: hall,
        sending: 'podium-valley-2027-01.png',
      }),
    ).toBe(true);
    // This process finds it held.
    await fire();
    expect(podiums(hall, 'January 2027')).toEqual([]);
    clock.set(until);
    await fire();
    expect(podiums(hall, 'January 2027')).toHaveLength(1);
    expect(row('2027-01')?.outcome).toBe('fired');
  });
});
