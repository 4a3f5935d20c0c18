import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const offeringChapel: CardProgram = {
  id: 'offering-chapel',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: offering-chapel is not implemented');
  },
};
