import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const axe: CardProgram = {
  id: 'axe',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: axe is not implemented');
  },
};
