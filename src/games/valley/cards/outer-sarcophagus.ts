import { handCardToOpponent } from './hand-card-to-opponent.ts';

/** The card goes face down on the opponent's deck: the public log does not name it. */
export const outerSarcophagus = handCardToOpponent({
  id: 'outer-sarcophagus',
  name: 'Outer Sarcophagus',
  zone: 'deck',
  draw: 1,
  cardPrompt: "which hand card goes on top of an opponent's deck?",
  seatPrompt: 'onto whose deck?',
  public: false,
});
