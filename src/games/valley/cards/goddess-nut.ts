import { ask, call, one, option, parseValue, seatOptions, slotOptions } from '../choices.ts';
import { takeFromPyramid } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import type { ValleyState } from '../state.ts';
import { costOf, log, opponentsInTurnOrder } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';
import { lowestCostSlots } from './lowest-cost.ts';

const NOTHING = 'none';

function highestCostSlots(s: ValleyState): number[] {
  const slots = occupiedSlots(s);
  const max = Math.max(...slots.map((slot) => costOf(s, s.pyramid[slot] as number)));
  return slots.filter((slot) => costOf(s, s.pyramid[slot] as number) === max);
}

/**
 * Both parts are takes, not buys, so no Boat window opens. Two pyramid cards are needed: with one,
 * the opponent's optional take could leave the owner's mandatory take impossible. Offering Table has
 * nothing to refuse: the opponent is offered a card, never made to give one up.
 */
export const goddessNut: CardProgram = {
  id: 'goddess-nut',
  ...needs(say('goddess-nut.needs')),
  canExecute: (s, seat) => occupiedSlots(s).length >= 2 && opponentsInTurnOrder(s, seat).length > 0,
  run(s, f, answers) {
    const seat = f.seat;
    if (f.step === 0) {
      const opponents = opponentsInTurnOrder(s, seat);
      if (opponents.length > 1) {
        f.step = 1;
        return ask(
          seat,
          say('goddess-nut.ask'),
          seatOptions(opponents),
          say('goddess-nut.public', { seat: seatOf(seat) }),
        );
      }
      f.v.target = opponents[0] as number;
      f.step = 2;
    }
    if (f.step === 1) {
      f.v.target = parseValue(one(answers, seat), 'p');
      f.step = 2;
    }
    const target = f.v.target as number;
    if (f.step === 2) {
      f.step = 3;
      log(s, say('goddess-nut.log-selected', { seat: seatOf(seat), target: seatOf(target) }));
      // Ties for the lowest cost: the opponent chooses, so every tied card is an option.
      return ask(
        target,
        say('goddess-nut.ask-opponent', { seat: seatOf(seat) }),
        [
          ...slotOptions(s, lowestCostSlots(s)).map((o) =>
            option(o.value, say('goddess-nut.take', { option: o.label }), o.card),
          ),
          option(NOTHING, say('goddess-nut.take-nothing')),
        ],
        say('goddess-nut.public-opponent', { seat: seatOf(target) }),
      );
    }
    if (f.step === 3) {
      f.step = 4;
      const value = one(answers, target);
      if (value !== NOTHING)
        // The taker causes this crumble, so the opponent chooses at the base centre.
        return call(takeFromPyramid(s, target, parseValue(value, 's'), 'goddess-nut'));
      log(s, say('goddess-nut.log-nothing', { seat: seatOf(target) }));
    }
    if (f.step === 4) {
      const slots = highestCostSlots(s);
      if (slots.length > 1) {
        f.step = 5;
        return ask(
          seat,
          say('goddess-nut.ask-highest'),
          slotOptions(s, slots),
          say('goddess-nut.public', { seat: seatOf(seat) }),
        );
      }
      f.v.slot = slots[0] as number;
      f.step = 6;
    }
    if (f.step === 5) {
      f.v.slot = parseValue(one(answers, seat), 's');
      f.step = 6;
    }
    if (f.step === 6) {
      f.step = 7;
      return call(takeFromPyramid(s, seat, f.v.slot as number, 'goddess-nut'));
    }
    return undefined;
  },
};
