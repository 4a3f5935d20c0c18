import type { Message } from '../kernel/message.ts';
import type { Seat } from '../kernel/types.ts';
import { cardIdOf, cardOf, say, seatOf, slotOf } from './messages.ts';
import type { Ask, Frame, Instance, Json, Option, Question, ValleyState } from './state.ts';
import { player } from './zones.ts';

/** What a program step returns: finished (undefined), a question to wait for, or a sub-program to run first. */
export type Step = undefined | { ask: Question } | { call: Frame };
export type Answers = Record<string, string>;

export const cardValue = (card: Instance): string => `c${card}`;
export const slotValue = (slot: number): string => `s${slot}`;
export const seatValue = (seat: Seat): string => `p${seat}`;

export function parseValue(value: string, prefix: 'c' | 's' | 'p'): number {
  if (!value.startsWith(prefix)) throw new Error(`expected a '${prefix}' option, got '${value}'`);
  return Number(value.slice(1));
}

/**
 * One option per distinct card: identical copies are interchangeable, so the player sees each once.
 * The copy offered is the first in `cards`: for a pile (bottom → top) the deepest one, so taking it
 * never changes the pile's visible top card.
 */
export function cardOptions(
  s: ValleyState,
  cards: readonly Instance[],
  suffix: Message | null = null,
): Option[] {
  // Asked at nearly every question of every playout of the search: a hand holds a few kinds, so a scan of
  // the options made so far finds a copy sooner than a map costs to make.
  const out: Option[] = [];
  for (const card of cards) {
    const id = s.cards[card] as string;
    let k = 0;
    while (k < out.length && (out[k] as Option).card !== id) k++;
    if (k < out.length) continue;
    out.push({
      value: cardValue(card),
      label:
        suffix === null
          ? say('option.card', { card: cardIdOf(id) })
          : say('option.card-and', { card: cardIdOf(id), more: `~${suffix.key}` }),
      card: id,
    });
  }
  return out;
}

/** Every card of a pile in order (for choices where position matters, e.g. the discard pile). */
export function handOptions(
  s: ValleyState,
  seat: Seat,
  filter: (card: Instance) => boolean = () => true,
): Option[] {
  return cardOptions(s, player(s, seat).hand.filter(filter));
}

export function slotOptions(s: ValleyState, slots: readonly number[]): Option[] {
  return slots.map((slot) => {
    const card = s.pyramid[slot] as Instance;
    return {
      value: slotValue(slot),
      label: say('option.slot', { card: cardOf(s, card), slot: slotOf(slot) }),
      card: s.cards[card] as string,
    };
  });
}

export function seatOptions(seats: readonly Seat[]): Option[] {
  return seats.map((seat) => ({
    value: seatValue(seat),
    label: say('option.seat', { seat: seatOf(seat) }),
  }));
}

export function ask(seat: Seat, prompt: Message, options: Option[], publicText: Message): { ask: Question } {
  if (options.length === 0) throw new Error(`rules bug: asked '${prompt.key}' with no options`);
  return {
    ask: {
      id: 0,
      asks: [{ seat, prompt, options }],
      answers: {},
      publicText,
      window: false,
    },
  };
}

export function askMany(asks: Ask[], publicText: Message, window: boolean): { ask: Question } {
  return { ask: { id: 0, asks, answers: {}, publicText, window } };
}

/** An option labelled `label`. */
export const option = (value: string, label: Message, card?: string): Option => ({
  value,
  label,
  ...(card === undefined ? {} : { card }),
});

export function one(answers: Answers | null, seat: Seat): string {
  const value = answers?.[String(seat)];
  if (value === undefined) throw new Error(`rules bug: no answer from seat ${seat}`);
  return value;
}

export function frame(
  kind: string,
  seat: Seat,
  src: Instance | null,
  v: { [key: string]: Json } = {},
): Frame {
  return { kind, seat, step: 0, src, v, q: null };
}

export const call = (f: Frame): { call: Frame } => ({ call: f });
