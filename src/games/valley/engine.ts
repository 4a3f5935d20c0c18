import { refuse } from '../kernel/errors.ts';
import { joined } from '../kernel/message.ts';
import type { Seat } from '../kernel/types.ts';
import { cardPrograms } from './cards/index.ts';
import { type Answers, frame } from './choices.ts';
import { nextAxe } from './effects.ts';
import { cardOf, say, seatOf } from './messages.ts';
import { program, programFor, registerCardPrograms } from './programs.ts';
import { isBase, SLOT_NAMES } from './pyramid.ts';
import type { Instance, Json, ValleyAction, ValleyState } from './state.ts';
import { def, doubledCard, log, nameOf, paymentGold, player, ringPending, take } from './zones.ts';

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
  if (s.finished) refuse('finished', 'The game is over.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players.length)
    refuse('no-seat', `There is no seat ${seat}.`);
  const top = s.stack.at(-1);
  if (top?.q) {
    if (action.type !== 'answer') {
      const mine = top.q.asks.some((a) => a.seat === seat && top.q?.answers[String(seat)] === undefined);
      refuse(
        'waiting',
        mine
          ? 'First answer the question you were asked.'
          : top.q.publicText.startsWith('Waiting')
            ? `${top.q.publicText}.`
            : `The game is waiting: ${top.q.publicText}.`,
      );
    }
    answer(s, seat, action.value);
    return;
  }
  if (action.type === 'answer') refuse('no-question', 'Nobody asked you anything right now.');
  if (seat !== s.turn.seat) refuse('not-your-turn', 'It is not your turn.');
  if (action.type === 'buy') buy(s, seat, action.slot, action.pay);
  else if (action.type === 'play') play(s, seat, action.card);
  else if (action.type === 'entomb') entomb(s, seat, action.card);
  else endTurn(s, seat, action.top, action.beneath ?? []);
}

function answer(s: ValleyState, seat: Seat, value: string): void {
  const f = s.stack.at(-1);
  const q = f?.q;
  if (!f || !q) throw new Error('rules bug: answer without a question');
  const ask = q.asks.find((a) => a.seat === seat);
  if (!ask) refuse('not-asked', 'This decision is not yours to make.');
  if (q.answers[String(seat)] !== undefined) refuse('answered', 'You have already answered.');
  if (!ask.options.some((o) => o.value === value))
    refuse(
      'bad-option',
      `That is not one of the choices. Choose one of: ${ask.options.map((o) => o.label).join('; ')}.`,
    );
  q.answers[seat] = value;
  if (q.asks.every((a) => q.answers[a.seat] !== undefined)) {
    const answers = q.answers;
    f.q = null;
    resume(s, answers);
  }
}

function inHand(s: ValleyState, seat: Seat, card: Instance, what: string): void {
  if (!player(s, seat).hand.includes(card))
    refuse(
      'not-in-hand',
      `${what}: that card is not in your hand${s.cards[card] ? ` (${nameOf(s, card)})` : ''}.`,
    );
}

function buy(s: ValleyState, seat: Seat, slot: number, pay: Instance[]): void {
  if (!isBase(slot))
    refuse(
      'not-base',
      slot >= 3 && slot <= 5
        ? `Only the base of the pyramid can be bought; the ${SLOT_NAMES[slot]} card must crumble down first.`
        : `There is no pyramid slot ${slot}.`,
    );
  const card = s.pyramid[slot];
  if (card === null || card === undefined)
    refuse('empty-slot', `The ${SLOT_NAMES[slot]} of the pyramid is empty.`);
  if (new Set(pay).size !== pay.length) refuse('duplicate-payment', 'Each card can pay only once.');
  for (const c of pay) inHand(s, seat, c, 'Payment');
  const cost = def(s, card).cost;
  const gold = paymentGold(s, seat, pay);
  const doubled = doubledCard(s, seat, pay);
  const ring = doubled === null ? '' : ` (Ring doubles ${nameOf(s, doubled)})`;
  if (gold < cost)
    refuse('too-poor', `${nameOf(s, card)} costs ${cost}; those cards give ${gold} gold${ring}.`);
  const spare = pay.find((c) => paymentGold(s, seat, without(pay, c)) >= cost);
  if (spare !== undefined)
    refuse(
      'overpaying',
      `${nameOf(s, spare)} is not needed to pay for ${nameOf(s, card)}; keep it (extra gold would be lost).`,
    );
  const p = player(s, seat);
  for (const c of pay) {
    take(p.hand, c);
    p.play.push(c);
  }
  if (doubled !== null) delete s.turn.ring;
  const paid = pay
    .map((c) => (c === doubled ? `${nameOf(s, c)} (doubled by Ring)` : nameOf(s, c)))
    .join(' + ');
  const paidMsg = joined(
    pay.map((c) => say(c === doubled ? 'buy.doubled' : 'buy.paid', { card: cardOf(s, c) })),
    'valley.rules.list.plus',
  );
  s.stack.push(
    frame('buy', seat, null, { slot, paid, ...(paidMsg ? { paidMsg: paidMsg as unknown as Json } : {}) }),
  );
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
  inHand(s, seat, card, 'Play');
  const id = s.cards[card] as string;
  const prog = programFor(id);
  if (!prog?.canExecute(s, seat, card))
    refuse(
      'cannot-execute',
      `${nameOf(s, card)} cannot be executed now: ${prog?.needs ?? 'it has no action'}.`,
    );
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
  if (s.turn.entombed)
    refuse('already-entombed', 'You have already entombed a card this turn (once per turn).');
  inHand(s, seat, card, 'Entomb');
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
  if (top !== null && !mine(top))
    refuse('bad-top', 'The card to leave on top of your discard pile must be in your hand or in play.');
  if (beneath.length > 0) {
    if (top === null) refuse('bad-order', 'Choose the card on top before the cards beneath it.');
    if (!beneath.every(mine))
      refuse('bad-order', 'The cards to put beneath the top must be in your hand or in play.');
    if (new Set([top, ...beneath]).size !== beneath.length + 1)
      refuse('bad-order', 'Each card can take only one place in your discard pile.');
  }
  // Kept out of the frame when absent, so games stored before the order choice replay identically.
  s.stack.push(frame('end-turn', seat, null, beneath.length > 0 ? { top, beneath: [...beneath] } : { top }));
  resume(s, null);
}
