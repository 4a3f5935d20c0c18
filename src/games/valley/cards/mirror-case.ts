import { ask, call, one, option, parseValue, slotOptions, slotValue } from '../choices.ts';
import { removeSource, takeFromPyramid } from '../effects.ts';
import { say, seatOf, slotOf } from '../messages.ts';
import { FALLS_FROM, occupiedSlots, SLOTS } from '../pyramid.ts';
import { log } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

/** The slots a card in `slot` can fall into: those that FALLS_FROM says it falls into. */
const BELOW: readonly (readonly number[])[] = SLOTS.map((slot) =>
  SLOTS.filter((x) => (FALLS_FROM[x] ?? []).includes(slot)),
);

const TOP = 5;

export const mirrorCase: CardProgram = {
  id: 'mirror-case',
  ...needs(say('needs.pyramid-card')),
  canExecute: (s) => occupiedSlots(s).length > 0,
  run(s, f, answers) {
    const seat = f.seat;
    if (f.step === 0) {
      const slots = occupiedSlots(s);
      if (slots.length > 1) {
        f.step = 1;
        return ask(
          seat,
          say('mirror-case.ask'),
          slotOptions(s, slots),
          say('mirror-case.public', { seat: seatOf(seat) }),
        );
      }
      f.v.slot = slots[0] as number;
      f.step = 2;
    }
    if (f.step === 1) {
      f.v.slot = parseValue(one(answers, seat), 's');
      f.step = 2;
    }
    if (f.step === 2) {
      f.step = 3;
      return call(takeFromPyramid(s, seat, f.v.slot as number, 'mirror-case'));
    }
    const card = f.src as number;
    let pending = answers;
    if (f.step === 3) {
      f.step = 4;
      // The source is in play, or set aside when Book of Gates revealed it.
      removeSource(s, seat, card);
      // The take left a hole, so some slot is empty. The top is occupied only when the pyramid already
      // had holes (late in the game): then, as when rebuilding, the first empty slot from the base up.
      const at = s.pyramid[TOP] === null ? TOP : (SLOTS.find((x) => s.pyramid[x] === null) as number);
      s.pyramid[at] = card;
      f.v.at = at;
      f.v.from = at;
      // No pyramid-changed flag of its own: the take has already set it.
      log(s, say('mirror-case.log-put', { seat: seatOf(seat), slot: slotOf(at) }));
    }
    // It falls like a crumbling card, one row at a time, as far as the empty slots below allow.
    for (;;) {
      const at = f.v.at as number;
      const empty = (BELOW[at] ?? []).filter((x) => s.pyramid[x] === null);
      let to: number;
      if (empty.length === 0) break;
      if (empty.length === 1) to = empty[0] as number;
      else if (pending) {
        to = parseValue(one(pending, seat), 's');
        pending = null;
      } else
        return ask(
          seat,
          say('mirror-case.ask-fall'),
          empty.map((x) => option(slotValue(x), say('mirror-case.into', { slot: slotOf(x) }))),
          say('mirror-case.public-fall', { seat: seatOf(seat) }),
        );
      s.pyramid[to] = card;
      s.pyramid[at] = null;
      f.v.at = to;
    }
    if (f.v.at !== f.v.from) log(s, say('mirror-case.log-fell', { slot: slotOf(f.v.at as number) }));
    return undefined;
  },
};
