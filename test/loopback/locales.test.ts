import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { asCommand, type Harness, PING, startHarness } from './harness.ts';

/**
 * Discord sends the clicking person's client language as `interaction.locale` and the server's as
 * `interaction.guildLocale` (and `guild.preferredLocale`, kept current by GUILD_UPDATE). The loopback
 * does the same, and refuses a locale Discord does not know.
 */
let h: Harness;
let ana: LoopbackUser;
let bob: LoopbackUser;
const seen: { locale: string; guildLocale: string | null; cached: string | undefined }[] = [];

beforeAll(async () => {
  h = await startHarness({ commands: [PING] });
  ana = h.loopback.control.createUser({ username: 'ana', locale: 'es-ES' });
  bob = h.loopback.control.createUser('bob');
  h.on('ping', async (i) => {
    const c = asCommand(i);
    seen.push({ locale: c.locale, guildLocale: c.guildLocale, cached: c.guild?.preferredLocale });
    await c.reply('pong');
  });
});
afterAll(async () => {
  await h?.stop();
});

describe('locales', () => {
  it("each interaction carries its sender's client language and the server's", async () => {
    await h.loopback.control.as(ana).slash('ping').reply();
    await h.loopback.control.as(bob).slash('ping').reply();
    expect(seen.map((s) => [s.locale, s.guildLocale])).toEqual([
      ['es-ES', 'en-US'],
      ['en-US', 'en-US'],
    ]);
  });

  it('a person switching language sends the new one from then on', async () => {
    h.loopback.control.setUserLocale(bob.id, 'es-419');
    await h.loopback.control.as(bob).slash('ping').reply();
    expect(seen.at(-1)?.locale).toBe('es-419');
  });

  it("a server's new language reaches interactions and, by GUILD_UPDATE, the bot's cache", async () => {
    const guildId = h.loopback.control.defaultGuildId as string;
    h.loopback.control.setGuildLocale(guildId, 'es-ES');
    await h.loopback.control.as(ana).slash('ping').reply();
    expect(seen.at(-1)?.guildLocale).toBe('es-ES');
    await expect.poll(() => h.client.guilds.cache.get(guildId)?.preferredLocale).toBe('es-ES');
  });

  it('a locale Discord does not know is refused, and nothing changes', () => {
    expect(() => h.loopback.control.setUserLocale(ana.id, 'es')).toThrow('"es" is not a Discord locale');
    expect(() => h.loopback.control.createUser({ username: 'x', locale: 'klingon' })).toThrow(
      'not a Discord locale',
    );
    expect(h.loopback.control.userLocale(ana.id)).toBe('es-ES');
  });
});
