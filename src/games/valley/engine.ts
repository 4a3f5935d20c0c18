import { refuse } from '../kernel/errors.ts';
import { joined, type Message, type MessageValues } from '../kernel/message.ts';
import type { Seat } from '../kernel/types.ts';
import { cardPrograms } from './cards/index.ts';
import { type Answers, frame } from './choices.ts';
import { nextAxe } from './effects.ts';
import { cardOf, say, seatOf, slotOf } from './messages.ts';
import { program, programFor, registerCardPrograms } from './programs.ts';
import { isBase } from './pyramid.ts';
import type { Instance, Json, ValleyAction, ValleyState } from './state.ts';
import { def, doubledCard, log, paymentGold, player, ringPending, take } from './zones.ts';

registerCardPrograms(cardPrograms);

/** Runs programs until one waits for an answer or the stack is empty. */
export function resume(s: ValleyState, answers: Answers | null): void {
  let pending = answers;
  for (;;) {
    const f = s.stack.at(-1);
    if (!f) {
      // The running action is complete: now the Axes it made someone discard.
      const axe = nextAxe(s);
      if (!axe) return;
      s.stack.push(axe);
      continue;
    }
    if (f.q) return;
    const step = program(f.kind).run(s, f, pending);
    pending = null;
    if (step === undefined) s.stack.pop();
    else if ('ask' in step) {
      s.questionSeq += 1;
      f.q = { ...step.ask, id: s.questionSeq };
    } else s.stack.push(step.call);
  }
}

export function applyAction(s: ValleyState, seat: Seat, action: ValleyAction): void {
  if (s.finished) no('finished');
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players.length) no('no-seat', { seat: String(seat) });
  const top = s.stack.at(-1);
  if (top?.q) {
    if (action.type !== 'answer') {
      const mine = top.q.asks.some((a) => a.seat === seat && top.q?.answers[String(seat)] === undefined);
      const what = top.q.publicText;
      if (mine) no('waiting', {}, 'answer-first');
      else if (SAYS_WAITING.has(what.key)) no('waiting', { what }, 'waiting-for');
      else no('waiting', { what });
    }
    answer(s, seat, action.value);
    return;
  }
  if (action.type === 'answer') no('no-question');
  if (seat !== s.turn.seat) no('not-your-turn');
  if (action.type === 'buy') buy(s, seat, action.slot, action.pay);
  else if (action.type === 'play') play(s, seat, action.card);
  else if (action.type === 'entomb') entomb(s, seat, action.card);
  else endTurn(s, seat, action.top, action.beneath ?? []);
}

/** The public texts that already say "Waiting …" (a reaction window's): refused as they are. */
const SAYS_WAITING: ReadonlySet<string> = new Set(['valley.rules.boat.waiting', 'valley.rules.cat.waiting']);

function answer(s: ValleyState, seat: Seat, value: string): void {
  const f = s.stack.at(-1);
  const q = f?.q;
  if (!f || !q) throw new Error('rules bug: answer without a question');
  const ask = q.asks.find((a) => a.seat === seat);
  if (!ask) no('not-asked');
  if (q.answers[String(seat)] !== undefined) no('answered');
  if (!ask.options.some((o) => o.value === value)) {
    const choices = joined(
      ask.options.map((o) => o.label),
      'valley.rules.list.semicolon',
    ) as Message;
    no('bad-option', { choices });
  }
  q.answers[seat] = value;
  if (q.asks.every((a) => q.answers[a.seat] !== undefined)) {
    const answers = q.answers;
    f.q = null;
    resume(s, answers);
  }
}

function inHand(s: ValleyState, seat: Seat, card: Instance, what: 'play' | 'entomb' | 'payment'): void {
  if (!player(s, seat).hand.includes(card))
    no('not-in-hand', { what, card: s.cards[card] ? cardOf(s, card) : 'none' });
}

/** Refuses with the message `valley.rules.refuse.<key>` (by default the code). */
function no(code: string, values: MessageValues = {}, key = code): never {
  return refuse(code, say(`refuse.${key}`, values));
}

function buy(s: ValleyState, seat: Seat, slot: number, pay: Instance[]): void {
  if (!isBase(slot))
    no(
      'not-base',
      slot >= 3 && slot <= 5 ? { slot: slotOf(slot) } : { slot: String(slot) },
      slot >= 3 && slot <= 5 ? 'not-base' : 'no-slot',
    );
  const card = s.pyramid[slot];
  if (card === null || card === undefined) no('empty-slot', { slot: slotOf(slot) });
  if (new Set(pay).size !== pay.length) no('duplicate-payment');
  for (const c of pay) inHand(s, seat, c, 'payment');
  const cost = def(s, card).cost;
  const gold = paymentGold(s, seat, pay);
  const doubled = doubledCard(s, seat, pay);
  const ring = doubled === null ? '' : say('refuse.ring', { card: cardOf(s, doubled) });
  if (gold < cost) no('too-poor', { card: cardOf(s, card), cost, gold, ring });
  const spare = pay.find((c) => paymentGold(s, seat, without(pay, c)) >= cost);
  if (spare !== undefined) no('overpaying', { spare: cardOf(s, spare), card: cardOf(s, card) });
  const p = player(s, seat);
  for (const c of pay) {
    take(p.hand, c);
    p.play.push(c);
  }
  if (doubled !== null) delete s.turn.ring;
  // Nothing paid (a card costing 0) is said as nothing.
  const paid =
    joined(
      pay.map((c) => say(c === doubled ? 'buy.doubled' : 'buy.paid', { card: cardOf(s, c) })),
      'valley.rules.list.plus',
    ) ?? say('plain', { text: '' });
  s.stack.push(frame('buy', seat, null, { slot, paid: paid as unknown as Json }));
  resume(s, null);
}

const without = (cards: readonly Instance[], card: Instance): Instance[] => {
  const k = cards.indexOf(card);
  return [...cards.slice(0, k), ...cards.slice(k + 1)];
};

/** Ring doubles the next card played, whatever it is played for; played otherwise than for gold, it is lost. */
function spendRing(s: ValleyState, seat: Seat, card: Instance, how: 'played' | 'entombed'): void {
  if (!ringPending(s, seat)) return;
  delete s.turn.ring;
  log(s, say('ring-spent', { seat: seatOf(seat), card: cardOf(s, card), how }));
}

function play(s: ValleyState, seat: Seat, card: Instance): void {
  inHand(s, seat, card, 'play');
  const id = s.cards[card] as string;
  const prog = programFor(id);
  if (!prog?.canExecute(s, seat, card))
    no('cannot-execute', {
      card: cardOf(s, card),
      why: prog ? (prog.needs ?? say('plain', { text: '' })) : say('refuse.no-action'),
    });
  const p = player(s, seat);
  take(p.hand, card);
  p.play.push(card);
  s.turn.executed.push(id);
  log(s, say('played', { seat: seatOf(seat), card: cardOf(s, card) }));
  spendRing(s, seat, card, 'played');
  s.stack.push(frame(id, seat, card));
  resume(s, null);
}

function entomb(s: ValleyState, seat: Seat, card: Instance): void {
  if (s.turn.entombed) no('already-entombed');
  inHand(s, seat, card, 'entomb');
  const p = player(s, seat);
  take(p.hand, card);
  p.tomb.push(card);
  s.turn.entombed = true;
  log(s, say('entombed', { seat: seatOf(seat), card: cardOf(s, card) }));
  spendRing(s, seat, card, 'entombed');
}

function endTurn(s: ValleyState, seat: Seat, top: Instance | null, beneath: readonly Instance[]): void {
  const p = player(s, seat);
  const mine = (c: Instance) => p.hand.includes(c) || p.play.includes(c);
  if (top !== null && !mine(top)) no('bad-top');
  if (beneath.length > 0) {
    if (top === null) no('bad-order', {}, 'top-first');
    if (!beneath.every(mine)) no('bad-order', {}, 'beneath-mine');
    if (new Set([top, ...beneath]).size !== beneath.length + 1) no('bad-order', {}, 'one-place');
  }
  // Kept out of the frame when absent, so games stored before the order choice replay identically.
  s.stack.push(frame('end-turn', seat, null, beneath.length > 0 ? { top, beneath: [...beneath] } : { top }));
  resume(s, null);
}
