import type { RngState } from '../../kernel/rng.ts';
import type { Seat } from '../../kernel/types.ts';
import type { ValleyAction, ValleyState } from '../state.ts';

/**
 * A computer player: given the game and the seat it plays (one of `waitingFor(state)`), one of that
 * seat's legal actions. It reads the state only through `observe(state, seat)` (see observe.ts), so it
 * knows what a person in that seat would know. `rng` is the bot's own generator (never the game's, so a
 * bot's choices do not change the deal); it is advanced in place.
 */
export type Bot = (state: ValleyState, seat: Seat, rng: RngState) => ValleyAction;
