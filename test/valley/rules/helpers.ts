/**
 * Small helpers shared by the rulebook tests: refusals of raw (possibly malformed) input with their
 * code, finishing a game from a prepared position, and collecting what a view reveals.
 */
import { expect } from 'vitest';
import englishCatalogue from '../../../assets/i18n/en.json' with { type: 'json' };
import { en } from '../../../src/adapters/english.ts';
import { apply } from '../../../src/games/valley/index.ts';
import type { Instance } from '../../../src/games/valley/state.ts';
import type { ValleyView } from '../../../src/games/valley/view.ts';
import type { Table } from '../table.ts';

const englishKeys: Record<string, string> = englishCatalogue;

/** A refusal as tests read it: its code and the English of its message. */
export interface Refusal {
  code: string;
  message: string;
}

/**
 * The error for an input that must be refused (any shape), as code and the English of its message;
 * checks the state did not change and that the refusal is a catalogue message (read by players of
 * every language), not a sentence of the rules.
 */
export function refusal(t: Table, seat: number, action: unknown): Refusal {
  const before = JSON.stringify(t.s);
  const r = apply(t.s, seat, action);
  expect(JSON.stringify(t.s)).toBe(before);
  if (r.ok) throw new Error(`expected ${JSON.stringify(action)} to be refused for seat ${seat}`);
  const { code, msg } = r.error;
  expect(typeof msg, `no message for '${code}'`).toBe('object');
  expect(englishKeys[msg.key], `'${msg.key}' in en.json`).toBeDefined();
  // A malformed action (only a bug or a forged click sends one) is refused by the kernel's message.
  if (code !== 'malformed') expect(msg.key).toMatch(/^valley\.rules\.refuse\./);
  return { code, message: en(msg) };
}

/**
 * Every card instance a view names, wherever it sits (card references carry `instance`; legal
 * actions carry `card`, `pay`, `top`, and answers a `c<instance>` value).
 */
export function instancesIn(v: ValleyView): Set<Instance> {
  const out = new Set<Instance>();
  const walk = (x: unknown, key: string): void => {
    if (key === 'defs' || key === 'log') return;
    if (Array.isArray(x)) {
      for (const y of x) walk(y, key);
      return;
    }
    if (x !== null && typeof x === 'object') {
      for (const [k, y] of Object.entries(x)) walk(y, k);
      return;
    }
    if (typeof x === 'number' && (key === 'instance' || key === 'card' || key === 'pay' || key === 'top'))
      out.add(x);
    // Answer values name card instances as `c<instance>`.
    if (typeof x === 'string' && key === 'value' && /^c\d+$/.test(x)) out.add(Number(x.slice(1)));
  };
  walk(v, '');
  return out;
}

/** The view as JSON without the card catalog (which names every card). */
export function visibleJson(v: ValleyView): string {
  const { defs: _defs, ...rest } = v;
  return JSON.stringify(rest);
}

/** Answers every pending question with its first option (a window's "Pass"), bounded. */
export function answerAllFirst(t: Table): void {
  for (let k = 0; k < 20 && !t.s.finished && t.s.stack.length > 0; k++) {
    const q = t.s.stack.at(-1)?.q;
    const ask = q?.asks.find((a) => q.answers[String(a.seat)] === undefined);
    const first = ask?.options[0];
    if (!ask || !first) throw new Error('stuck: nothing to answer');
    t.act(ask.seat, { type: 'answer', value: first.value });
  }
}

/** Ends the turn of the seat to move, taking the first option of every question it raises. */
export function passTurn(t: Table): void {
  t.endTurn(t.s.turn.seat);
  answerAllFirst(t);
}

/** Ends turns in seat order until the game is over (bounded). */
export function playOut(t: Table, maxTurns = 12): void {
  for (let k = 0; k < maxTurns && !t.s.finished; k++) passTurn(t);
  if (!t.s.finished) throw new Error(`game did not end within ${maxTurns} turns`);
}
