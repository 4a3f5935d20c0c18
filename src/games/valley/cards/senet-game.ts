import type { Seat } from '../../kernel/types.ts';
import { ask, cardOptions, one, parseValue, seatOptions } from '../choices.ts';
import { isSetCard, removeSource } from '../effects.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import type { Option, ValleyState } from '../state.ts';
import { draw, log, opponentsInTurnOrder, player, take } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

const setCards = (s: ValleyState, seat: Seat) => player(s, seat).hand.filter((c) => isSetCard(s, c));

/**
 * Giving a card is neither a discard nor a sacrifice, so Offering Table does not apply (as with Statue
 * of Bastet). A hand without set cards is shown to the Senet player alone (`turn.shown`, their view).
 */
export const senetGame: CardProgram = {
  id: 'senet-game',
  needs: null,
  canExecute: () => true,
  run(s, f, answers) {
    const seat = f.seat;
    if (f.step === 0) {
      const drawn = draw(s, seat, 1);
      log(s, say(drawn ? 'senet-game.log-drew' : 'senet-game.log-no-draw', { seat: seatOf(seat) }));
      const opponents = opponentsInTurnOrder(s, seat);
      if (opponents.length > 1) {
        f.step = 1;
        return ask(
          seat,
          say('senet-game.ask'),
          seatOptions(opponents),
          say('senet-game.public', { seat: seatOf(seat) }),
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
      log(s, say('senet-game.log-put', { seat: seatOf(seat), target: seatOf(target) }));
      const options = cardOptions(s, setCards(s, target));
      if (options.length === 0) {
        const shown = { from: target, to: seat, cards: [...player(s, target).hand] };
        s.turn.shown = [...(s.turn.shown ?? []), shown];
        log(s, say('senet-game.log-shown', { target: seatOf(target), seat: seatOf(seat) }));
        return undefined;
      }
      f.step = 3;
      if (options.length > 1)
        return ask(
          target,
          say('senet-game.ask-target', { seat: seatOf(seat) }),
          options,
          say('senet-game.public-target', { target: seatOf(target), seat: seatOf(seat) }),
        );
      value = (options[0] as Option).value;
    } else value = one(answers, target);
    const card = parseValue(value, 'c');
    take(player(s, target).hand, card);
    player(s, seat).discard.push(card);
    log(s, say('senet-game.log-gave', { target: seatOf(target), card: cardOf(s, card), seat: seatOf(seat) }));
    return undefined;
  },
};
