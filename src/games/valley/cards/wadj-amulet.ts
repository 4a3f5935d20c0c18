import { ask, cardOptions, handOptions, one, parseValue } from '../choices.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import { log, player, take } from '../zones.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';

export const wadjAmulet: CardProgram = {
  id: 'wadj-amulet',
  ...needs(say('wadj-amulet.needs')),
  canExecute: (s, seat, exclude) =>
    handWithout(s, seat, exclude).length > 0 && player(s, seat).tomb.length > 0,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('wadj-amulet.ask'),
        handOptions(s, f.seat),
        say('wadj-amulet.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 1) {
      f.step = 2;
      f.v.in = parseValue(one(answers, f.seat), 'c');
      return ask(
        f.seat,
        say('wadj-amulet.ask-out'),
        cardOptions(s, p.tomb),
        say('wadj-amulet.public', { seat: seatOf(f.seat) }),
      );
    }
    const into = f.v.in as number;
    const out = parseValue(one(answers, f.seat), 'c');
    take(p.tomb, out);
    take(p.hand, into);
    p.tomb.push(into);
    p.hand.push(out);
    log(s, say('wadj-amulet.log', { seat: seatOf(f.seat), into: cardOf(s, into), out: cardOf(s, out) }));
    return undefined;
  },
};
