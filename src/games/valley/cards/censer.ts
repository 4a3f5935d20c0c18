import { ask, one, parseValue, seatOptions } from '../choices.ts';
import { removeSource } from '../effects.ts';
import type { ValleyState } from '../state.ts';
import { log, nameOf, opponentsInTurnOrder, player } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

const targets = (s: ValleyState, seat: number) =>
  opponentsInTurnOrder(s, seat).filter((o) => player(s, o).discard.length > 0);

export const censer: CardProgram = {
  id: 'censer',
  needs: "an opponent's discard pile must hold a card",
  canExecute: (s, seat) => targets(s, seat).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      const options = seatOptions(targets(s, f.seat)).map((o) => {
        const top = player(s, parseValue(o.value, 'p')).discard.at(-1) as number;
        return { ...o, label: `${o.label}: take ${nameOf(s, top)}` };
      });
      return ask(
        f.seat,
        "Censer: whose discard pile's top card do you take?",
        options,
        `@${f.seat} is using Censer`,
      );
    }
    const target = parseValue(one(answers, f.seat), 'p');
    const card = player(s, target).discard.pop() as number;
    player(s, f.seat).discard.push(card);
    const src = f.src as number;
    removeSource(s, f.seat, src);
    player(s, target).discard.push(src);
    log(s, `@${f.seat} took ${nameOf(s, card)} from @${target}'s discard pile and left Censer there`);
    return undefined;
  },
};
