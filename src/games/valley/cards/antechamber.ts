import type { CardProgram } from './card-program.ts';

// Placeholder while the card is written: it cannot be played.
export const antechamber: CardProgram = {
  id: 'antechamber',
  needs: 'not yet implemented',
  canExecute: () => false,
  run() {
    throw new Error('rules bug: antechamber is not implemented');
  },
};
