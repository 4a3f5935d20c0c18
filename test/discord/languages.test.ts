import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A Spanish server where ana's Discord is in Spanish and bob's in English: what each sees privately is
 * in their own language, and the game's public messages in the server's, or the one the host picks.
 */
let h: TableHarness;
let d: Driver;
let ana: LoopbackUser;
let bob: LoopbackUser;
let where: string;

const lobby = (): LoopbackMessage => d.fresh(d.latest(where, 'join'));
const control = (m: LoopbackMessage, verb: string, arg?: string) => {
  const c = controls(m).find((x) => x.verb === verb && (arg === undefined || x.arg === arg));
  if (!c) throw new Error(`no '${verb}' control on: ${m.content}`);
  return c;
};

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  const c = h.loopback.control;
  c.setGuildLocale(c.defaultGuildId as string, 'es-ES');
  ana = c.createUser({ username: 'ana', locale: 'es-ES' });
  bob = c.createUser({ username: 'bob', locale: 'en-US' });
  const opened = await c.as(ana).slash('valley').reply();
  where = /<#(\d+)>/.exec(opened.content)?.[1] as string;
  await h.settle();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

describe('two languages at one table', () => {
  it('a lobby opened in a Spanish server is in Spanish, buttons and menus included', () => {
    const m = lobby();
    expect(m.content).toContain('**Valle de los Reyes** · partida n.º');
    expect(m.content).toContain('Anfitrión: <@');
    expect(m.content).toContain('Asientos (1/6):');
    expect(m.content).toContain('🃏 Cartas: Base (');
    expect(m.content).toContain('⏰ Límite por turno: 24 h por turno');
    expect(m.content).toContain('🌐 Idioma del tablero y de los mensajes públicos: Español');
    const labels = controls(m).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['Unirse', 'Salir', 'Empezar', 'Cancelar', '🌐 English']));
    expect(labels).toContain('Límite por turno (anfitrión)…');
    // No English sentence is left: the heading words of the English lobby are absent.
    expect(m.content).not.toMatch(/\b(Seats|Host|Turn limit|Join)\b/);
  });

  it('a refusal reaches each person privately in their own language, and changes nothing', async () => {
    const joined = await d.press(bob, lobby(), control(lobby(), 'join'));
    expect(joined.content).toContain('Asientos (2/6):'); // the public lobby stays in the game's language
    const bobStarts = await d.press(bob, lobby(), control(lobby(), 'start'));
    expect(bobStarts.ephemeral).toBe(true);
    expect(bobStarts.content).toBe('Only the host (or someone with Manage Server) can start the game.');
    const anaJoins = await d.press(ana, lobby(), control(lobby(), 'join'));
    expect(anaJoins.ephemeral).toBe(true);
    expect(anaJoins.content).toBe('Ya tienes un asiento en esta partida.');
    expect(h.store.getGame(h.store.gameInThread(where)?.id as number).status).toBe('lobby');
  });

  it('the host switches the game to English; only the host may', async () => {
    const refused = await d.press(bob, lobby(), control(lobby(), 'lang', 'en'));
    expect(refused.content).toBe(
      'Only the host (or someone with Manage Server) can choose the game’s language.',
    );
    expect(lobby().content).toContain('Asientos');
    await d.press(ana, lobby(), control(lobby(), 'lang', 'en'));
    const m = lobby();
    expect(m.content).toContain('**Valley of the Kings** · game #');
    expect(m.content).toContain('Seats (2/6):');
    expect(controls(m).map((c) => c.label)).toContain('🌐 Español');
    expect(h.store.gameInThread(where)?.id).toBeDefined();
    await d.press(ana, lobby(), control(lobby(), 'lang', 'es'));
    expect(lobby().content).toContain('Asientos (2/6):');
  });

  it('/card finds a card by its name in either language and shows it in the reader’s', async () => {
    const c = h.loopback.control;
    const anaSees = await c.as(ana).autocomplete('card', { name: 'bastet' }, 'name').choices();
    expect(anaSees.map((x) => x.name)).toContain('Estatua de Bastet');
    const bobSees = await c.as(bob).autocomplete('card', { name: 'bastet' }, 'name').choices();
    expect(bobSees.map((x) => x.name)).toContain('Statue of Bastet');
    // Typed in the other language (and without accents): found, and named in both.
    const cross = await c.as(ana).autocomplete('card', { name: 'statue of bas' }, 'name').choices();
    expect(cross.map((x) => x.name)).toEqual(['Estatua de Bastet (Statue of Bastet)']);
    const noAccent = await c.as(bob).autocomplete('card', { name: 'sarcofago medio' }, 'name').choices();
    expect(noAccent.map((x) => x.name)).toEqual(['Middle Sarcophagus (Sarcófago medio)']);

    const es = await c.as(ana).slash('card', { name: 'statue-of-bastet' }).reply();
    expect(es.ephemeral).toBe(true);
    expect(es.content).toMatch(
      /^\*\*Estatua de Bastet\*\* — Estatuas \(conjunto de \d+\), nivel I+, \d+ copias?/,
    );
    expect(es.content).toMatch(/Coste 4 · Oro \d+/);
    const en = await c.as(bob).slash('card', { name: 'Estatua de Bastet' }).reply();
    expect(en.content).toMatch(/^\*\*Statue of Bastet\*\* — Statues \(set of \d+\), level I+/);
    const treasure = await c.as(ana).slash('card', { name: 'archaeology:coin' }).reply();
    expect(treasure.content).toMatch(/^\*\*Moneda\*\* — tesoro de Arqueología, \d+ en el juego/);
    const none = await c.as(ana).slash('card', { name: 'Esfinge' }).reply();
    expect(none.content).toBe(
      'No hay ninguna carta llamada «Esfinge». Empieza a escribir y elige una de la lista.',
    );
  });

  it('/settings answers in the reader’s language, with Intl’s own list of suggestions', async () => {
    const c = h.loopback.control;
    const es = await c.as(ana).slash('settings', { 'time-zone': 'Madrd' }).reply();
    expect(es.content).toMatch(
      /^«Madrd» no es una zona horaria que conozca\. ¿Querías decir `[^`]+`(, `[^`]+`)* o `[^`]+`\? No se ha cambiado nada\.$/,
    );
    const en = await c.as(bob).slash('settings', { 'time-zone': 'Europe/Madrid' }).reply();
    expect(en.content).toMatch(/^Saved\. Your settings \(only you see them\):\n• Time zone: Europe\/Madrid/);
    const mine = await c.as(ana).slash('settings').reply();
    expect(mine.content).toBe(
      'Tus ajustes (solo los ves tú):\n• Zona horaria: sin indicar\n• Horas de silencio: ninguna\n• Avisos privados de turno: desactivados\n• Vacaciones: ninguna',
    );
  });
});
