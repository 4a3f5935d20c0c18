import type { Message } from '../kernel/message.ts';
import type { Seat } from '../kernel/types.ts';
import {
  type Answers,
  ask,
  askMany,
  call,
  one,
  option,
  parseValue,
  type Step,
  slotOptions,
} from './choices.ts';
import { boatWindow, catWindow, removeFromPyramid, takeFromPyramid } from './effects.ts';
import { cardOf, say, seatOf, slotOf } from './messages.ts';
import { BASE, FALLS_FROM, occupiedSlots, pyramidEmpty, refill } from './pyramid.ts';
import type { Ask, Frame, Instance, ValleyState } from './state.ts';
import { draw, log, newTurn, opponentsInTurnOrder, player, take } from './zones.ts';

export interface Program {
  run(s: ValleyState, f: Frame, answers: Answers | null): Step;
}

/** Cards fall into the emptied slot from above, in a chain; the causer picks at the base centre. */
const crumble: Program = {
  run(s, f, answers) {
    let pending = answers;
    for (;;) {
      const slot = f.v.slot as number;
      const from = (FALLS_FROM[slot] ?? []).filter((x) => s.pyramid[x] !== null);
      let source: number;
      if (from.length === 0) return undefined;
      if (from.length === 1) source = from[0] as number;
      else if (pending) {
        source = parseValue(one(pending, f.seat), 's');
        pending = null;
      } else {
        return ask(
          f.seat,
          say('crumble.ask', { slot: slotOf(slot) }),
          slotOptions(s, from),
          say('crumble.public', { seat: seatOf(f.seat) }),
        );
      }
      s.pyramid[slot] = s.pyramid[source] as Instance;
      s.pyramid[source] = null;
      f.v.slot = source;
    }
  },
};

/** Resolution order of simultaneous reactions: turn order starting from the player whose turn it is. */
function inTurnOrder(s: ValleyState, seats: Seat[]): Seat[] {
  const n = s.players.length;
  return [...seats].sort((a, b) => ((a - s.turn.seat + n) % n) - ((b - s.turn.seat + n) % n));
}

/** The seat whose reaction resolves: the first in turn order of those who chose to react. */
function firstReactor(s: ValleyState, answers: Answers): Seat | undefined {
  // Every window ends here, mostly with nobody reacting: no arrays, only the seats in turn order.
  const n = s.players.length;
  for (let k = 0; k < n; k++) {
    const seat = (s.turn.seat + k) % n;
    if (answers[seat] === 'react') return seat;
  }
  return undefined;
}

function windowAsks(seats: Seat[], canReact: (seat: Seat) => boolean, reaction: Message, prompt: Message) {
  return seats.map(
    (seat): Ask => ({
      seat,
      prompt,
      options: [option('pass', say('option.pass')), ...(canReact(seat) ? [option('react', reaction)] : [])],
    }),
  );
}

const holds = (s: ValleyState, seat: Seat, cardId: string): Instance | undefined =>
  player(s, seat).hand.find((c) => s.cards[c] === cardId);

/** Boat: after an opponent's purchase and crumble, every other player may answer. */
const boatWindowProgram: Program = {
  run(s, f, answers) {
    const buyer = f.seat;
    if (f.step === 0) {
      f.step = 1;
      const seats = opponentsInTurnOrder(s, buyer);
      const baseHasCard = BASE.some((slot) => s.pyramid[slot] !== null);
      return askMany(
        windowAsks(
          seats,
          (seat) => baseHasCard && holds(s, seat, 'boat') !== undefined,
          say('boat.react'),
          say('boat.window', { seat: seatOf(buyer) }),
        ),
        say('boat.waiting'),
        true,
      );
    }
    if (f.step === 1 && answers) {
      f.step = 2;
      const user = firstReactor(s, answers);
      if (user === undefined) return undefined;
      const boat = holds(s, user, 'boat') as Instance;
      take(player(s, user).hand, boat);
      player(s, user).discard.push(boat);
      log(s, say('boat.log', { seat: seatOf(user) }));
      f.v.user = user;
      const slots = BASE.filter((slot) => s.pyramid[slot] !== null);
      return ask(user, say('boat.ask'), slotOptions(s, slots), say('boat.public', { seat: seatOf(user) }));
    }
    if (f.step === 2 && answers) {
      f.step = 3;
      const user = f.v.user as Seat;
      return call(takeFromPyramid(s, user, parseValue(one(answers, user), 's'), say('how.boat')));
    }
    return undefined;
  },
};

/** Mummified Cat: after any sacrifice, everyone but the sacrificer may take the card. */
const catWindowProgram: Program = {
  run(s, f, answers) {
    const card = f.v.card as Instance;
    if (f.step === 0) {
      f.step = 1;
      const seats = s.players.map((_, seat) => seat).filter((seat) => seat !== f.seat);
      return askMany(
        windowAsks(
          inTurnOrder(s, seats),
          (seat) => holds(s, seat, 'mummified-cat') !== undefined && s.boneyard.at(-1) === card,
          say('cat.react', { card: cardOf(s, card) }),
          say('cat.window', { seat: seatOf(f.seat), card: cardOf(s, card) }),
        ),
        say('cat.waiting'),
        true,
      );
    }
    if (answers) {
      const user = firstReactor(s, answers);
      if (user === undefined) return undefined;
      const cat = holds(s, user, 'mummified-cat') as Instance;
      const p = player(s, user);
      take(p.hand, cat);
      p.discard.push(cat);
      take(s.boneyard, card);
      p.discard.push(card);
      log(s, say('cat.log', { seat: seatOf(user), card: cardOf(s, card) }));
    }
    return undefined;
  },
};

/** A purchase: the cards paid are already in play; the bought card goes on the buyer's discard pile. */
const buy: Program = {
  run(s, f) {
    if (f.step === 0) {
      f.step = 1;
      const slot = f.v.slot as number;
      const { card, crumble: c } = removeFromPyramid(s, slot, f.seat);
      player(s, f.seat).discard.push(card);
      s.turn.boughtCosts.push(s.defs[s.cards[card] as string]?.cost ?? 0);
      const paid = f.v.paid as unknown as Message;
      log(s, say('buy.log', { seat: seatOf(f.seat), card: cardOf(s, card), paid }));
      return call(c);
    }
    if (f.step === 1) {
      f.step = 2;
      const w = boatWindow(s, f.seat);
      if (w) return call(w);
    }
    return undefined;
  },
};

/** Steps 2–4 of a turn: discard, rebuild the pyramid, draw a new hand; then the next player. */
const endTurn: Program = {
  run(s, f, answers) {
    const seat = f.seat;
    const p = player(s, seat);
    if (f.step === 0) {
      const top = f.v.top as Instance | null;
      const chosen = [...(top === null ? [] : [top]), ...((f.v.beneath as Instance[] | undefined) ?? [])];
      const rest = [...p.play, ...p.hand].filter((c) => !chosen.includes(c));
      // The pile is built bottom-up: the rest first, then the chosen cards with the top one last.
      p.discard.push(...rest, ...chosen.reverse());
      p.play = [];
      p.hand = [];
      s.turn.thoth = false;
      // Over with the turn (Ring: "does not carry over"), already while the pyramid is rebuilt.
      delete s.turn.ring;
      delete s.turn.shown;
      log(s, say('end.log', { seat: seatOf(seat) }));
      if (!s.turn.pyramidChanged && !pyramidEmpty(s)) {
        f.step = 1;
        return ask(
          seat,
          say('end.sacrifice-ask'),
          slotOptions(s, occupiedSlots(s)),
          say('end.sacrifice-public', { seat: seatOf(seat) }),
        );
      }
      f.step = 3;
    }
    if (f.step === 1 && answers) {
      f.step = 2;
      const slot = parseValue(one(answers, seat), 's');
      const { card, crumble: c } = removeFromPyramid(s, slot, seat);
      s.boneyard.push(card);
      f.v.sacrificed = card;
      log(s, say('end.sacrificed', { seat: seatOf(seat), card: cardOf(s, card), slot: slotOf(slot) }));
      return call(c);
    }
    if (f.step === 2) {
      f.step = 3;
      const w = catWindow(s, seat, f.v.sacrificed as Instance);
      if (w) return call(w);
    }
    if (f.step === 3) {
      refill(s);
      draw(s, seat, 5 + s.turn.extraDraw);
      s.turnsTaken[seat] = (s.turnsTaken[seat] ?? 0) + 1;
      const n = s.players.length;
      const next = (seat + 1) % n;
      const allEqual = s.turnsTaken.every((t) => t === s.turnsTaken[0]);
      if (s.stock.length === 0 && pyramidEmpty(s) && allEqual) {
        s.finished = true;
        log(s, say('end.game-ends'));
      }
      s.turn = newTurn(next, s.turn.number + 1);
    }
    return undefined;
  },
};

export const systemPrograms: Record<string, Program> = {
  crumble,
  buy,
  'end-turn': endTurn,
  'boat-window': boatWindowProgram,
  'cat-window': catWindowProgram,
};
