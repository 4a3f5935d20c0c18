import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const necklace: CardProgram = {
  id: 'necklace',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: necklace is not implemented');
  },
};
