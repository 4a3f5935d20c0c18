import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const senetGame: CardProgram = {
  id: 'senet-game',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: senet-game is not implemented');
  },
};
