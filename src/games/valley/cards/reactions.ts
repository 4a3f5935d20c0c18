import { reactionOnly } from './card-program.ts';

export const offeringTable = reactionOnly(
  'offering-table',
  "when an opponent's action would make you discard or sacrifice",
);
export const boat = reactionOnly('boat', 'when an opponent buys a card');
export const mummifiedCat = reactionOnly('mummified-cat', 'when an opponent sacrifices a card');
