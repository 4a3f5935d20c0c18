import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from '../../src/local/page-texts.ts';
import type { PageCommand } from '../../src/local/page-types.ts';
import { localized } from '../../src/local/page-wire.ts';
import { call, type LocalHarness, post, startLocalHarness } from './local-harness.ts';

/**
 * `GET /api/commands` lists the commands as the reader's Discord client shows them: names,
 * descriptions, option names and choices in their locale where the bot localized them, beside the
 * canonical names that Discord's interaction carries and the page sends. The command box's reading of
 * a command typed in full (`/valle máquinas:1`) turns the shown names back into canonical ones.
 */
type TypedOptions = (
  command: PageCommand,
  rest: string,
  entities?: (type: number) => { label: string; value: string }[],
) => Record<string, string | number | boolean>;
type UseTexts = (catalogue: Record<string, string>, locale: string) => void;
let typedOptions: TypedOptions;
let useTexts: UseTexts;
let h: LocalHarness;
let ana: { id: string };
let ben: { id: string };
let general: string;

beforeAll(async () => {
  // The page's own module, as the browser runs it (it touches no DOM until asked to).
  const page = new URL('../../src/local/page/composer.js', import.meta.url).href;
  ({ typedOptions } = (await import(page)) as { typedOptions: TypedOptions });
  // Its refusals are written in the reader's language, from the texts the server hands the page.
  const texts = new URL('../../src/local/page/texts.js', import.meta.url).href;
  ({ useTexts } = (await import(texts)) as { useTexts: UseTexts });
  useTexts(pageTexts('en').messages, 'en-US');
  h = await startLocalHarness();
  ana = (await post(`${h.url}/api/users`, { name: 'ana' })) as typeof ana;
  ben = (await post(`${h.url}/api/users`, { name: 'ben' })) as typeof ben;
  general = (await call(`${h.url}/api/state`)).body.defaultChannelId as string;
  await post(`${h.url}/api/users/${ana.id}/locale`, { locale: 'es-ES' });
});
afterAll(async () => {
  await h?.stop();
});

async function commands(userId: string): Promise<PageCommand[]> {
  const r = await call(`${h.url}/api/commands?as=${userId}&channelId=${general}`);
  expect(r.status).toBe(200);
  return r.body as unknown as PageCommand[];
}

function find(list: readonly PageCommand[], path: string): PageCommand {
  const command = list.find((c) => c.path === path);
  if (!command) throw new Error(`no /${path} in ${list.map((c) => c.path).join(', ')}`);
  return command;
}

describe('the commands in the reader’s locale', () => {
  it('a Spanish reader gets /valle, described in Spanish, with its canonical name', async () => {
    const valley = find(await commands(ana.id), 'valley');
    expect(valley).toMatchObject({
      path: 'valley',
      label: 'valle',
      description: 'Abre una sala para una nueva partida de Valle de los Reyes',
    });
    const computers = valley.options.find((o) => o.name === 'computers');
    expect(computers).toMatchObject({ name: 'computers', label: 'máquinas' });
    expect(computers?.description).toMatch(/^Jugadores de la máquina que se sientan ya \(0–\d+\)$/);
    // The maps themselves stay on the server: the page gets the reader's words only.
    expect(JSON.stringify(valley)).not.toContain('localizations');
  });

  it('an English reader gets /valley, in English', async () => {
    const valley = find(await commands(ben.id), 'valley');
    expect(valley).toMatchObject({
      path: 'valley',
      label: 'valley',
      description: 'Open a lobby for a new game of Valley of the Kings',
    });
    expect(valley.options.find((o) => o.name === 'computers')).toMatchObject({ label: 'computers' });
  });

  it('localizes subcommands along their path, and choices but not their values', async () => {
    const spanish = await commands(ana.id);
    expect(find(spanish, 'manage cancel')).toMatchObject({
      label: 'gestionar cancelar',
      description: 'Cancela una partida',
    });
    const game = find(spanish, 'rules').options.find((o) => o.name === 'game');
    expect(game).toMatchObject({ label: 'juego' });
    const choices = game && 'choices' in game ? game.choices : undefined;
    expect(choices).toEqual(
      expect.arrayContaining([
        { name: 'Valle de los Reyes', value: 'valley' },
        { name: 'Arqueología', value: 'archaeology' },
      ]),
    );
    // Listed in the order of the names the reader sees.
    const labels = spanish.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'es-ES')));
  });

  it('a Spanish reader’s command runs by its canonical names', async () => {
    const r = await call(`${h.url}/api/commands`, {
      body: { as: ana.id, channelId: general, command: 'valley', options: { computers: 1 } },
    });
    expect(r.status).toBe(200);
    // Discord's interaction never carries a localized name: neither does the page's.
    const shown = await call(`${h.url}/api/commands`, {
      body: { as: ana.id, channelId: general, command: 'valle', options: {} },
    });
    expect(shown.status).toBe(400);
  });

  it('a command typed in full takes the shown option names and choices, and the canonical ones', async () => {
    const spanish = await commands(ana.id);
    const valley = find(spanish, 'valley');
    expect(typedOptions(valley, 'máquinas:2')).toEqual({ computers: 2 });
    expect(typedOptions(valley, 'computers:2')).toEqual({ computers: 2 });
    const rules = find(spanish, 'rules');
    expect(typedOptions(rules, 'juego:Valle de los Reyes')).toEqual({ game: 'valley' });
    expect(typedOptions(rules, 'juego:archaeology')).toEqual({ game: 'archaeology' });
  });

  it('a typed option the command does not have is named, not swallowed by the value before it', async () => {
    const english = await commands(ben.id);
    const replay = find(english, 'replay');
    expect(() => typedOptions(replay, 'game:2 user:Alice')).toThrow(
      `/replay has no option “user”: its options are ${replay.options.map((o) => o.label).join(', ')}.`,
    );
    expect(() => typedOptions(replay, 'user:Alice game:2')).toThrow(/has no option “user”/);
    // A link in a text value is no option.
    const card = find(english, 'card');
    expect(typedOptions(card, 'name:see https://example.com')).toEqual({ name: 'see https://example.com' });
  });

  it('a user typed by name is sent as the user, and a name nobody has is refused', async () => {
    const manage = find(await commands(ben.id), 'manage replace-seat');
    const people = (type: number) => (type === 6 ? [{ label: 'Alice', value: '42' }] : []);
    expect(typedOptions(manage, 'game:3 player:Alice', people)).toEqual({ game: 3, player: '42' });
    expect(typedOptions(manage, 'game:3 player:@alice', people)).toEqual({ game: 3, player: '42' });
    expect(typedOptions(manage, 'game:3 player:<@42>', people)).toEqual({ game: 3, player: '42' });
    expect(() => typedOptions(manage, 'game:3 player:Zed', people)).toThrow(
      '“player”: there is nobody called “Zed” here.',
    );
  });

  it('an option typed twice is refused rather than the last one silently kept', async () => {
    const valley = find(await commands(ben.id), 'valley');
    expect(() => typedOptions(valley, 'computers:5 computers:1')).toThrow(
      '“computers” is given twice: give each option once.',
    );
  });

  it('a true/false option typed in the reader’s words is understood; any other word is refused, not saved as false', async () => {
    useTexts(pageTexts('es').messages, 'es-ES');
    try {
      const stats = find(await commands(ana.id), 'stats');
      const flag = stats.options.find((o) => o.type === ApplicationCommandOptionType.Boolean);
      if (!flag) throw new Error('/stats has no true/false option');
      for (const [typed, value] of [
        ['Verdadero', true],
        ['sí', true],
        ['si', true],
        ['FALSO', false],
        ['no', false],
        ['true', true],
        ['False', false],
      ] as const)
        expect(typedOptions(stats, `${flag.label}:${typed}`), typed).toEqual({ [flag.name]: value });
      expect(() => typedOptions(stats, `${flag.label}:quizá`)).toThrow(
        `«${flag.label}» tiene que ser Verdadero o Falso, no «quizá».`,
      );
    } finally {
      useTexts(pageTexts('en').messages, 'en-US');
    }
    const english = find(await commands(ben.id), 'stats');
    expect(typedOptions(english, 'global:yes')).toEqual({ global: true });
    expect(() => typedOptions(english, 'global:verdadero')).toThrow(
      '“global” must be True or False, not “verdadero”.',
    );
  });

  it('follows Discord’s locale fallbacks, then the default', () => {
    const names = { 'es-ES': 'valle', 'en-GB': 'vale' };
    expect(localized('valley', names, 'es-ES')).toBe('valle');
    // Discord's documented fallbacks: es-419 reads es-ES, en-US reads en-GB.
    expect(localized('valley', names, 'es-419')).toBe('valle');
    expect(localized('valley', names, 'en-US')).toBe('vale');
    expect(localized('valley', names, 'fr')).toBe('valley');
    expect(localized('valley', null, 'es-ES')).toBe('valley');
  });
});
