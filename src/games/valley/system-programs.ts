import type { Seat } from '../kernel/types.ts';
import { type Answers, ask, askMany, call, one, parseValue, type Step, slotOptions } from './choices.ts';
import { boatWindow, catWindow, removeFromPyramid, takeFromPyramid } from './effects.ts';
import { BASE, FALLS_FROM, occupiedSlots, pyramidEmpty, refill, SLOT_NAMES } from './pyramid.ts';
import type { Ask, Frame, Instance, ValleyState } from './state.ts';
import { draw, log, nameOf, newTurn, opponentsInTurnOrder, player, take } from './zones.ts';

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
          `The pyramid crumbles: which card falls into the ${SLOT_NAMES[slot]}?`,
          slotOptions(s, from),
          `@${f.seat} is choosing how the pyramid crumbles`,
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

function windowAsks(seats: Seat[], canReact: (seat: Seat) => boolean, reaction: string, prompt: string) {
  return seats.map(
    (seat): Ask => ({
      seat,
      prompt,
      options: [
        { value: 'pass', label: 'Pass' },
        ...(canReact(seat) ? [{ value: 'react', label: reaction }] : []),
      ],
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
          'Discard Boat and take a card from the base of the pyramid',
          `@${buyer} bought a card. React?`,
        ),
        'Waiting for reactions to the purchase',
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
      log(s, `@${user} discarded Boat to take a card from the base of the pyramid`);
      f.v.user = user;
      const slots = BASE.filter((slot) => s.pyramid[slot] !== null);
      return ask(
        user,
        'Boat: take which card from the base?',
        slotOptions(s, slots),
        `@${user} is choosing a card (Boat)`,
      );
    }
    if (f.step === 2 && answers) {
      f.step = 3;
      const user = f.v.user as Seat;
      return call(takeFromPyramid(s, user, parseValue(one(answers, user), 's'), 'with Boat'));
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
          `Discard Mummified Cat and take ${nameOf(s, card)}`,
          `@${f.seat} sacrificed ${nameOf(s, card)}. React?`,
        ),
        'Waiting for reactions to the sacrifice',
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
      log(s, `@${user} discarded Mummified Cat and took the sacrificed ${nameOf(s, card)}`);
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
      log(s, `@${f.seat} bought ${nameOf(s, card)} paying with ${f.v.paid as string}`);
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
      log(s, `@${seat} ended their turn`);
      if (!s.turn.pyramidChanged && !pyramidEmpty(s)) {
        f.step = 1;
        return ask(
          seat,
          'You did not change the pyramid this turn: sacrifice one of its cards.',
          slotOptions(s, occupiedSlots(s)),
          `@${seat} is choosing a pyramid card to sacrifice`,
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
      log(s, `@${seat} sacrificed ${nameOf(s, card)} from the pyramid (${SLOT_NAMES[slot]})`);
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
        log(
          s,
          'The stock and the pyramid are empty and everyone has had the same number of turns: the game ends',
        );
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
