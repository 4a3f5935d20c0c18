import { ChannelType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchaeologyState } from '../../src/games/archaeology/state.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { LESSON_MARK } from '../../src/store/records.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * `/learn game:Archaeology` played to its end through the client, in English and in Spanish: the private
 * thread, the narrator's one lesson per step (each told when it is the learner's to play), wrong moves
 * explained and not made, a restart half-way resumed by `/learn` again, and a finished lesson that counts
 * in no statistic.
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
    heading: (n: number, title: string) => `Lesson ${n} of 8: ${title}`,
    titles: [
      'The goal',
      'Digging',
      'Trading at the marketplace',
      'Selling to the museum',
      'Thieves',
      'Sandstorms',
      'The pyramid',
      'The end',
    ],
    dug: 'Yours was a Talisman',
    robbed: "Your hand: a Coin and a Pharaoh's Mask",
    early: 'Read the lesson first',
    wrongTake:
      'This step does not take a Pot Shard from the marketplace. This step: take a Talisman from the marketplace',
    smallSet: 'A set of 2 Talismans pays $7, and all of them together $14',
    keepMask: "Losing a Pharaoh's Mask would give the marketplace your most valuable card",
    nothingDone: 'Nothing was done; try again.',
    over: 'The game is over: you made $39, your rival $5',
    resumed: 'Your lesson goes on where you left it',
    opened: 'Your lesson is ready in',
  },
  es: {
    heading: (n: number, title: string) => `Lección ${n} de 8: ${title}`,
    titles: [
      'El objetivo',
      'Excavar',
      'Intercambiar en el mercado',
      'Vender al museo',
      'Ladrones',
      'Tormentas de arena',
      'La pirámide',
      'El final',
    ],
    dug: 'La tuya fue un Talismán',
    robbed: 'Tu mano: una Moneda y una Máscara de faraón',
    early: 'Lee primero la lección',
    wrongTake:
      'Este paso no toma un Fragmento de vasija del mercado. Este paso: toma un Talismán del mercado',
    smallSet: 'Un lote de 2 Talismanes paga 7 $, y todas juntas 14 $',
    keepMask: 'Perder una Máscara de faraón daría al mercado tu carta más valiosa',
    nothingDone: 'No se hizo nada; prueba otra vez.',
    over: 'La partida ha terminado: ganaste 39 $, tu rival 5 $',
    resumed: 'Tu lección sigue donde la dejaste',
    opened: 'Tu lección te espera en',
  },
};

/** Waits for a condition the bot brings about after acknowledging a click (a hang guard, not a timing). */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
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

async function playLesson(locale: 'en-US' | 'es-ES', name: string, words: (typeof WORDS)['en']) {
  const c = h.loopback.control;
  const user: LoopbackUser = c.createUser({ username: name, locale });
  const opened = await c.as(user).slash('learn', { game: 'archaeology' }).reply();
  expect(opened.ephemeral).toBe(true);
  expect(opened.text).toContain(words.opened);
  const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
  await h.quiet();
  expect(c.channel(where)?.type).toBe(ChannelType.PrivateThread);
  const gameId = (h.store.gameInThread(where) as { id: number }).id;
  const game = await h.store.getGame(gameId);
  expect(game).toMatchObject({ type: 'archaeology', rated: false });
  expect(game.seats.filter((s) => s.userId !== null)).toHaveLength(1);
  const version = async () => (await h.store.getGame(gameId)).version;
  const state = async () => (await h.store.getGame(gameId)).state as ArchaeologyState;
  const heading = (n: number) => words.heading(n, words.titles[n - 1] as string);
  /** Waits for the narrator to tell lesson `n`. */
  const told = async (n: number) => {
    await h.quiet();
    await until(() => narrator(where).text.includes(heading(n)));
  };
  await told(1);

  // A move before the lesson is read is explained, not made.
  let hand = await d.openHand(user, where);
  // A lesson teaches its own steps: no Hint, which might suggest a move the step refuses.
  expect(controls(hand).some((x) => x.verb === 'hint')).toBe(false);
  hand = await d.choose(user, hand, control(hand, 'sell'), 'st1');
  expect(hand.text).toContain(words.early);
  expect(hand.text).toContain(words.nothingDone);
  expect(await version()).toBe(0);

  for (const n of [1, 2]) {
    const m = narrator(where);
    expect(m.text).toContain(heading(n));
    if (n === 2) expect(m.text).toContain(words.dug);
    await c.as(user).click(m, control(m, 'lesson-next').customId).acknowledged();
    await until(() => narrator(where).id !== m.id);
    await until(() => controls(d.fresh(m)).length === 0);
  }
  await told(3);

  // Trading: a Pot Shard is not the card this step takes; the Talisman, for a Parchment Scrap and a Coin, is.
  const trade = async (take: string, give: string[]) => {
    hand = await d.openHand(user, where);
    hand = await d.chooseMany(user, hand, control(hand, 'take'), [take]);
    return d.chooseMany(user, hand, control(hand, 'give'), give);
  };
  hand = await trade('pot-shard.1', ['parchment.1']);
  expect(hand.text).toContain(words.wrongTake);
  expect(await version()).toBe(0);
  await trade('talisman.1', ['parchment.1', 'coin.1']);
  await told(4);

  // Selling: two Talismans are explained (three pay more), three are sold; then the turn ends.
  hand = await d.openHand(user, where);
  hand = await d.choose(user, hand, control(hand, 'sell'), 'st2');
  expect(hand.text).toContain(words.smallSet);
  const before = await version();
  hand = await d.openHand(user, where);
  await d.choose(user, hand, control(hand, 'sell'), 'st3');
  await until(async () => (await version()) > before);

  // Half-way, the bot restarts: /learn again finds the lesson where it was and tells its step again.
  await h.restart();
  const again = await c.as(user).slash('learn', { game: 'archaeology' }).reply();
  expect(again.text).toContain(words.resumed);
  expect(again.text).toContain(`<#${where}>`);
  await told(4);

  hand = await d.openHand(user, where);
  await d.press(user, hand, control(hand, 'act', 'e'));
  // The rival's turn is played before the thief's lesson is told: its position is the learner's turn.
  await told(5);
  expect((await state()).turn).toMatchObject({ seat: 0, number: 2 });
  // Told from the learner's turn, after the theft, not as the rival began its own.
  expect(narrator(where).text).toContain(words.robbed);
  hand = await d.openHand(user, where);
  await d.press(user, hand, control(hand, 'act', 'e'));
  await told(6);

  // The sandstorm: losing the mask is explained; the coin goes.
  hand = await d.openHand(user, where);
  hand = await d.chooseMany(user, hand, control(hand, 'lose'), ['mask.1']);
  expect(hand.text).toContain(words.keepMask);
  hand = await d.openHand(user, where);
  await d.chooseMany(user, hand, control(hand, 'lose'), ['coin.1']);
  await told(7);

  hand = await d.openHand(user, where);
  await d.press(user, hand, control(hand, 'act', 'xs'));
  await told(8);

  // The end: the three masks as one set, the Talisman, and the turn; the rival sells its coins.
  for (const sale of ['sm3', 'st1']) {
    const v = await version();
    hand = await d.openHand(user, where);
    await d.choose(user, hand, control(hand, 'sell'), sale);
    await until(async () => (await version()) > v);
  }
  hand = await d.openHand(user, where);
  await d.press(user, hand, control(hand, 'act', 'e'));
  await until(async () => (await h.store.getGame(gameId)).status === 'finished');
  await h.quiet();
  await until(() => narrator(where).text.includes(words.over));
  // Its moves were the steps it asked for: no key moments are analysed, and the results offer none.
  expect(await h.store.schedule.find(`key-moments:${gameId}`)).toBeUndefined();
  expect(h.loopback.control.messages(where).some((m) => controls(m).some((x) => x.verb === 'moments'))).toBe(
    false,
  );
  // A lesson counts in nobody's statistics, and is never rated.
  expect(await h.store.locations.getMessage(gameId, LESSON_MARK)).toBeDefined();
  expect(h.store.ratings.playedGames({ gameType: 'archaeology', userId: user.id, guildId: null })).toEqual(
    [],
  );
  // Its fixed deal is in its options: the stored game replays and verifies like any other.
  expect((await h.bot.runtime.tables.store.verifyGames()).problems).toEqual([]);
}

describe('/learn: a first game of Archaeology that teaches', () => {
  it('is played to its end through the client in English, explains wrong moves and survives a restart', async () => {
    await playLesson('en-US', 'arlo', WORDS.en);
  });

  it('and in Spanish, every lesson and explanation in the learner’s language', async () => {
    await playLesson('es-ES', 'ana', WORDS.es);
  });
});
