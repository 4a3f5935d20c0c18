import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const judgment: CardProgram = {
  id: 'judgment',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: judgment is not implemented');
  },
};
