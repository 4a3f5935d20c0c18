import { ask, call, cardOptions, one, parseValue, slotOptions } from '../choices.ts';
import { catWindow, removeFromPyramid } from '../effects.ts';
import { cardOf, say, seatOf, slotOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import { def, log, player, take } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

/**
 * Entomb a pyramid card, then sacrifice a set card of your tomb (the one just entombed may be chosen
 * when it is a set card). "If you do not have any set cards in your tomb to sacrifice, you cannot
 * entomb": the set card must be there before the action starts.
 */
export const brooch: CardProgram = {
  id: 'brooch',
  ...needs(say('brooch.needs')),
  canExecute: (s, seat) =>
    occupiedSlots(s).length > 0 && player(s, seat).tomb.some((c) => def(s, c).kind === 'set'),
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('brooch.ask'),
        slotOptions(s, occupiedSlots(s)),
        say('brooch.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 1) {
      f.step = 2;
      const slot = parseValue(one(answers, f.seat), 's');
      const { card, crumble } = removeFromPyramid(s, slot, f.seat);
      p.tomb.push(card);
      log(s, say('brooch.log-entombed', { seat: seatOf(f.seat), card: cardOf(s, card), slot: slotOf(slot) }));
      return call(crumble);
    }
    if (f.step === 2) {
      f.step = 3;
      return ask(
        f.seat,
        say('brooch.ask-sacrifice'),
        cardOptions(
          s,
          p.tomb.filter((c) => def(s, c).kind === 'set'),
        ),
        say('brooch.public-sacrifice', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 3) {
      f.step = 4;
      const card = parseValue(one(answers, f.seat), 'c');
      take(p.tomb, card);
      s.boneyard.push(card);
      log(s, say('brooch.log-sacrificed', { seat: seatOf(f.seat), card: cardOf(s, card) }));
      const w = catWindow(s, f.seat, card);
      if (w) return call(w);
    }
    return undefined;
  },
};
