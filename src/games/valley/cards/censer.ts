import { ask, one, option, parseValue, seatOptions } from '../choices.ts';
import { removeSource } from '../effects.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import type { ValleyState } from '../state.ts';
import { log, opponentsInTurnOrder, player } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

const targets = (s: ValleyState, seat: number) =>
  opponentsInTurnOrder(s, seat).filter((o) => player(s, o).discard.length > 0);

export const censer: CardProgram = {
  id: 'censer',
  ...needs(say('censer.needs')),
  canExecute: (s, seat) => targets(s, seat).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      const options = seatOptions(targets(s, f.seat)).map((o) => {
        const target = parseValue(o.value, 'p');
        const top = player(s, target).discard.at(-1) as number;
        return option(o.value, say('censer.option', { seat: seatOf(target), card: cardOf(s, top) }));
      });
      return ask(f.seat, say('censer.ask'), options, say('censer.public', { seat: seatOf(f.seat) }));
    }
    const target = parseValue(one(answers, f.seat), 'p');
    const card = player(s, target).discard.pop() as number;
    player(s, f.seat).discard.push(card);
    const src = f.src as number;
    removeSource(s, f.seat, src);
    player(s, target).discard.push(src);
    log(s, say('censer.log', { seat: seatOf(f.seat), card: cardOf(s, card), target: seatOf(target) }));
    return undefined;
  },
};
