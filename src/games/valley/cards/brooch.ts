import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const brooch: CardProgram = {
  id: 'brooch',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: brooch is not implemented');
  },
};
