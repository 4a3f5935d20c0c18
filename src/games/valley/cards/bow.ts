import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const bow: CardProgram = {
  id: 'bow',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: bow is not implemented');
  },
};
