import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const houndsAndJackalsGame: CardProgram = {
  id: 'hounds-and-jackals-game',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: hounds-and-jackals-game is not implemented');
  },
};
