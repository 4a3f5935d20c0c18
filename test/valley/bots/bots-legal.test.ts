import { describe, expect, it } from 'vitest';
import { en } from '../../../src/adapters/english.ts';
import { nextInt, type RngState, seedRng, shuffleInPlace } from '../../../src/games/kernel/rng.ts';
import { type Bot, botMove, bots, getBot } from '../../../src/games/valley/bots/index.ts';
import { apply, valley, waitingFor } from '../../../src/games/valley/index.ts';
import { legalActions } from '../../../src/games/valley/legal-actions.ts';
import type { ValleyAction, ValleyState } from '../../../src/games/valley/state.ts';

const same = (a: ValleyAction, b: ValleyAction) => JSON.stringify(a) === JSON.stringify(b);

/** Plays a whole game through the public apply, checking every bot choice against legalActions. */
function playChecked(
  bot: Bot,
  players: number,
  seed: string,
  onDecision?: (s: ValleyState, seat: number, rng: RngState) => void,
) {
  let s = valley.setup({ players }, seed);
  const rng = seedRng(`${seed}/bots`);
  let decisions = 0;
  const kinds = new Set<string>();
  while (!s.finished) {
    const waiting = waitingFor(s);
    expect(waiting.length).toBeGreaterThan(0);
    const seat = waiting[nextInt(rng, waiting.length)] as number;
    onDecision?.(s, seat, rng);
    const action = bot(s, seat, rng);
    const legal = legalActions(s, seat);
    if (!legal.some((a) => same(a, action)))
      throw new Error(`seat ${seat} chose ${JSON.stringify(action)}, not among ${JSON.stringify(legal)}`);
    kinds.add(action.type === 'answer' ? `answer:${s.stack.at(-1)?.kind}` : action.type);
    const r = apply(s, seat, action);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(action)}: ${en(r.error.msg)}`);
    s = r.state;
    decisions++;
    expect(decisions).toBeLessThan(20_000);
  }
  return { s, decisions, kinds };
}

describe('computer players always choose a legal action', () => {
  it('the random bot, over 24 seeded games of 2, 3 and 4 players', () => {
    let decisions = 0;
    for (let g = 0; g < 24; g++) decisions += playChecked(bots.random, 2 + (g % 3), `random-${g}`).decisions;
    expect(decisions).toBeGreaterThan(24 * 100);
  });

  it('the heuristic bot, over 24 seeded games of 2, 3 and 4 players, answering many kinds of question', () => {
    const kinds = new Set<string>();
    for (let g = 0; g < 24; g++)
      for (const k of playChecked(bots.heuristic, 2 + (g % 3), `heuristic-${g}`).kinds) kinds.add(k);
    // It does more than buy and end turns: it plays actions and answers their questions.
    for (const k of ['buy', 'play', 'entomb', 'end-turn', 'answer:crumble', 'answer:statue-of-horus'])
      expect(kinds).toContain(k);
    expect([...kinds].filter((k) => k.startsWith('answer:')).length).toBeGreaterThan(15);
  });

  it('a mixed table, heuristic against random', () => {
    const mixed: Bot = (s, seat, rng) => (seat % 2 === 0 ? bots.heuristic : bots.random)(s, seat, rng);
    for (let g = 0; g < 8; g++) playChecked(mixed, 4, `mixed-${g}`);
  });
});

/**
 * Moves the cards the seat may not see: other hands and every deck (their contents mixed together,
 * sizes kept), the stock's order and the boneyard below its top.
 */
function scrambleHidden(s: ValleyState, seat: number, rng: RngState): ValleyState {
  const t = structuredClone(s);
  const pool: number[] = [];
  t.players.forEach((p, i) => {
    if (i !== seat) pool.push(...p.hand);
    pool.push(...p.deck);
  });
  pool.push(...t.stock);
  shuffleInPlace(rng, pool);
  t.players.forEach((p, i) => {
    if (i !== seat) p.hand = pool.splice(0, p.hand.length);
    p.deck = pool.splice(0, p.deck.length);
  });
  t.stock = pool.splice(0, t.stock.length);
  const top = t.boneyard.pop();
  shuffleInPlace(rng, t.boneyard);
  if (top !== undefined) t.boneyard.push(top);
  return t;
}

describe('a bot decides only from what its seat may see', () => {
  for (const name of ['heuristic', 'random'] as const)
    it(`${name}: the same choice whatever the hidden cards are`, () => {
      const bot = getBot(name);
      let compared = 0;
      let playsAfterScramble = 0;
      for (let g = 0; g < 4; g++) {
        const scrambler = seedRng(`scramble-${g}`);
        playChecked(bot, 2 + (g % 3), `hidden-${g}`, (s, seat, rng) => {
          if (nextInt(scrambler, 3) !== 0) return;
          const scrambled = scrambleHidden(s, seat, scrambler);
          const a = bot(s, seat, [...rng] as RngState);
          const b = bot(scrambled, seat, [...rng] as RngState);
          expect(b).toEqual(a);
          compared++;
          if (a.type === 'play') playsAfterScramble++;
        });
      }
      expect(compared).toBeGreaterThan(100);
      if (name === 'heuristic') expect(playsAfterScramble).toBeGreaterThan(5);
    });
});

describe('botMove, for callers without a generator of their own', () => {
  it('returns a legal action and the same one for the same position', () => {
    const s = valley.setup({ players: 3 }, 'bot-move');
    const seat = waitingFor(s)[0] as number;
    const a = botMove(s, seat);
    expect(legalActions(s, seat).some((x) => same(x, a))).toBe(true);
    expect(botMove(s, seat)).toEqual(a);
    expect(legalActions(s, seat).some((x) => same(x, botMove(s, seat, 'random')))).toBe(true);
  });

  it('refuses an unknown bot by name', () => {
    expect(() => getBot('genius')).toThrow(/unknown bot 'genius' \(known: random, easy, heuristic, search\)/);
  });
});
