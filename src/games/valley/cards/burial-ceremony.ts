import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const burialCeremony: CardProgram = {
  id: 'burial-ceremony',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: burial-ceremony is not implemented');
  },
};
