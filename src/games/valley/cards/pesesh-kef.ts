import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const peseshKef: CardProgram = {
  id: 'pesesh-kef',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: pesesh-kef is not implemented');
  },
};
