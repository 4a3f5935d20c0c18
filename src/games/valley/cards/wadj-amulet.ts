import { ask, cardOptions, handOptions, one, parseValue } from '../choices.ts';
import { log, nameOf, player, take } from '../zones.ts';
import { type CardProgram, handWithout } from './card-program.ts';

export const wadjAmulet: CardProgram = {
  id: 'wadj-amulet',
  needs: 'you need a card in hand and a card in your tomb',
  canExecute: (s, seat, exclude) =>
    handWithout(s, seat, exclude).length > 0 && player(s, seat).tomb.length > 0,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Wadj Amulet: which hand card goes into your tomb?',
        handOptions(s, f.seat),
        `@${f.seat} is using Wadj Amulet`,
      );
    }
    if (f.step === 1) {
      f.step = 2;
      f.v.in = parseValue(one(answers, f.seat), 'c');
      return ask(
        f.seat,
        'Wadj Amulet: which tomb card comes back to your hand?',
        cardOptions(s, p.tomb),
        `@${f.seat} is using Wadj Amulet`,
      );
    }
    const into = f.v.in as number;
    const out = parseValue(one(answers, f.seat), 'c');
    take(p.tomb, out);
    take(p.hand, into);
    p.tomb.push(into);
    p.hand.push(out);
    log(
      s,
      `@${f.seat} swapped ${nameOf(s, into)} from hand with ${nameOf(s, out)} from their tomb (Wadj Amulet)`,
    );
    return undefined;
  },
};
