import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackEvent, LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { wordsOnlyAdapters } from '../helpers/words-only-pictures.ts';
import { controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';
import { expectNoLeaks, playByClicks } from './play-by-clicks.ts';

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
  if (!c) throw new Error(`no '${verb}' control on: ${m.text}`);
  return c;
};

beforeAll(async () => {
  h = await startTableHarness({ adapters: wordsOnlyAdapters() });
  d = new Driver(h);
  const c = h.loopback.control;
  c.setGuildLocale(c.defaultGuildId as string, 'es-ES');
  ana = c.createUser({ username: 'ana', locale: 'es-ES' });
  bob = c.createUser({ username: 'bob', locale: 'en-US' });
  const opened = await c.as(ana).slash('valley').reply();
  where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
  await h.settle();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

describe('two languages at one table', () => {
  it('a lobby opened in a Spanish server is in Spanish, buttons and menus included', () => {
    const m = lobby();
    expect(m.text).toContain('**Valle de los Reyes** · partida n.º');
    // The thread is named in the game's language too.
    const id = h.store.gameInThread(where)?.id as number;
    expect(h.loopback.control.channel(where)?.name).toBe(`Valle de los Reyes #${id}`);
    expect(m.text).toContain('Anfitrión: <@');
    expect(m.text).toContain('Asientos (1/6):');
    expect(m.text).toContain('🃏 Cartas: Base (');
    expect(m.text).toContain('⏰ Límite por turno: 24 h por turno');
    expect(m.text).toContain('🌐 Idioma del tablero y de los mensajes públicos: Español');
    const labels = controls(m).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['Unirse', 'Salir', 'Empezar', 'Cancelar', '🌐 English']));
    expect(labels).toContain('Límite por turno (anfitrión)…');
    // No English sentence is left: the heading words of the English lobby are absent.
    expect(m.text).not.toMatch(/\b(Seats|Host|Turn limit|Join)\b/);
  });

  it('a refusal reaches each person privately in their own language, and changes nothing', async () => {
    const joined = await d.press(bob, lobby(), control(lobby(), 'join'));
    expect(joined.text).toContain('Asientos (2/6):'); // the public lobby stays in the game's language
    const bobStarts = await d.press(bob, lobby(), control(lobby(), 'start'));
    expect(bobStarts.ephemeral).toBe(true);
    expect(bobStarts.text).toBe('Only the host (or someone with Manage Server) can start the game.');
    const anaJoins = await d.press(ana, lobby(), control(lobby(), 'join'));
    expect(anaJoins.ephemeral).toBe(true);
    expect(anaJoins.text).toBe('Ya tienes un asiento en esta partida.');
    expect(h.store.getGame(h.store.gameInThread(where)?.id as number).status).toBe('lobby');
  });

  it('the host switches the game to English; only the host may', async () => {
    const refused = await d.press(bob, lobby(), control(lobby(), 'lang', 'en'));
    expect(refused.text).toBe(
      'Only the host (or someone with Manage Server) can choose the game’s language.',
    );
    expect(lobby().text).toContain('Asientos');
    await d.press(ana, lobby(), control(lobby(), 'lang', 'en'));
    const m = lobby();
    expect(m.text).toContain('**Valley of the Kings** · game #');
    expect(m.text).toContain('Seats (2/6):');
    expect(controls(m).map((c) => c.label)).toContain('🌐 Español');
    expect(h.store.gameInThread(where)?.id).toBeDefined();
    await d.press(ana, lobby(), control(lobby(), 'lang', 'es'));
    expect(lobby().text).toContain('Asientos (2/6):');
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
    expect(es.text).toMatch(
      /^\*\*Estatua de Bastet\*\* — Estatuas \(conjunto de \d+\), nivel I+, \d+ copias?/,
    );
    expect(es.text).toMatch(/Coste 4 · Oro \d+/);
    const en = await c.as(bob).slash('card', { name: 'Estatua de Bastet' }).reply();
    expect(en.text).toMatch(/^\*\*Statue of Bastet\*\* — Statues \(set of \d+\), level I+/);
    const treasure = await c.as(ana).slash('card', { name: 'archaeology:coin' }).reply();
    expect(treasure.text).toMatch(/^\*\*Moneda\*\* — tesoro de Arqueología, \d+ en el juego/);
    const none = await c.as(ana).slash('card', { name: 'Esfinge' }).reply();
    expect(none.text).toBe(
      'No hay ninguna carta llamada «Esfinge». Empieza a escribir y elige una de la lista.',
    );
  });

  it('/settings answers in the reader’s language, with Intl’s own list of suggestions', async () => {
    const c = h.loopback.control;
    const es = await c.as(ana).slash('settings', { 'time-zone': 'Madrd' }).reply();
    expect(es.text).toMatch(
      /^«Madrd» no es una zona horaria que conozca\. ¿Querías decir `[^`]+`(, `[^`]+`)* o `[^`]+`\? No se ha cambiado nada\.$/,
    );
    const en = await c.as(bob).slash('settings', { 'time-zone': 'Europe/Madrid' }).reply();
    expect(en.text).toMatch(/^Saved\. Your settings \(only you see them\):\n• Time zone: Europe\/Madrid/);
    const mine = await c.as(ana).slash('settings').reply();
    expect(mine.text).toBe(
      'Tus ajustes (solo los ves tú):\n• Zona horaria: sin indicar\n• Horas de silencio: ninguna\n• Avisos privados de turno: desactivados\n• Vacaciones: ninguna',
    );
  });
});

describe('a whole game in two languages', () => {
  it('ana (es-ES) and bob (en-US) play to the end: each hand in its reader’s language, the board in the game’s, no hidden card leaked in either', async () => {
    const c = h.loopback.control;
    const seen: LoopbackMessage[] = [];
    const unsubscribe = c.subscribe((e: LoopbackEvent) => {
      if ((e.type === 'message-create' || e.type === 'message-update') && !e.message.ephemeral)
        seen.push(e.message);
    });
    await d.press(ana, lobby(), control(lobby(), 'start'));
    const gameId = h.store.gameInThread(where)?.id as number;
    expect(h.store.getGame(gameId).status).toBe('active');
    const board = d.latest(where, 'hand');
    expect(board.text).toContain('**Valle de los Reyes** · partida n.º');
    expect(controls(board).map((x) => x.label)).toEqual(
      expect.arrayContaining(['Mi mano', 'Tumbas', 'Registro', 'Mis partidas']),
    );
    expect(board.attachments[0]?.description).toMatch(/Pirámide|pirámide/);

    const anaHand = await d.openHand(ana, where);
    const bobHand = await d.openHand(bob, where);
    expect(anaHand.text).toMatch(/^\*\*Tu mano\*\* \(partida n\.º \d+\)/);
    expect(bobHand.text).toMatch(/^\*\*Your hand\*\* \(game #\d+\)/);
    // Each card is named in the reader's language: a starter hand always holds a Shabti, Urna or Caja…
    expect(anaHand.text).toMatch(/Shabti|Urna|Caja de comida|Mesa de ofrendas/);
    expect(bobHand.text).toMatch(/Shabti|Urn|Box of Food|Offering Table/);
    expect(bobHand.text).not.toMatch(/Urna|Caja de comida|Mesa de ofrendas/);

    const users = h.store.getGame(gameId).seats.map((s) => (s.userId === ana.id ? ana : bob));
    await playByClicks(d, gameId, where, users, { maxSteps: 4000 });
    unsubscribe();
    expect(h.store.getGame(gameId).status).toBe('finished');
    const results = c
      .messages(where)
      .filter((m) => m.text.includes('ha terminado'))
      .at(-1) as LoopbackMessage;
    expect(results.text).toMatch(/^🏁 \*\*Valle de los Reyes\*\* · la partida n\.º \d+ ha terminado/);
    expect(results.text).toMatch(/\d+ PV/);
    // The boards' log lines were written in Spanish too: the rules' own sentences.
    const boards = seen.filter((m) => m.text.includes('**Valle de los Reyes** · partida n.º'));
    expect(boards.some((m) => /> .* (terminó su turno|compró|sepultó) /.test(m.text))).toBe(true);
    expect(boards.some((m) => /> .* (ended their turn|bought|entombed) /.test(m.text))).toBe(false);
    // No public message names a card the public could not see, in Spanish nor in English.
    expect(expectNoLeaks(d, gameId, where, seen, 'es')).toBeGreaterThan(10);
    expect(expectNoLeaks(d, gameId, where, seen, 'en')).toBeGreaterThan(10);
  }, 600_000);
});
