import { cardOf, say, seatOf } from '../messages.ts';
import { handCardToOpponent } from './hand-card-to-opponent.ts';

/** Tombs are public, so the log names the card. */
export const weresAmulet = handCardToOpponent({
  id: 'weres-amulet',
  zone: 'tomb',
  draw: 3,
  cardPrompt: say('weres-amulet.ask-card'),
  seatPrompt: say('weres-amulet.ask-seat'),
  publicText: (seat) => say('weres-amulet.public', { seat: seatOf(seat) }),
  logText: (s, v) =>
    say('weres-amulet.log', {
      seat: seatOf(v.seat),
      card: cardOf(s, v.card),
      target: seatOf(v.target),
      drawn: v.drawn,
    }),
});
