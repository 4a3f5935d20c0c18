import { ask, handOptions, one, parseValue, seatOptions } from '../choices.ts';
import { draw, log, nameOf, opponentsInTurnOrder, player, take } from '../zones.ts';
import { type CardProgram, handWithout } from './card-program.ts';

export const weresAmulet: CardProgram = {
  id: 'weres-amulet',
  needs: 'you need a card in hand',
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        "Weres Amulet: which hand card goes into an opponent's tomb?",
        handOptions(s, f.seat),
        `@${f.seat} is using Weres Amulet`,
      );
    }
    if (f.step === 1) {
      f.v.card = parseValue(one(answers, f.seat), 'c');
      const opponents = opponentsInTurnOrder(s, f.seat);
      if (opponents.length > 1) {
        f.step = 2;
        return ask(
          f.seat,
          'Weres Amulet: into whose tomb?',
          seatOptions(opponents),
          `@${f.seat} is using Weres Amulet`,
        );
      }
      f.v.target = opponents[0] as number;
    } else f.v.target = parseValue(one(answers, f.seat), 'p');
    const target = f.v.target as number;
    const card = f.v.card as number;
    take(player(s, f.seat).hand, card);
    player(s, target).tomb.push(card);
    const drawn = draw(s, f.seat, 3);
    log(s, `@${f.seat} put ${nameOf(s, card)} into @${target}'s tomb and drew ${drawn} (Weres Amulet)`);
    return undefined;
  },
};
