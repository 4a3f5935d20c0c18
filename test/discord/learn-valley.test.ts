import { ChannelType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAction } from '../../src/adapters/valley/action-code.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { LESSON_MARK } from '../../src/store/records.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * `/learn game:Valley of the Kings` played to its end through the client, in English and in Spanish: the
 * private thread, the narrator's one lesson per step, a wrong move explained and not made, a restart
 * half-way resumed by `/learn` again, and a finished lesson that counts in no statistic.
 */
let h: TableHarness;
let d: Driver;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const WORDS = {
  en: {
    heading: (n: number, title: string) => `Lesson ${n} of 9: ${title}`,
    titles: [
      'The goal',
      'A turn',
      'Buying and paying',
      "Playing a card's action",
      'Entombing',
      'Ending your turn',
    ],
    sets: 'Sets and scoring',
    sacrifice: 'The pyramid must change',
    end: 'The end',
    over: 'The game is over: your tomb scores 4 points',
    wrongCard: 'is not the card this step buys. This step: buy Heart Scarab Amulet.',
    wrongSet: 'is not of the set in your tomb',
    nothingDone: 'Nothing was done; try again.',
    resumed: 'Your lesson goes on where you left it',
    opened: 'Your lesson is ready in',
  },
  es: {
    heading: (n: number, title: string) => `Lección ${n} de 9: ${title}`,
    titles: [
      'El objetivo',
      'Un turno',
      'Comprar y pagar',
      'Jugar la acción de una carta',
      'Sepultar',
      'Terminar el turno',
    ],
    sets: 'Conjuntos y puntuación',
    sacrifice: 'La pirámide debe cambiar',
    end: 'El final',
    over: 'La partida ha terminado: tu tumba suma 4 puntos',
    wrongCard: 'no es la carta que compra este paso. Este paso: compra Amuleto del escarabajo del corazón.',
    wrongSet: 'no es del conjunto de tu tumba',
    nothingDone: 'No se hizo nada; prueba otra vez.',
    resumed: 'Tu lección sigue donde la dejaste',
    opened: 'Tu lección te espera en',
  },
};

/** Waits for a condition the bot brings about after acknowledging a click (a hang guard, not a timing). */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never came true');
    await h.settle();
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The narrator's newest message in the thread. */
function narrator(where: string): LoopbackMessage {
  const found = h.loopback.control
    .messages(where)
    .filter((m) => !m.ephemeral && /📜/.test(m.text))
    .at(-1);
  if (!found) throw new Error('no narrator message');
  return found;
}

const control = (m: LoopbackMessage, verb: string, arg?: string): Control => {
  const c = controls(m).find((x) => x.verb === verb && (arg === undefined || x.arg === arg));
  if (!c) throw new Error(`no '${verb}' ${arg ?? ''} control on: ${m.text}`);
  return c;
};

async function stateOf(gameId: number): Promise<ValleyState> {
  return (await h.store.getGame(gameId)).state as ValleyState;
}

/** The value of a hand menu whose action involves exactly the cards `ids` (by card id), e.g. a payment. */
async function valueFor(gameId: number, c: Control, type: string, ids: readonly string[]): Promise<string> {
  const s = await stateOf(gameId);
  const cardsOf = (v: string): string[] | null => {
    const a = decodeAction(v);
    if (!a || a.type !== type) return null;
    if (a.type === 'buy') return a.pay.map((x) => s.cards[x] as string);
    if (a.type === 'play' || a.type === 'entomb') return [s.cards[a.card] as string];
    return null;
  };
  const found = c.values.find((v) => {
    const cards = cardsOf(v);
    return cards !== null && [...cards].sort().join() === [...ids].sort().join();
  });
  if (!found) throw new Error(`no ${type} of ${ids.join(', ')} in ${c.values.join(' ')}`);
  return found;
}

async function playLesson(locale: 'en-US' | 'es-ES', name: string, words: (typeof WORDS)['en']) {
  const c = h.loopback.control;
  const user: LoopbackUser = c.createUser({ username: name, locale });
  const opened = await c.as(user).slash('learn', { game: 'valley' }).reply();
  expect(opened.ephemeral).toBe(true);
  expect(opened.text).toContain(words.opened);
  const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
  await h.quiet();
  // A private thread, the learner its only person.
  const thread = c.channel(where);
  expect(thread?.type).toBe(ChannelType.PrivateThread);
  const others = c.createUser({ username: `${name}-friend` });
  expect(
    c
      .as(others)
      .visibleChannels()
      .some((ch) => ch.id === where),
  ).toBe(false);
  const gameId = (h.store.gameInThread(where) as { id: number }).id;
  const game = await h.store.getGame(gameId);
  expect(game.rated).toBe(false);
  expect(game.seats.filter((s) => s.userId !== null)).toHaveLength(1);

  const heading = (n: number) => words.heading(n, words.titles[n - 1] as string);
  expect(narrator(where).text).toContain(heading(1));
  // A move before the lesson is read is explained, not made.
  let hand = await d.openHand(user, where);
  // A lesson teaches its own steps: no Hint, which might suggest a move the step refuses.
  expect(controls(hand).some((x) => x.verb === 'hint')).toBe(false);
  hand = await d.press(user, hand, control(hand, 'buyslot', '0'));
  const early = control(hand, 'act', 'pay');
  hand = await d.choose(user, hand, early, early.values[0] as string);
  expect(hand.text).toContain(words.nothingDone);
  expect((await h.store.getGame(gameId)).version).toBe(0);

  for (const n of [1, 2]) {
    const m = narrator(where);
    expect(m.text).toContain(heading(n));
    // Continue is acknowledged without a reply: the narrator's next message is the answer.
    await c.as(user).click(m, control(m, 'lesson-next').customId).acknowledged();
    await until(() => narrator(where).id !== m.id);
    // The button read is gone; its lesson stays.
    await until(() => controls(d.fresh(m)).length === 0);
    expect(d.fresh(m).text).toContain(heading(n));
  }
  expect(narrator(where).text).toContain(heading(3));

  // A wrong card: Statue of Isis is not the card this step buys.
  hand = await d.openHand(user, where);
  hand = await d.press(user, hand, control(hand, 'buyslot', '2'));
  const isis = control(hand, 'act', 'pay');
  hand = await d.choose(user, hand, isis, isis.values[0] as string);
  expect(hand.text).toContain(words.wrongCard);
  expect((await h.store.getGame(gameId)).version).toBe(0);

  // Buying: Box of Food and a Shabti pay for Heart Scarab Amulet.
  hand = await d.openHand(user, where);
  hand = await d.press(user, hand, control(hand, 'buyslot', '0'));
  const pay = control(hand, 'act', 'pay');
  hand = await d.choose(user, hand, pay, await valueFor(gameId, pay, 'buy', ['box-of-food', 'shabti']));
  await h.quiet();
  expect(narrator(where).text).toContain(heading(4));

  const playCard = async (kind: 'play' | 'entomb', id: string) => {
    hand = await d.openHand(user, where);
    const menu = control(hand, 'act', kind);
    hand = await d.choose(user, hand, menu, await valueFor(gameId, menu, kind, [id]));
    await h.quiet();
  };
  await playCard('play', 'statue-of-anubis');
  expect(narrator(where).text).toContain(heading(5));
  await playCard('entomb', 'statue-of-horus');
  expect(narrator(where).text).toContain(heading(6));

  // Half-way, the bot restarts: /learn again finds the lesson where it was and tells its step again.
  await h.restart();
  const again = await c.as(user).slash('learn', { game: 'valley' }).reply();
  expect(again.text).toContain(words.resumed);
  expect(again.text).toContain(`<#${where}>`);
  await h.quiet();
  const told = narrator(where);
  expect(told.text).toContain(heading(6));

  hand = await d.openHand(user, where);
  hand = await d.endTurn(user, hand);
  await h.quiet();
  // The scripted rival has played its turn; the sets lesson waits for the learner.
  expect(narrator(where).text).toContain(words.sets);
  hand = await d.openHand(user, where);
  const entomb = control(hand, 'act', 'entomb');
  hand = await d.choose(user, hand, entomb, await valueFor(gameId, entomb, 'entomb', ['imseti-canopic-jar']));
  expect(hand.text).toContain(words.wrongSet);
  await playCard('entomb', 'statue-of-bastet');
  expect(narrator(where).text).toContain(words.sacrifice);

  // Ending without buying asks for a sacrifice; then the last turn, and the rival's, end the game.
  for (let turn = 0; turn < 2; turn++) {
    hand = await d.openHand(user, where);
    hand = await d.endTurn(user, hand);
    await h.quiet();
    for (;;) {
      const current = (await h.store.getGame(gameId)).state as ValleyState;
      if (current.finished || current.stack.length === 0) break;
      hand = await d.openHand(user, where);
      hand = await d.press(user, hand, control(hand, 'ans'));
      await h.quiet();
    }
    if (turn === 0) expect(narrator(where).text).toContain(words.end);
  }
  const finished = await h.store.getGame(gameId);
  expect(finished.status).toBe('finished');
  expect(narrator(where).text).toContain(words.over);
  // Its moves were the steps it asked for: no key moments are analysed, and the results offer none.
  expect(await h.store.schedule.find(`key-moments:${gameId}`)).toBeUndefined();
  expect(h.loopback.control.messages(where).some((m) => controls(m).some((x) => x.verb === 'moments'))).toBe(
    false,
  );
  // A lesson counts in nobody's statistics, and is never rated.
  expect(h.store.locations.getMessage(gameId, LESSON_MARK)).toBeDefined();
  expect(h.store.ratings.playedGames({ gameType: 'valley', userId: user.id, guildId: null })).toEqual([]);
  expect(finished.rated).toBe(false);
}

describe('/learn: a first game of Valley of the Kings that teaches', () => {
  it('is played to its end through the client in English, explains wrong moves and survives a restart', async () => {
    await playLesson('en-US', 'lena', WORDS.en);
  });

  it('and in Spanish, every lesson and explanation in the learner’s language', async () => {
    await playLesson('es-ES', 'lucia', WORDS.es);
  });

  it('where the bot may not open a private thread, it says which permission it lacks and opens nothing', async () => {
    const c = h.loopback.control;
    const closed = c.createChannel({ name: 'no-private-threads', denyBot: ['CreatePrivateThreads'] });
    const user = c.createUser({ username: 'nora' });
    const before = (await h.store.listGames(['lobby', 'active'])).length;
    const answer = await c.as(user).slash('learn', { game: 'valley' }, { channelId: closed.id }).reply();
    expect(answer.ephemeral).toBe(true);
    expect(answer.text).toContain('private thread');
    expect(answer.text).toContain('Create Private Threads');
    expect((await h.store.listGames(['lobby', 'active'])).length).toBe(before);
  });
});
