import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const goddessNut: CardProgram = {
  id: 'goddess-nut',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: goddess-nut is not implemented');
  },
};
