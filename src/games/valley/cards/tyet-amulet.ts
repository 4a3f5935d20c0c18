import { ask, call, frame, one, option } from '../choices.ts';
import { cardIdOf, say, seatOf } from '../messages.ts';
import { programFor } from '../programs.ts';
import type { ValleyState } from '../state.ts';
import { log } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

/**
 * The rulebook forbids repeating Boat, Censer and Statue of Thoth. Repeating another Tyet Amulet is
 * left out as well: it could only repeat an action that this Tyet can repeat directly. Mirror Case and
 * Senet Game move their own card, which has left play (a repeat's card would be this Tyet Amulet), and
 * Hounds and Jackals Game could put this Tyet back into the hand to repeat it again, for ever.
 */
export const NOT_REPEATABLE = new Set([
  'boat',
  'censer',
  'statue-of-thoth',
  'tyet-amulet',
  'mirror-case',
  'senet-game',
  'hounds-and-jackals-game',
]);

function repeatable(s: ValleyState, seat: number, exclude: number | null): string[] {
  const kinds = [...new Set(s.turn.executed)].filter((id) => !NOT_REPEATABLE.has(id));
  return kinds.filter((id) => programFor(id)?.canExecute(s, seat, exclude));
}

export const tyetAmulet: CardProgram = {
  id: 'tyet-amulet',
  ...needs(say('tyet-amulet.needs')),
  canExecute: (s, seat, exclude) => s.turn.seat === seat && repeatable(s, seat, exclude).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      const kinds = repeatable(s, f.seat, null);
      if (kinds.length > 1)
        return ask(
          f.seat,
          say('tyet-amulet.ask'),
          kinds.map((id) => option(`k${id}`, say('option.card', { card: cardIdOf(id) }), id)),
          say('tyet-amulet.public', { seat: seatOf(f.seat) }),
        );
      f.v.kind = kinds[0] as string;
    }
    if (f.step === 1) {
      f.step = 2;
      const kind = answers ? one(answers, f.seat).slice(1) : (f.v.kind as string);
      s.turn.executed.push(kind);
      log(s, say('tyet-amulet.log', { seat: seatOf(f.seat), card: cardIdOf(kind) }));
      return call(frame(kind, f.seat, f.src));
    }
    return undefined;
  },
};
