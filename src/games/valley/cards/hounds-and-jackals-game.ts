import { ask, cardOptions, one, parseValue } from '../choices.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import type { Instance, Option, ValleyState } from '../state.ts';
import { log, player, take } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

const ID = 'hounds-and-jackals-game';

/** Returning itself would only let it be played again for nothing, in a loop. */
const returnable = (s: ValleyState, seat: number): Instance[] =>
  player(s, seat).play.filter((c) => s.cards[c] !== ID);

export const houndsAndJackalsGame: CardProgram = {
  id: ID,
  ...needs(say('hounds-and-jackals-game.needs')),
  canExecute: (s, seat) => returnable(s, seat).length > 0,
  run(s, f, answers) {
    const seat = f.seat;
    let value: string;
    if (f.step === 0) {
      const options = cardOptions(s, returnable(s, seat));
      if (options.length > 1) {
        f.step = 1;
        return ask(
          seat,
          say('hounds-and-jackals-game.ask'),
          options,
          say('hounds-and-jackals-game.public', { seat: seatOf(seat) }),
        );
      }
      value = (options[0] as Option).value;
    } else value = one(answers, seat);
    const card = parseValue(value, 'c');
    const p = player(s, seat);
    take(p.play, card);
    p.hand.push(card);
    log(s, say('hounds-and-jackals-game.log', { seat: seatOf(seat), card: cardOf(s, card) }));
    return undefined;
  },
};
