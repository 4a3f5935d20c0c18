import type { Seat } from '../../kernel/types.ts';
import { ask, cardOptions, one, parseValue, seatOptions } from '../choices.ts';
import { isSetCard, removeSource } from '../effects.ts';
import type { Option, ValleyState } from '../state.ts';
import { draw, log, nameOf, opponentsInTurnOrder, player, take } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

const setCards = (s: ValleyState, seat: Seat) => player(s, seat).hand.filter((c) => isSetCard(s, c));

/**
 * Giving a card is neither a discard nor a sacrifice, so Offering Table does not apply (as with Statue
 * of Bastet). A hand without set cards is shown to the Senet player alone (`turn.shown`, their view).
 */
export const senetGame: CardProgram = {
  id: 'senet-game',
  needs: '',
  canExecute: () => true,
  run(s, f, answers) {
    const seat = f.seat;
    if (f.step === 0) {
      const drawn = draw(s, seat, 1);
      log(s, drawn ? `@${seat} drew a card (Senet Game)` : `@${seat} had no card to draw (Senet Game)`);
      const opponents = opponentsInTurnOrder(s, seat);
      if (opponents.length > 1) {
        f.step = 1;
        return ask(
          seat,
          'Senet Game: put it on top of whose discard pile? That player gives you a set card or shows you a hand without one.',
          seatOptions(opponents),
          `@${seat} is using Senet Game`,
        );
      }
      f.v.target = opponents[0] as Seat;
      f.step = 2;
    }
    if (f.step === 1) {
      f.v.target = parseValue(one(answers, seat), 'p');
      f.step = 2;
    }
    const target = f.v.target as Seat;
    let value: string;
    if (f.step === 2) {
      // From play, or from aside when Book of Gates revealed it.
      removeSource(s, seat, f.src as number);
      player(s, target).discard.push(f.src as number);
      log(s, `@${seat} put Senet Game on top of @${target}'s discard pile`);
      const options = cardOptions(s, setCards(s, target));
      if (options.length === 0) {
        const shown = { from: target, to: seat, cards: [...player(s, target).hand] };
        s.turn.shown = [...(s.turn.shown ?? []), shown];
        log(s, `@${target} has no set card and showed their hand to @${seat}`);
        return undefined;
      }
      f.step = 3;
      if (options.length > 1)
        return ask(
          target,
          `Senet Game (@${seat}): put a set card from your hand on top of @${seat}'s discard pile.`,
          options,
          `@${target} is choosing a set card for @${seat} (Senet Game)`,
        );
      value = (options[0] as Option).value;
    } else value = one(answers, target);
    const card = parseValue(value, 'c');
    take(player(s, target).hand, card);
    player(s, seat).discard.push(card);
    log(s, `@${target} put ${nameOf(s, card)} on top of @${seat}'s discard pile (Senet Game)`);
    return undefined;
  },
};
