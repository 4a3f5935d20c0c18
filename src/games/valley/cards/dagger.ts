import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const dagger: CardProgram = {
  id: 'dagger',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: dagger is not implemented');
  },
};
