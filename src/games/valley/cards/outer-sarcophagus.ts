import { ask, handOptions, one, parseValue, seatOptions } from '../choices.ts';
import { draw, log, opponentsInTurnOrder, player, take } from '../zones.ts';
import { type CardProgram, handWithout } from './card-program.ts';

/** The card goes face down on the opponent's deck: the public log does not name it. */
export const outerSarcophagus: CardProgram = {
  id: 'outer-sarcophagus',
  needs: 'you need a card in hand',
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        "Outer Sarcophagus: which hand card goes on top of an opponent's deck?",
        handOptions(s, f.seat),
        `@${f.seat} is using Outer Sarcophagus`,
      );
    }
    if (f.step === 1) {
      f.v.card = parseValue(one(answers, f.seat), 'c');
      const opponents = opponentsInTurnOrder(s, f.seat);
      if (opponents.length > 1) {
        f.step = 2;
        return ask(
          f.seat,
          'Outer Sarcophagus: onto whose deck?',
          seatOptions(opponents),
          `@${f.seat} is using Outer Sarcophagus`,
        );
      }
      f.v.target = opponents[0] as number;
    } else f.v.target = parseValue(one(answers, f.seat), 'p');
    const target = f.v.target as number;
    const card = f.v.card as number;
    take(player(s, f.seat).hand, card);
    player(s, target).deck.push(card);
    const drawn = draw(s, f.seat, 1);
    log(
      s,
      `@${f.seat} put a card from their hand on top of @${target}'s deck and drew ${drawn} (Outer Sarcophagus)`,
    );
    return undefined;
  },
};
