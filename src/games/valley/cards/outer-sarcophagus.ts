import { say, seatOf } from '../messages.ts';
import { handCardToOpponent } from './hand-card-to-opponent.ts';

/** The card goes face down on the opponent's deck: the public log (its message too) does not name it. */
export const outerSarcophagus = handCardToOpponent({
  id: 'outer-sarcophagus',
  zone: 'deck',
  draw: 1,
  cardPrompt: say('outer-sarcophagus.ask-card'),
  seatPrompt: say('outer-sarcophagus.ask-seat'),
  publicText: (seat) => say('outer-sarcophagus.public', { seat: seatOf(seat) }),
  logText: (_s, v) =>
    say('outer-sarcophagus.log', { seat: seatOf(v.seat), target: seatOf(v.target), drawn: v.drawn }),
});
