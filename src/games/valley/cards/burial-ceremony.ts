import { ask, cardOptions, one, parseValue } from '../choices.ts';
import { entombFromHand } from '../effects.ts';
import type { Instance, ValleyState } from '../state.ts';
import { def, player } from '../zones.ts';
import { type CardProgram, handWithout } from './card-program.ts';

const STOP = 'stop';

const starters = (s: ValleyState, hand: readonly Instance[]) =>
  hand.filter((c) => def(s, c).kind === 'starter');

/**
 * "Entomb any number of starter cards" from hand, outside the once-per-turn entomb. Entombing none would
 * be no action at all, so the first one is required and Stop is offered after it.
 */
export const burialCeremony: CardProgram = {
  id: 'burial-ceremony',
  needs: 'you need a starter card in your hand',
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
        first
          ? 'Burial Ceremony: entomb which starter card from your hand?'
          : 'Burial Ceremony: entomb another starter card, or stop.',
        [...cardOptions(s, left), ...(first ? [] : [{ value: STOP, label: 'Stop' }])],
        `@${f.seat} is entombing starter cards (Burial Ceremony)`,
      );
    }
  },
};
