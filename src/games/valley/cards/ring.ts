import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const ring: CardProgram = {
  id: 'ring',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: ring is not implemented');
  },
};
