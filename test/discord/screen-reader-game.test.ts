import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardName } from '../../src/adapters/valley/card-names.ts';
import { setInfo } from '../../src/adapters/valley/pictures/card-styles.ts';
import { fullCatalog } from '../../src/games/valley/catalog.ts';
import { valley } from '../../src/games/valley/index.ts';
import type { CardDef, ValleyState } from '../../src/games/valley/state.ts';
import type { ValleyView } from '../../src/games/valley/view.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { ROMAN } from '../../src/render/canvas-shapes.ts';
import { Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';
import { escapeRe, type Spoken, type SpokenControl, spoken } from './screen-reader.ts';

/**
 * A screen-reader user plays a whole game: alice against an Easy computer, every move chosen from what a
 * screen reader reads (messages' words, pictures' alt texts, controls' labels), never from the store. At
 * each of her turns the words are held against the game's public view: everything the picture shows that a
 * player needs is said. The store is read only to assert.
 */
let h: TableHarness;
let d: Driver;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
});
afterAll(async () => {
  await h?.stop();
});

const byLabel = (s: Spoken, re: RegExp): SpokenControl | undefined =>
  s.controls.find((c) => re.test(c.label));

async function press(user: LoopbackUser, m: LoopbackMessage, c: SpokenControl): Promise<LoopbackMessage> {
  const reply = await h.loopback.control.as(user).click(m, c.customId).reply();
  await h.settle();
  return h.loopback.control.message(reply.id) ?? h.loopback.control.message(m.id) ?? reply;
}

async function choose(
  user: LoopbackUser,
  m: LoopbackMessage,
  c: SpokenControl,
  values: string[],
): Promise<LoopbackMessage> {
  const reply = await h.loopback.control.as(user).select(m, c.customId, values).reply();
  await h.settle();
  return h.loopback.control.message(reply.id) ?? h.loopback.control.message(m.id) ?? reply;
}

const count = (text: string, re: RegExp) => text.match(new RegExp(re.source, 'g'))?.length ?? 0;

/**
 * "Statue of Isis (Statues, set of 7, level II, cost 7, gold 3…": a card named with what its face prints
 * (its set's size, level, cost and gold).
 */
function cardWithNumbers(def: CardDef, gold: number = def.gold): RegExp {
  const size = def.kind === 'set' && def.set ? setInfo(def.set, fullCatalog).size : null;
  const sizePart = size === null ? '' : `[^)]*\\bset of ${size}\\b`;
  return new RegExp(
    `${escapeRe(cardName(def.id, 'en'))} \\(${sizePart}[^)]*\\blevel ${ROMAN[def.level]},[^)]*\\bcost ${def.cost}\\b[^)]*\\bgold ${gold}\\b`,
  );
}

/** The board's words against the public view: pyramid, piles, every seat's score and tomb, who moves. */
function expectBoardSaid(board: Spoken, view: ValleyView, names: readonly string[]) {
  const said = [board.text, ...board.alts].join('\n');
  const inPyramid = new Map<string, number>();
  for (const ref of view.pyramid) {
    if (!ref) continue;
    const def = view.defs[ref.card];
    if (!def) throw new Error(`no definition of ${ref.card}`);
    const re = cardWithNumbers(def);
    inPyramid.set(re.source, (inPyramid.get(re.source) ?? 0) + 1);
    expect(said, `pyramid card ${ref.card}`).toMatch(re);
  }
  // A card twice in the pyramid is said twice (in the alt text, where each slot has its line).
  for (const [source, n] of inPyramid)
    expect(count(board.alts.join('\n'), new RegExp(source))).toBeGreaterThanOrEqual(n);
  expect(said).toMatch(new RegExp(`Stock: ${view.stock.count} cards?\\b`));
  expect(said).toMatch(new RegExp(`Boneyard: ${view.boneyard.count} cards?\\b`));
  if (view.boneyard.top) expect(said).toContain(`top ${cardName(view.boneyard.top.card, 'en')}`);
  for (const p of view.players) {
    const name = escapeRe(names[p.seat] as string);
    const tomb = p.score.tombCards === 0 ? 'tomb empty' : `tomb ${p.score.tombCards} cards?`;
    expect(said, `seat ${p.seat}`).toMatch(
      new RegExp(`${name}[^\\n]*: ${p.score.total} VP;[^\\n]*; ${tomb}`),
    );
  }
  expect(said).toMatch(
    new RegExp(`Turn ${view.turn.number + 1}: ${escapeRe(names[view.turn.seat] as string)} to play`),
  );
}

/** The hand's words against the seat's own view: every card with its gold, the gold in all. */
function expectHandSaid(hand: Spoken, view: ValleyView) {
  const mine = view.me?.hand ?? [];
  const said = hand.alts.join('\n');
  const wanted = new Map<string, number>();
  for (const c of mine) {
    const def = view.defs[c.card];
    if (!def) throw new Error(`no definition of ${c.card}`);
    const source = cardWithNumbers(def, c.gold).source;
    wanted.set(source, (wanted.get(source) ?? 0) + 1);
  }
  for (const [source, n] of wanted) expect(count(said, new RegExp(source)), source).toBe(n);
  const gold = mine.reduce((sum, c) => sum + c.gold, 0);
  expect(said).toMatch(new RegExp(`${mine.length} cards?, ${gold} gold`));
}

/**
 * One step of alice's play, chosen from her hand's spoken controls: what she sees next (the hand, updated
 * or new), or null when it offers her nothing.
 */
async function playOneStep(alice: LoopbackUser, hand: LoopbackMessage): Promise<LoopbackMessage | null> {
  const s = spoken(hand);
  const answer = s.controls.find((c) => c.verb === 'ans');
  if (answer) {
    if (answer.kind === 'select') await choose(alice, hand, answer, [answer.options[0]?.value as string]);
    else return press(alice, hand, answer);
  }
  // Paying: a menu of ways ("Pay with …"), else the cards to pay with, each with its gold ("Urn (1g)").
  const ways = byLabel(s, /^Pay for /);
  if (ways) {
    return choose(alice, hand, ways, [ways.options[0]?.value as string]);
  }
  const cards = s.controls.find((c) => c.verb === 'pay');
  if (cards) {
    const cost = Number(/\((\d+)\)|(\d+)/.exec(cards.label)?.slice(1).find(Boolean));
    const picked: string[] = [];
    let gold = 0;
    for (const o of [...cards.options].sort((a, b) => goldOf(b.label) - goldOf(a.label))) {
      if (gold >= cost) break;
      picked.push(o.value);
      gold += goldOf(o.label);
    }
    return choose(alice, hand, cards, picked);
  }
  // The dearest card she can afford ("Buy Statue of Isis (7)": only affordable buys are offered).
  const buys = s.controls.filter((c) => c.verb === 'buyslot');
  if (buys.length) {
    const dearest = buys.sort((a, b) => costOf(b.label) - costOf(a.label))[0] as SpokenControl;
    return press(alice, hand, dearest);
  }
  const entomb = byLabel(s, /^Entomb a card/);
  if (entomb) {
    return choose(alice, hand, entomb, [entomb.options[0]?.value as string]);
  }
  const endButton = s.controls.find((c) => c.kind === 'button' && c.label === 'End turn');
  if (endButton) {
    return press(alice, hand, endButton);
  }
  const endMenu = s.controls.find((c) => c.verb === 'end' || /^End turn/.test(c.label));
  if (endMenu) {
    const leave = endMenu.options.find((o) => /^End turn/.test(o.label)) ?? endMenu.options[0];
    return choose(alice, hand, endMenu, [leave?.value as string]);
  }
  return null;
}

const goldOf = (label: string) => Number(/\((\d+)g\)/.exec(label)?.[1] ?? 0);
const costOf = (label: string) => Number(/\((\d+)\)\s*$/.exec(label)?.[1] ?? 0);

describe('a game played from a screen reader', () => {
  it('alice plays a whole game against an Easy computer from words and alt text alone; they say what the pictures show', async () => {
    const c = h.loopback.control;
    const alice = c.createUser('alice');
    const opened = await c.as(alice).slash('valley', { computers: 1 }).reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    const lobbyOf = () => d.latest(where, 'join');
    const levels = byLabel(spoken(lobbyOf()), /Computer levels/) as SpokenControl;
    const menu = await press(alice, lobbyOf(), levels);
    const level = spoken(menu).controls.find((x) => x.kind === 'select') as SpokenControl;
    const easy = level.options.find((o) => /Easy/.test(o.label) && !/away|stand/i.test(o.label));
    expect(easy, JSON.stringify(level.options)).toBeDefined();
    await choose(alice, menu, level, [easy?.value as string]);
    await press(alice, lobbyOf(), byLabel(spoken(lobbyOf()), /^Start$/) as SpokenControl);
    const game = h.store.gameInThread(where);
    expect(game).toBeDefined();
    const gameId = game?.id as number;
    const names = h.store.getGame(gameId).seats.map((x) => x.displayName);
    expect(names).toContain('alice');
    const aliceSeat = names.indexOf('alice');

    const checkedTurns = new Set<number>();
    const started = Date.now();
    let steps = 0;
    for (; steps < 3000; steps++) {
      await h.quiet();
      const ended = c.messages(where).some((m) => !m.ephemeral && /is over/.test(m.text));
      if (ended) break;
      const boardMsg = c
        .messages(where)
        .filter(
          (m) => !m.ephemeral && spoken(m).controls.some((x) => x.verb === 'hand' || x.verb === 'respond'),
        )
        .at(-1) as LoopbackMessage;
      const board = spoken(boardMsg);
      const open =
        board.controls.find((x) => x.verb === 'respond') ?? board.controls.find((x) => x.verb === 'hand');
      const hand = await press(alice, boardMsg, open as SpokenControl);
      expect(hand.ephemeral).toBe(true);
      const turn = Number(/Turn (\d+): alice to play/.exec(board.alts.join('\n'))?.[1] ?? 0);
      if (turn && !checkedTurns.has(turn)) {
        // Assert (not choose): the words against the game's public view and alice's own.
        const state = h.store.getGame(gameId).state as ValleyState;
        expectBoardSaid(board, valley.view(state, null) as ValleyView, names);
        expectHandSaid(spoken(hand), valley.view(state, aliceSeat) as ValleyView);
        checkedTurns.add(turn);
      }
      // Her turn, step by step on what each click shows her, until it offers her nothing more.
      let next: LoopbackMessage | null = hand;
      for (let k = 0; next && k < 40; k++) next = await playOneStep(alice, next);
    }
    const final = h.store.getGame(gameId);
    expect(final.status, `after ${steps} steps`).toBe('finished');
    expect(checkedTurns.size).toBeGreaterThan(5);
    // The results say the outcome in words: every seat's score.
    const results = c
      .messages(where)
      .filter((m) => /is over/.test(m.text))
      .at(-1) as LoopbackMessage;
    const outcome = spoken(results);
    for (const r of final.outcome?.results ?? []) expect(outcome.all).toContain(`${r.score} VP`);
    console.log(
      `screen-reader game: ${checkedTurns.size} of alice's turns checked, ${steps} steps, ${Date.now() - started} ms`,
    );
  }, 120_000);
});
