import { ask, cardOptions, one, parseValue } from '../choices.ts';
import { log, player, take } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

/**
 * The pile is shown to the player only through the question's options ("Search your discard pile");
 * identical copies are offered once, the deepest, so the pile's visible top stays put.
 */
export const antechamber: CardProgram = {
  id: 'antechamber',
  needs: 'your discard pile must hold a card',
  canExecute: (s, seat) => player(s, seat).discard.length > 0,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Antechamber: put which card from your discard pile into your hand?',
        cardOptions(s, p.discard),
        `@${f.seat} is searching their discard pile (Antechamber)`,
      );
    }
    const card = parseValue(one(answers, f.seat), 'c');
    take(p.discard, card);
    p.hand.push(card);
    log(s, `@${f.seat} put a card from their discard pile into their hand (Antechamber)`);
    return undefined;
  },
};
