import { ask, handOptions, one, parseValue, seatOptions } from '../choices.ts';
import type { ValleyState } from '../state.ts';
import { draw, log, nameOf, opponentsInTurnOrder, player, take } from '../zones.ts';
import { type CardProgram, handWithout } from './card-program.ts';

/**
 * "Put a card from your hand into an opponent's <zone>. Draw N cards." (Weres Amulet, Outer
 * Sarcophagus): the card is chosen first, then the opponent (asked only with several opponents).
 */
export function handCardToOpponent(o: {
  id: string;
  name: string;
  zone: 'tomb' | 'deck';
  draw: number;
  cardPrompt: string;
  seatPrompt: string;
  /** Whether the log may name the card (a tomb is public; a deck is face down). */
  public: boolean;
}): CardProgram {
  const finish = (s: ValleyState, seat: number, card: number, target: number) => {
    take(player(s, seat).hand, card);
    player(s, target)[o.zone].push(card);
    const drawn = draw(s, seat, o.draw);
    const what = o.public ? nameOf(s, card) : 'a card from their hand';
    const where = o.zone === 'tomb' ? `into @${target}'s tomb` : `on top of @${target}'s deck`;
    log(s, `@${seat} put ${what} ${where} and drew ${drawn} (${o.name})`);
  };
  return {
    id: o.id,
    needs: 'you need a card in hand',
    canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length > 0,
    run(s, f, answers) {
      if (f.step === 0) {
        f.step = 1;
        return ask(
          f.seat,
          `${o.name}: ${o.cardPrompt}`,
          handOptions(s, f.seat),
          `@${f.seat} is using ${o.name}`,
        );
      }
      if (f.step === 1) {
        f.v.card = parseValue(one(answers, f.seat), 'c');
        const opponents = opponentsInTurnOrder(s, f.seat);
        if (opponents.length > 1) {
          f.step = 2;
          return ask(
            f.seat,
            `${o.name}: ${o.seatPrompt}`,
            seatOptions(opponents),
            `@${f.seat} is using ${o.name}`,
          );
        }
        finish(s, f.seat, f.v.card, opponents[0] as number);
        return undefined;
      }
      finish(s, f.seat, f.v.card as number, parseValue(one(answers, f.seat), 'p'));
      return undefined;
    },
  };
}
