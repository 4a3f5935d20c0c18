import { ask, cardOptions, one, parseValue } from '../choices.ts';
import type { Instance, Option, ValleyState } from '../state.ts';
import { log, nameOf, player, take } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

const ID = 'hounds-and-jackals-game';

/** Returning itself would only let it be played again for nothing, in a loop. */
const returnable = (s: ValleyState, seat: number): Instance[] =>
  player(s, seat).play.filter((c) => s.cards[c] !== ID);

export const houndsAndJackalsGame: CardProgram = {
  id: ID,
  needs: 'you need another card in play (played this turn for gold or for its action)',
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
          'Hounds and Jackals Game: put which card in play into your hand?',
          options,
          `@${seat} is using Hounds and Jackals Game`,
        );
      }
      value = (options[0] as Option).value;
    } else value = one(answers, seat);
    const card = parseValue(value, 'c');
    const p = player(s, seat);
    take(p.play, card);
    p.hand.push(card);
    log(s, `@${seat} put ${nameOf(s, card)} from play back into their hand (Hounds and Jackals Game)`);
    return undefined;
  },
};
