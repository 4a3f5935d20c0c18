import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { DmStatus } from '../../src/discord/direct-messages.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import { memoryStore } from '../store/helpers/memory-store.ts';

const refusal = (code: number, status: number) =>
  new DiscordAPIError({ code, message: 'x' }, code, status, 'POST', '/channels/1/messages', {});

describe("what the bot knows of a person's DMs", () => {
  it('only 50007 closes them; a delivered DM opens them again; the notice is taken once per closing', async () => {
    const clock = new ManualClock();
    const store = new SqliteStore(memoryStore());
    const dms = new DmStatus(store.players, clock);
    // Discord down, or an unknown user, says nothing about their DMs.
    await dms.record('u', refusal(0, 500));
    await dms.record('u', refusal(10013, 404));
    await dms.record('u', new Error('socket hang up'));
    expect(await store.players.get('u')).toMatchObject({ dmsClosedAt: null, dmsClosedTold: false });
    expect(await dms.takeNotice('u')).toBe(false);
    await dms.record('u', refusal(50007, 403));
    const closedAt = (await store.players.get('u')).dmsClosedAt;
    expect(closedAt?.getTime()).toBe(clock.now());
    // Refused again later: still closed since the first time, and not told twice.
    clock.advance(60_000);
    expect(await dms.takeNotice('u')).toBe(true);
    await dms.record('u', refusal(50007, 403));
    expect(await dms.takeNotice('u')).toBe(false);
    expect((await store.players.get('u')).dmsClosedAt).toEqual(closedAt);
    await dms.record('u', null);
    expect(await store.players.get('u')).toMatchObject({ dmsClosedAt: null, dmsClosedTold: false });
    // Closed again after that: told again.
    await dms.record('u', refusal(50007, 403));
    expect(await dms.takeNotice('u')).toBe(true);
  });
});
