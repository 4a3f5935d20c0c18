import { ask, cardOptions, one, parseValue } from '../choices.ts';
import { say, seatOf } from '../messages.ts';
import { log, player, take } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

/**
 * The pile is shown to the player only through the question's options ("Search your discard pile");
 * identical copies are offered once, the deepest, so the pile's visible top stays put.
 */
export const antechamber: CardProgram = {
  id: 'antechamber',
  ...needs(say('needs.discard-card')),
  canExecute: (s, seat) => player(s, seat).discard.length > 0,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('antechamber.ask'),
        cardOptions(s, p.discard),
        say('antechamber.public', { seat: seatOf(f.seat) }),
      );
    }
    const card = parseValue(one(answers, f.seat), 'c');
    take(p.discard, card);
    p.hand.push(card);
    log(s, say('antechamber.log', { seat: seatOf(f.seat) }));
    return undefined;
  },
};
