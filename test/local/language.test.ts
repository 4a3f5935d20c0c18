import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type LocalHarness, startLocalHarness } from './local-harness.ts';

/**
 * The local table's language switch sends a Discord locale for the person (as their Discord client
 * would): the bot answers them in it, and the table's server takes it for new games. Timestamps on
 * the page are written in it too, with Intl.
 */
type FormatTimestamp = (date: Date, style: string | undefined, locale?: string, now?: number) => string;
let formatTimestamp: FormatTimestamp;
let h: LocalHarness;
let ana: { id: string; name: string; locale: string };
let general: string;

interface Message {
  /** The message's words: its content, or a Components V2 message's text displays. */
  text: string;
  ephemeral: boolean;
}
const latest = async () =>
  ((await call(`${h.url}/api/channels/${general}/messages?as=${ana.id}`)).body as unknown as Message[]).at(
    -1,
  );

beforeAll(async () => {
  // The page's own module (plain JavaScript, checked by its own tsconfig), as the browser runs it.
  const page = new URL('../../src/local/page/markdown.js', import.meta.url).href;
  ({ formatTimestamp } = (await import(page)) as { formatTimestamp: FormatTimestamp });
  h = await startLocalHarness();
  ana = (await call(`${h.url}/api/users`, { body: { name: 'ana' } })).body as typeof ana;
  general = (await call(`${h.url}/api/state`)).body.defaultChannelId as string;
});
afterAll(async () => {
  await h?.stop();
});

describe('the language switch', () => {
  it('starts in English', async () => {
    expect(ana.locale).toBe('en-US');
    await call(`${h.url}/api/commands`, { body: { as: ana.id, channelId: general, command: 'mygames' } });
    await expect.poll(async () => (await latest())?.text).toMatch(/^You are not seated in any game/);
  });

  it('switched to Español, the bot answers in Spanish and opens new games in Spanish', async () => {
    const r = await call(`${h.url}/api/users/${ana.id}/locale`, { body: { locale: 'es-ES' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: ana.id, locale: 'es-ES' });
    await call(`${h.url}/api/commands`, { body: { as: ana.id, channelId: general, command: 'mygames' } });
    expect((await latest())?.text).toMatch(
      /^No tienes asiento en ninguna partida\. Empieza una con `\/valle`/,
    );
    await call(`${h.url}/api/commands`, { body: { as: ana.id, channelId: general, command: 'valley' } });
    await expect
      .poll(async () => (await latest())?.text)
      .toMatch(/^La partida n\.º \d+ está abierta en <#\d+>/);
    const opened = (await latest())?.text ?? '';
    const thread = /<#(\d+)>/.exec(opened)?.[1] as string;
    const lobby = (
      (await call(`${h.url}/api/channels/${thread}/messages?as=${ana.id}`)).body as unknown as Message[]
    )
      .map((m) => m.text)
      .find((c) => c.includes('Asientos'));
    expect(lobby).toContain('**Valle de los Reyes** · partida n.º');
  });

  it('refuses a language it does not offer, and changes nothing', async () => {
    const r = await call(`${h.url}/api/users/${ana.id}/locale`, { body: { locale: 'fr' } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('the language must be one of en-US, es-ES, not "fr"');
    expect((await call(`${h.url}/api/users/${ana.id}`)).body).toMatchObject({ locale: 'es-ES' });
  });
});

describe('timestamps in the reader’s language (Intl)', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);
  const inThreeHours = new Date(now + 3 * 3_600_000);
  it('relative times take the largest unit that fits, like Discord', () => {
    expect(formatTimestamp(inThreeHours, 'R', 'en-US', now)).toBe('in 3 hours');
    expect(formatTimestamp(inThreeHours, 'R', 'es-ES', now)).toBe('dentro de 3 horas');
    expect(formatTimestamp(new Date(now - 5 * 86_400_000), 'R', 'es-ES', now)).toBe('hace 5 días');
    expect(formatTimestamp(new Date(now + 24 * 3_600_000), 'R', 'es-ES', now)).toBe('mañana');
  });

  it('dates are written in the language’s own way', () => {
    const date = new Date(Date.UTC(2026, 10, 25, 12, 0, 0));
    expect(formatTimestamp(date, 'D', 'es-ES', now)).toMatch(/25 de noviembre de 2026/);
    expect(formatTimestamp(date, 'D', 'en-US', now)).toMatch(/November 25, 2026/);
  });
});
