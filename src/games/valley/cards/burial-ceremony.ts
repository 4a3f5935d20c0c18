import { ask, cardOptions, one, option, parseValue } from '../choices.ts';
import { entombFromHand } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import type { Instance, ValleyState } from '../state.ts';
import { def, player } from '../zones.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';

const STOP = 'stop';

const starters = (s: ValleyState, hand: readonly Instance[]) =>
  hand.filter((c) => def(s, c).kind === 'starter');

/**
 * "Entomb any number of starter cards" from hand, outside the once-per-turn entomb. Entombing none would
 * be no action at all, so the first one is required and Stop is offered after it.
 */
export const burialCeremony: CardProgram = {
  id: 'burial-ceremony',
  ...needs(say('burial-ceremony.needs')),
  canExecute: (s, seat, exclude) => starters(s, handWithout(s, seat, exclude)).length > 0,
  run(s, f, answers) {
    let pending = answers;
    for (;;) {
      if (pending) {
        const value = one(pending, f.seat);
        pending = null;
        if (value === STOP) return undefined;
        entombFromHand(s, f.seat, parseValue(value, 'c'));
        f.v.count = ((f.v.count as number | undefined) ?? 0) + 1;
      }
      const left = starters(s, player(s, f.seat).hand);
      if (left.length === 0) return undefined;
      const first = f.v.count === undefined;
      return ask(
        f.seat,
        say(first ? 'burial-ceremony.ask' : 'burial-ceremony.ask-more'),
        [...cardOptions(s, left), ...(first ? [] : [option(STOP, say('option.stop'))])],
        say('burial-ceremony.public', { seat: seatOf(f.seat) }),
      );
    }
  },
};
