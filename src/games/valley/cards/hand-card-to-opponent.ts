import type { Message } from '../../kernel/message.ts';
import type { Seat } from '../../kernel/types.ts';
import { ask, handOptions, one, parseValue, seatOptions } from '../choices.ts';
import { say } from '../messages.ts';
import type { Instance, ValleyState } from '../state.ts';
import { draw, log, opponentsInTurnOrder, player, take } from '../zones.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';

/**
 * "Put a card from your hand into an opponent's <zone>. Draw N cards." (Weres Amulet, Outer
 * Sarcophagus): the card is chosen first, then the opponent (asked only with several opponents).
 */
export function handCardToOpponent(o: {
  id: string;
  zone: 'tomb' | 'deck';
  draw: number;
  /** The questions, the card's name included ("Weres Amulet: …"). */
  cardPrompt: Message;
  seatPrompt: Message;
  /** What everyone else reads meanwhile ("@N is using …"). */
  publicText: (seat: Seat) => Message;
  /**
   * The log line. It may name the card only where it lies face up (a tomb is public; a deck is face
   * down, so that message does not even hold it).
   */
  logText: (s: ValleyState, v: { seat: Seat; card: Instance; target: Seat; drawn: number }) => Message;
}): CardProgram {
  const finish = (s: ValleyState, seat: number, card: number, target: number) => {
    take(player(s, seat).hand, card);
    player(s, target)[o.zone].push(card);
    const drawn = draw(s, seat, o.draw);
    log(s, o.logText(s, { seat, card, target, drawn }));
  };
  return {
    id: o.id,
    ...needs(say('needs.hand-card')),
    canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length > 0,
    run(s, f, answers) {
      if (f.step === 0) {
        f.step = 1;
        return ask(f.seat, o.cardPrompt, handOptions(s, f.seat), o.publicText(f.seat));
      }
      if (f.step === 1) {
        f.v.card = parseValue(one(answers, f.seat), 'c');
        const opponents = opponentsInTurnOrder(s, f.seat);
        if (opponents.length > 1) {
          f.step = 2;
          return ask(f.seat, o.seatPrompt, seatOptions(opponents), o.publicText(f.seat));
        }
        finish(s, f.seat, f.v.card, opponents[0] as number);
        return undefined;
      }
      finish(s, f.seat, f.v.card as number, parseValue(one(answers, f.seat), 'p'));
      return undefined;
    },
  };
}
