import { ask, handOptions, one, parseValue } from '../choices.ts';
import { entombFromHand } from '../effects.ts';
import { costOf } from '../zones.ts';
import { type CardProgram, handWithout } from './card-program.ts';

export const imsetiCanopicJar: CardProgram = {
  id: 'imseti-canopic-jar',
  needs: 'you need a card costing 4 or less in hand',
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).some((c) => costOf(s, c) <= 4),
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Imseti Canopic Jar: entomb a card costing 4 or less (it is shown to everyone).',
        handOptions(s, f.seat, (c) => costOf(s, c) <= 4),
        `@${f.seat} is using Imseti Canopic Jar`,
      );
    }
    entombFromHand(s, f.seat, parseValue(one(answers, f.seat), 'c'));
    return undefined;
  },
};
