import { describe, expect, it } from 'vitest';
import { valley } from '../../../src/games/valley/index.ts';
import { legalActions } from '../../../src/games/valley/legal-actions.ts';
import { valleyFirstGame as lesson } from '../../../src/games/valley/lessons/first-game.ts';
import type { ValleyAction, ValleyState } from '../../../src/games/valley/state.ts';

/** The lesson played by the rules alone: its deal, its steps, its refusals and its scripted rival. */
const LEARNER = 0;

function apply(s: ValleyState, seat: number, action: ValleyAction): ValleyState {
  const r = valley.apply(s, seat, action);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return r.state;
}

const card = (s: ValleyState, id: string): number => {
  const c = s.players[LEARNER]?.hand.find((x) => s.cards[x] === id);
  if (c === undefined) throw new Error(`no ${id} in hand`);
  return c;
};

/** The learner's move: the lesson must take it, then the rules apply it; then the rival's turn if it is due. */
function learn(s: ValleyState, reads: number, action: ValleyAction): ValleyState {
  expect(lesson.refusal(s, reads, action)).toBeNull();
  let next = apply(s, LEARNER, action);
  while (!next.finished && valley.waitingFor(next).includes(lesson.scriptedSeat))
    next = apply(next, lesson.scriptedSeat, lesson.scripted(next) as ValleyAction);
  return next;
}

const endTurn = (s: ValleyState): ValleyAction => {
  const end = legalActions(s, LEARNER).find((a) => a.type === 'end-turn');
  if (!end) throw new Error('cannot end the turn');
  return end;
};

/** Answers every question the learner is asked with its first option. */
function answerAll(s: ValleyState, reads: number): ValleyState {
  let next = s;
  for (;;) {
    const answer = legalActions(next, LEARNER).find((a) => a.type === 'answer');
    if (!answer || next.finished) return next;
    next = learn(next, reads, answer);
  }
}

const refusalKey = (s: ValleyState, reads: number, a: ValleyAction) => lesson.refusal(s, reads, a)?.key;

describe("Valley's first game, by the rules alone", () => {
  it('goes step by step to the end of a real game, and refuses what a step does not ask, saying why', () => {
    let s = valley.setup({ ...lesson.options, players: 2 }, lesson.seed) as ValleyState;
    let reads = 0;
    const at = () => lesson.step(s, reads);
    expect(at()).toBe(0);
    const buy = (slot: number, ids: string[]): ValleyAction => ({
      type: 'buy',
      slot,
      pay: ids.map((id) => card(s, id)),
    });
    // Reading first: a move before Continue is refused.
    expect(refusalKey(s, reads, buy(0, ['box-of-food', 'shabti']))).toBe('lesson.wrong.read');
    reads = 2;
    expect(at()).toBe(2);
    // Buying: the wrong card, paying with a card a later lesson needs, or another kind of move.
    expect(refusalKey(s, reads, buy(2, ['box-of-food', 'shabti']))).toBe('lesson.wrong.buy-other');
    expect(refusalKey(s, reads, buy(0, ['statue-of-anubis', 'shabti']))).toBe('lesson.wrong.pay-with-kept');
    expect(refusalKey(s, reads, { type: 'play', card: card(s, 'statue-of-anubis') })).toBe(
      'lesson.wrong.play',
    );
    expect(refusalKey(s, reads, endTurn(s))).toBe('lesson.wrong.end');
    s = learn(s, reads, buy(0, ['box-of-food', 'shabti']));
    expect(at()).toBe(3);
    expect(refusalKey(s, reads, { type: 'entomb', card: card(s, 'statue-of-horus') })).toBe(
      'lesson.wrong.entomb',
    );
    s = learn(s, reads, { type: 'play', card: card(s, 'statue-of-anubis') });
    expect(at()).toBe(4);
    expect(refusalKey(s, reads, { type: 'entomb', card: card(s, 'urn') })).toBe('lesson.wrong.entomb-other');
    s = learn(s, reads, { type: 'entomb', card: card(s, 'statue-of-horus') });
    expect(at()).toBe(5);
    s = learn(s, reads, endTurn(s));
    // The rival has played its turn: the learner's second hand has six cards (Statue of Anubis).
    expect(s.turn.seat).toBe(LEARNER);
    expect(s.players[LEARNER]?.hand).toHaveLength(6);
    // One card bought by each: four left in the pyramid.
    expect(s.pyramid.filter((c) => c !== null)).toHaveLength(4);
    expect(at()).toBe(6);
    expect(refusalKey(s, reads, { type: 'entomb', card: card(s, 'imseti-canopic-jar') })).toBe(
      'lesson.wrong.entomb-other-set',
    );
    s = learn(s, reads, { type: 'entomb', card: card(s, 'statue-of-bastet') });
    expect(at()).toBe(7);
    const buyable = legalActions(s, LEARNER).find((a) => a.type === 'buy') as ValleyAction;
    expect(refusalKey(s, reads, buyable)).toBe('lesson.wrong.buy-keeps-pyramid');
    s = learn(s, reads, endTurn(s));
    // Ending without a change of the pyramid asks for a sacrifice: still this step until it is answered.
    expect(at()).toBe(7);
    s = answerAll(s, reads);
    expect(at()).toBe(8);
    s = learn(s, reads, endTurn(s));
    s = answerAll(s, reads);
    expect(s.finished).toBe(true);
    expect(at()).toBe(lesson.steps);
    const outcome = valley.outcome(s);
    // Two different statues (4) beat the rival's entombed starters.
    expect(outcome?.results.find((r) => r.seat === LEARNER)?.rank).toBe(1);
    expect(lesson.text(s, at()).values).toMatchObject({ mine: 4 });
  });

  it('deals the same game every time: the deal is in the options', () => {
    const a = valley.setup({ ...lesson.options, players: 2 }, lesson.seed) as ValleyState;
    const b = valley.setup({ ...lesson.options, players: 2 }, lesson.seed) as ValleyState;
    expect(a).toEqual(b);
    expect(a.pyramid.map((c) => (c === null ? null : a.cards[c]))).toEqual([
      'heart-scarab-amulet',
      'ka-figurine',
      'statue-of-isis',
      'wadj-amulet',
      'book-of-the-dead',
      'hapi-canopic-jar',
    ]);
    expect(a.players[0]?.hand.map((c) => a.cards[c])).toContain('statue-of-anubis');
  });
});
