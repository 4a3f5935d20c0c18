import { ask, handOptions, one, parseValue } from '../choices.ts';
import { discardFromHand } from '../effects.ts';
import { log, nameOf, player } from '../zones.ts';
import { type CardProgram, handWithout } from './card-program.ts';

export const chariot: CardProgram = {
  id: 'chariot',
  needs: 'you need a card in hand and the boneyard must hold a card',
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length > 0 && s.boneyard.length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      const top = s.boneyard.at(-1) as number;
      return ask(
        f.seat,
        `Chariot: discard a card, then take ${nameOf(s, top)} from the boneyard.`,
        handOptions(s, f.seat),
        `@${f.seat} is using Chariot`,
      );
    }
    discardFromHand(s, f.seat, parseValue(one(answers, f.seat), 'c'), 'chariot');
    const card = s.boneyard.pop() as number;
    player(s, f.seat).discard.push(card);
    log(s, `@${f.seat} took ${nameOf(s, card)} from the boneyard (Chariot)`);
    return undefined;
  },
};
