import type { Message } from '../../kernel/message.ts';
import type { Seat } from '../../kernel/types.ts';
import { ask, handOptions, one, parseValue } from '../choices.ts';
import type { Instance, ValleyState } from '../state.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';

/** An action that is one choice of a hand card and then an effect on it (Horus, Osiris, Imseti). */
export function oneHandCard(o: {
  id: string;
  /** The question, the card's name included ("Statue of Horus: …"). */
  prompt: Message;
  /** What everyone else reads meanwhile ("@N is using …"). */
  publicText: (seat: Seat) => Message;
  needs: Message;
  /** Which hand cards qualify; all by default. */
  allowed?: (s: ValleyState, card: Instance) => boolean;
  effect: (s: ValleyState, seat: Seat, card: Instance) => void;
}): CardProgram {
  const allowed = o.allowed ?? (() => true);
  return {
    id: o.id,
    ...needs(o.needs),
    canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).some((c) => allowed(s, c)),
    run(s, f, answers) {
      if (f.step === 0) {
        f.step = 1;
        return ask(
          f.seat,
          o.prompt,
          handOptions(s, f.seat, (c) => allowed(s, c)),
          o.publicText(f.seat),
        );
      }
      o.effect(s, f.seat, parseValue(one(answers, f.seat), 'c'));
      return undefined;
    },
  };
}
