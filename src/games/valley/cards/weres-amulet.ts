import { handCardToOpponent } from './hand-card-to-opponent.ts';

/** Tombs are public, so the log names the card. */
export const weresAmulet = handCardToOpponent({
  id: 'weres-amulet',
  name: 'Weres Amulet',
  zone: 'tomb',
  draw: 3,
  cardPrompt: "which hand card goes into an opponent's tomb?",
  seatPrompt: 'into whose tomb?',
  public: true,
});
