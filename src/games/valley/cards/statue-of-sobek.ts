import { ask, cardOptions, one, parseValue, seatOptions } from '../choices.ts';
import { discardFromAside } from '../effects.ts';
import { log, nameOf, opponentsInTurnOrder, player, popDeck, take } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

/** The three cards are revealed to everyone, so they wait publicly in `aside` while the owner decides. */
export const statueOfSobek: CardProgram = {
  id: 'statue-of-sobek',
  needs: 'you must be able to draw 3 cards (deck and discard pile together)',
  canExecute: (s, seat) => player(s, seat).deck.length + player(s, seat).discard.length >= 3,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      const revealed = [popDeck(s, f.seat), popDeck(s, f.seat), popDeck(s, f.seat)] as number[];
      p.aside.push(...revealed);
      f.v.cards = revealed;
      log(s, `@${f.seat} revealed ${revealed.map((c) => nameOf(s, c)).join(', ')} (Statue of Sobek)`);
      f.step = 1;
      return ask(
        f.seat,
        'Statue of Sobek: which revealed card do you discard?',
        cardOptions(s, revealed),
        `@${f.seat} is using Statue of Sobek`,
      );
    }
    const left = () => (f.v.cards as number[]).filter((c) => p.aside.includes(c));
    if (f.step === 1) {
      discardFromAside(s, f.seat, parseValue(one(answers, f.seat), 'c'), 'statue-of-sobek');
      f.step = 2;
      return ask(
        f.seat,
        'Statue of Sobek: which revealed card do you entomb?',
        cardOptions(s, left()),
        `@${f.seat} is using Statue of Sobek`,
      );
    }
    if (f.step === 2) {
      const card = parseValue(one(answers, f.seat), 'c');
      take(p.aside, card);
      p.tomb.push(card);
      log(s, `@${f.seat} entombed ${nameOf(s, card)} (Statue of Sobek)`);
      const opponents = opponentsInTurnOrder(s, f.seat);
      const last = left()[0] as number;
      if (opponents.length > 1) {
        f.step = 3;
        return ask(
          f.seat,
          `Statue of Sobek: whose discard pile gets ${nameOf(s, last)}?`,
          seatOptions(opponents),
          `@${f.seat} is using Statue of Sobek`,
        );
      }
      f.v.target = opponents[0] as number;
    } else f.v.target = parseValue(one(answers, f.seat), 'p');
    const last = left()[0] as number;
    const target = f.v.target as number;
    take(p.aside, last);
    player(s, target).discard.push(last);
    log(s, `@${f.seat} put ${nameOf(s, last)} on top of @${target}'s discard pile (Statue of Sobek)`);
    return undefined;
  },
};
