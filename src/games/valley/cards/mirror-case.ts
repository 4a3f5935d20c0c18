import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const mirrorCase: CardProgram = {
  id: 'mirror-case',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: mirror-case is not implemented');
  },
};
