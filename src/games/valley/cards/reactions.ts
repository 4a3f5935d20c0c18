import { say } from '../messages.ts';
import { reactionOnly } from './card-program.ts';

export const offeringTable = reactionOnly('offering-table', say('offering-table.when'));
export const boat = reactionOnly('boat', say('boat.when'));
export const mummifiedCat = reactionOnly('mummified-cat', say('mummified-cat.when'));
