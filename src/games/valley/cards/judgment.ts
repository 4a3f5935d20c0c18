import { ask, call, cardOptions, one, option, parseValue } from '../choices.ts';
import { catWindow } from '../effects.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import type { Option } from '../state.ts';
import { log, player, take } from '../zones.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';

const STOP = 'stop';

/**
 * Set-aside cards wait in `aside`, shown to everyone: the card does not hide them, and they go on the
 * boneyard face up anyway. The prompt names only the boneyard's current top card, since the player
 * may not examine the boneyard. The sacrifices are
 * the player's own choice, not an opponent's demand, so Offering Table is not offered.
 */
export const judgment: CardProgram = {
  id: 'judgment',
  ...needs(say('judgment.needs')),
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length > 0 && s.boneyard.length > 0,
  run(s, f, answers) {
    const seat = f.seat;
    const p = player(s, seat);
    let pending = answers;
    if (f.step === 0) {
      f.v.set = [];
      f.step = 1;
    }
    const set = f.v.set as number[];
    while (f.step === 1) {
      // Nothing left to set aside, or nothing left to take: the repetition ends by itself.
      if (!pending && (p.hand.length === 0 || s.boneyard.length === 0)) {
        f.step = 2;
        break;
      }
      let value: string;
      if (pending) {
        value = one(pending, seat);
        pending = null;
      } else {
        // "Stop" only once a card is set aside: the first part is the action itself.
        const options: Option[] = [
          ...cardOptions(s, p.hand),
          ...(set.length > 0 ? [option(STOP, say('option.stop'))] : []),
        ];
        const top = cardOf(s, s.boneyard.at(-1) as number);
        if (options.length > 1)
          return ask(
            seat,
            say(set.length === 0 ? 'judgment.ask' : 'judgment.ask-more', { card: top }),
            options,
            say('judgment.public', { seat: seatOf(seat) }),
          );
        value = (options[0] as Option).value;
      }
      if (value === STOP) {
        f.step = 2;
        break;
      }
      const card = parseValue(value, 'c');
      take(p.hand, card);
      p.aside.push(card);
      set.push(card);
      const taken = s.boneyard.pop() as number;
      p.discard.push(taken);
      log(
        s,
        say('judgment.log-set-aside', { seat: seatOf(seat), card: cardOf(s, card), taken: cardOf(s, taken) }),
      );
    }
    // One sacrifice at a time, each with its own Mummified Cat window, in the order the player picks.
    for (;;) {
      let card: number;
      if (f.step === 3 && pending) {
        card = parseValue(one(pending, seat), 'c');
        pending = null;
      } else {
        const left = set.filter((c) => p.aside.includes(c));
        if (left.length === 0) return undefined;
        const options = cardOptions(s, left);
        if (options.length > 1) {
          f.step = 3;
          return ask(
            seat,
            say('judgment.ask-order'),
            options,
            say('judgment.public-sacrifice', { seat: seatOf(seat) }),
          );
        }
        card = parseValue((options[0] as Option).value, 'c');
      }
      take(p.aside, card);
      s.boneyard.push(card);
      f.step = 2;
      log(s, say('judgment.log-sacrificed', { seat: seatOf(seat), card: cardOf(s, card) }));
      const w = catWindow(s, seat, card);
      if (w) return call(w);
    }
  },
};
