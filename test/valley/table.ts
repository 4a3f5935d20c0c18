/**
 * Test verbs that read like the table: play a card by name, choose an option by its text, and read
 * zones back as card ids. Every verb goes through the public `apply`, so tests also prove that
 * apply never mutates its input.
 */
import { expect } from 'vitest';
import { en } from '../../src/adapters/english.ts';
import type { LogLine } from '../../src/games/kernel/log.ts';
import type { Message } from '../../src/games/kernel/message.ts';
import { apply } from '../../src/games/valley/index.ts';
import { legalActions } from '../../src/games/valley/legal-actions.ts';
import { say } from '../../src/games/valley/messages.ts';
import { type PositionSpec, position } from '../../src/games/valley/position.ts';
import type { CardId, Instance, ValleyAction, ValleyState } from '../../src/games/valley/state.ts';
import { view } from '../../src/games/valley/view.ts';

export { type PositionSpec, position };

/**
 * What a rules message says in English, seats written '@N', as the table writes it ('' for no message:
 * a view's prompt when nothing is asked). The rules hold messages only; tests read their English here.
 */
export const english = (m: Message | null | undefined): string => (m ? en(m) : '');

/** Eight different 2-gold cards of the base box: any three pay for a 6-cost card, in 56 ways. */
export const TWO_GOLD = [
  'chariot',
  'censer',
  'wadj-amulet',
  'tyet-amulet',
  'statue-of-anubis',
  'statue-of-bastet',
  'statue-of-horus',
  'statue-of-sobek',
];

export class Table {
  /** What the moves made through this table said, oldest first (the state keeps no log). */
  log: LogLine[] = [];

  constructor(public s: ValleyState) {}

  static from(spec: PositionSpec): Table {
    return new Table(position(spec));
  }

  /** Applies an action that must be legal; checks the old state was not changed. */
  act(seat: number, action: ValleyAction): this {
    const before = JSON.stringify(this.s);
    const r = apply(this.s, seat, action);
    expect(JSON.stringify(this.s)).toBe(before);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(action)} for seat ${seat}: ${en(r.error.msg)}`);
    this.s = r.state;
    this.log.push(...r.log);
    return this;
  }

  /** The refusal (its English) for an action that must be refused; checks nothing changed. */
  refused(seat: number, action: ValleyAction): string {
    const before = JSON.stringify(this.s);
    const r = apply(this.s, seat, action);
    expect(JSON.stringify(this.s)).toBe(before);
    if (r.ok) throw new Error(`expected ${JSON.stringify(action)} to be refused for seat ${seat}`);
    return en(r.error.msg);
  }

  /** The first instance of `id` in `seat`'s hand. */
  inHand(seat: number, id: CardId): Instance {
    const c = this.s.players[seat]?.hand.find((x) => this.s.cards[x] === id);
    if (c === undefined)
      throw new Error(`seat ${seat} has no ${id} in hand (hand: ${this.hand(seat).join(', ')})`);
    return c;
  }

  play(seat: number, id: CardId): this {
    return this.act(seat, { type: 'play', card: this.inHand(seat, id) });
  }

  entomb(seat: number, id: CardId): this {
    return this.act(seat, { type: 'entomb', card: this.inHand(seat, id) });
  }

  buy(seat: number, slot: number, pay: CardId[]): this {
    const hand = [...(this.s.players[seat]?.hand ?? [])];
    const instances = pay.map((id) => {
      const k = hand.findIndex((x) => this.s.cards[x] === id);
      if (k < 0) throw new Error(`seat ${seat} cannot pay with ${id}`);
      return hand.splice(k, 1)[0] as Instance;
    });
    return this.act(seat, { type: 'buy', slot, pay: instances });
  }

  endTurn(seat: number, top: CardId | null = null): this {
    const p = this.s.players[seat];
    const card =
      top === null
        ? null
        : ([...(p?.hand ?? []), ...(p?.play ?? [])].find((x) => this.s.cards[x] === top) ?? null);
    return this.act(seat, { type: 'end-turn', top: card });
  }

  /** The options `seat` is asked to choose from now, as labels (in English). */
  options(seat: number): string[] {
    const ask = this.s.stack.at(-1)?.q?.asks.find((a) => a.seat === seat);
    return ask?.options.map((o) => en(o.label)) ?? [];
  }

  /** What `seat` is asked to do now, in English ('' when nothing). */
  prompt(seat: number): string {
    const prompt = view(this.s, seat).prompt;
    return prompt ? en(prompt) : '';
  }

  /**
   * Answers with the option whose (English) label contains `text` (it must match exactly one option,
   * or equal one).
   */
  choose(seat: number, text: string): this {
    const ask = this.s.stack.at(-1)?.q?.asks.find((a) => a.seat === seat);
    if (!ask) throw new Error(`seat ${seat} is not being asked anything (waiting: ${this.waiting()})`);
    const exact = ask.options.filter((o) => en(o.label) === text || o.value === text);
    const matches = exact.length ? exact : ask.options.filter((o) => en(o.label).includes(text));
    if (matches.length !== 1)
      throw new Error(
        `'${text}' matches ${matches.length} of: ${ask.options.map((o) => en(o.label)).join(' | ')}`,
      );
    return this.act(seat, { type: 'answer', value: (matches[0] as { value: string }).value });
  }

  pass(seat: number): this {
    return this.choose(seat, 'Pass');
  }

  legal(seat: number): ValleyAction[] {
    return legalActions(this.s, seat);
  }

  waiting(): string {
    const q = this.s.stack.at(-1)?.q;
    if (q) return en(q.publicText);
    return this.s.finished ? 'finished' : `seat ${this.s.turn.seat} to play`;
  }

  ids(cards: readonly Instance[]): CardId[] {
    return cards.map((c) => this.s.cards[c] as CardId);
  }

  hand(seat: number): CardId[] {
    return this.ids(this.s.players[seat]?.hand ?? []);
  }
  deck(seat: number): CardId[] {
    return this.ids(this.s.players[seat]?.deck ?? []);
  }
  discard(seat: number): CardId[] {
    return this.ids(this.s.players[seat]?.discard ?? []);
  }
  tomb(seat: number): CardId[] {
    return this.ids(this.s.players[seat]?.tomb ?? []);
  }
  inPlay(seat: number): CardId[] {
    return this.ids(this.s.players[seat]?.play ?? []);
  }
  pyramid(): (CardId | null)[] {
    return this.s.pyramid.map((c) => (c === null ? null : (this.s.cards[c] as CardId)));
  }
  boneyard(): CardId[] {
    return this.ids(this.s.boneyard);
  }
  stock(): CardId[] {
    return this.ids(this.s.stock);
  }
  /** Whether playing `id` from `seat`'s hand is offered as a legal action. */
  canPlay(seat: number, id: CardId): boolean {
    return this.legal(seat).some((a) => a.type === 'play' && this.s.cards[a.card] === id);
  }
}

/** `count` answers ['v0', 'Choice 0'], ['v1', 'Choice 1']…: more than one menu of Discord's holds. */
export const choices = (count: number): [string, string][] =>
  Array.from({ length: count }, (_, k) => [`v${k}`, `Choice ${k}`]);

/**
 * Puts a question of the rules' shape on top of `t`'s stack (by a running frame of seat 0): `seat` is asked
 * `prompt` with these answers (value, label), and everyone reads `publicText`.
 */
export function ask(
  t: Table,
  seat: number,
  prompt: string,
  answers: readonly (readonly [string, string])[],
  publicText: Message = say('plain', { text: 'x' }),
): void {
  const options = answers.map(([value, label]) => ({ value, label: say('plain', { text: label }) }));
  const q = {
    id: 9,
    window: false,
    publicText,
    answers: {},
    asks: [{ seat, prompt: say('plain', { text: prompt }), options }],
  };
  t.s.stack.push({ kind: 'test', seat: 0, src: null, step: 0, v: {}, q } as never);
}
