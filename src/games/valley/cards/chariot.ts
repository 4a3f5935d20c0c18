import { ask, handOptions, one, parseValue } from '../choices.ts';
import { discardFromHand } from '../effects.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import { log, player } from '../zones.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';

export const chariot: CardProgram = {
  id: 'chariot',
  ...needs(say('chariot.needs')),
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length > 0 && s.boneyard.length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      const top = s.boneyard.at(-1) as number;
      return ask(
        f.seat,
        say('chariot.ask', { card: cardOf(s, top) }),
        handOptions(s, f.seat),
        say('chariot.public', { seat: seatOf(f.seat) }),
      );
    }
    discardFromHand(s, f.seat, parseValue(one(answers, f.seat), 'c'), 'chariot');
    const card = s.boneyard.pop() as number;
    player(s, f.seat).discard.push(card);
    log(s, say('chariot.log', { seat: seatOf(f.seat), card: cardOf(s, card) }));
    return undefined;
  },
};
