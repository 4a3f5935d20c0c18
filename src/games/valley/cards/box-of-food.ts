import { ask, call, handOptions, one, parseValue } from '../choices.ts';
import { entombFromHand, sacrificeFromHand } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import type { Instance, ValleyState } from '../state.ts';
import { costOf, player } from '../zones.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';

/** Only cards that leave a cheaper card in hand may be sacrificed, so the entomb part stays possible. */
function sacrificeable(s: ValleyState, hand: Instance[]): Instance[] {
  return hand.filter((x) => hand.some((y) => y !== x && costOf(s, y) < costOf(s, x)));
}

export const boxOfFood: CardProgram = {
  id: 'box-of-food',
  ...needs(say('box-of-food.needs')),
  canExecute: (s, seat, exclude) => sacrificeable(s, handWithout(s, seat, exclude)).length > 0,
  run(s, f, answers) {
    const seat = f.seat;
    if (f.step === 0) {
      f.step = 1;
      const ok = sacrificeable(s, player(s, seat).hand);
      return ask(
        seat,
        say('box-of-food.ask'),
        handOptions(s, seat, (c) => ok.includes(c)),
        say('box-of-food.public', { seat: seatOf(seat) }),
      );
    }
    if (f.step === 1) {
      const card = parseValue(one(answers, seat), 'c');
      f.v.cost = costOf(s, card);
      f.step = 2;
      const w = sacrificeFromHand(s, seat, card);
      if (w) return call(w);
    }
    if (f.step === 2) {
      f.step = 3;
      const cost = f.v.cost as number;
      return ask(
        seat,
        say('box-of-food.ask-entomb', { cost }),
        handOptions(s, seat, (c) => costOf(s, c) < cost),
        say('box-of-food.public', { seat: seatOf(seat) }),
      );
    }
    entombFromHand(s, seat, parseValue(one(answers, seat), 'c'));
    return undefined;
  },
};
