import { ask, call, cardOptions, one, parseValue, slotOptions } from '../choices.ts';
import { catWindow, removeFromPyramid } from '../effects.ts';
import { occupiedSlots, SLOT_NAMES } from '../pyramid.ts';
import { def, log, nameOf, player, take } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

/**
 * Entomb a pyramid card, then sacrifice a set card of your tomb (the one just entombed may be chosen
 * when it is a set card). "If you do not have any set cards in your tomb to sacrifice, you cannot
 * entomb": the set card must be there before the action starts.
 */
export const brooch: CardProgram = {
  id: 'brooch',
  needs: 'you need a set card in your tomb and a card in the pyramid',
  canExecute: (s, seat) =>
    occupiedSlots(s).length > 0 && player(s, seat).tomb.some((c) => def(s, c).kind === 'set'),
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Brooch: entomb which card from the pyramid? Then you sacrifice a set card from your tomb.',
        slotOptions(s, occupiedSlots(s)),
        `@${f.seat} is using Brooch`,
      );
    }
    if (f.step === 1) {
      f.step = 2;
      const slot = parseValue(one(answers, f.seat), 's');
      const { card, crumble } = removeFromPyramid(s, slot, f.seat);
      p.tomb.push(card);
      log(s, `@${f.seat} entombed ${nameOf(s, card)} from the pyramid (${SLOT_NAMES[slot]}) (Brooch)`);
      return call(crumble);
    }
    if (f.step === 2) {
      f.step = 3;
      return ask(
        f.seat,
        'Brooch: sacrifice which set card from your tomb?',
        cardOptions(
          s,
          p.tomb.filter((c) => def(s, c).kind === 'set'),
        ),
        `@${f.seat} is choosing a set card of their tomb to sacrifice (Brooch)`,
      );
    }
    if (f.step === 3) {
      f.step = 4;
      const card = parseValue(one(answers, f.seat), 'c');
      take(p.tomb, card);
      s.boneyard.push(card);
      log(s, `@${f.seat} sacrificed ${nameOf(s, card)} from their tomb (Brooch)`);
      const w = catWindow(s, f.seat, card);
      if (w) return call(w);
    }
    return undefined;
  },
};
