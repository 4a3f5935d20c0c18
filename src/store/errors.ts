/**
 * What the store refuses, as types the Discord layer can switch on. Each `message` is written for the person
 * who clicked; nothing was written to the database when one of these is thrown.
 */
import type { RuleError, Seat } from '../games/kernel/types.ts';
import type { GameStatus } from './schema.ts';

export type GameId = number;

export abstract class StoreError extends Error {
  abstract readonly code: string;
  constructor(
    readonly gameId: GameId,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class GameNotFoundError extends StoreError {
  readonly code = 'game-not-found';
  constructor(gameId: GameId) {
    super(gameId, `There is no game #${gameId}.`);
  }
}

const STATUS_MESSAGES: Record<GameStatus, string> = {
  lobby: 'This game has not started yet.',
  active: 'This game is in progress.',
  finished: 'This game is over.',
  cancelled: 'This game was cancelled.',
};

/**
 * The caller drew its buttons from `expectedVersion`; someone has moved since. Checked before the status, so
 * the loser of a race for the last move hears that the board changed, with `status` saying it is now over.
 */
export class StaleVersionError extends StoreError {
  readonly code = 'stale-version';
  constructor(
    gameId: GameId,
    readonly expectedVersion: number,
    readonly currentVersion: number,
    readonly status: GameStatus,
  ) {
    super(
      gameId,
      status === 'active'
        ? 'The board changed since this was shown; look at the latest board and try again.'
        : `The board changed since this was shown. ${STATUS_MESSAGES[status]}`,
    );
  }
}

/** The rules module refused the action; `ruleError` is its reason. */
export class RuleRefusedError extends StoreError {
  readonly code = 'rule-refused';
  constructor(
    gameId: GameId,
    readonly ruleError: RuleError,
  ) {
    // The rules say why as a message, for the table to write in its reader's language; this is for logs.
    super(gameId, `the rules refused it (${ruleError.code})`);
  }
}

/** The operation needs another status (an action on a finished game, joining a started one, ...). */
export class WrongStatusError extends StoreError {
  readonly code = 'wrong-status';
  constructor(
    gameId: GameId,
    readonly status: GameStatus,
    readonly needed: readonly GameStatus[],
  ) {
    super(gameId, STATUS_MESSAGES[status]);
  }
}

export class NotASeatError extends StoreError {
  readonly code = 'not-a-seat';
  constructor(
    gameId: GameId,
    readonly seat: Seat,
  ) {
    super(gameId, `Seat ${seat} is not part of game #${gameId}.`);
  }
}

export type LobbyProblem = 'full' | 'already-seated' | 'not-seated' | 'too-few-players' | 'bad-seat-order';

export class LobbyError extends StoreError {
  readonly code = 'lobby';
  constructor(
    gameId: GameId,
    readonly problem: LobbyProblem,
    message: string,
    /** What the message's numbers are, for writing it in another language. */
    readonly values: Readonly<Record<string, string | number>> = {},
  ) {
    super(gameId, message);
  }
}

/** The game module's `parseOptions` refused the options (its message is kept). */
export class InvalidOptionsError extends StoreError {
  readonly code = 'invalid-options';
}

/** The action cannot be stored as JSON (undefined, a function, a cycle, a BigInt). */
export class InvalidActionError extends StoreError {
  readonly code = 'invalid-action';
}

/** An import brought a game the store holds already (the same type, seed, options and moves): `gameId` is the one held. */
export class DuplicateGameError extends StoreError {
  readonly code = 'duplicate-game';
  constructor(gameId: GameId) {
    super(
      gameId,
      `it duplicates game #${gameId} (the same game, dealt from the same seed and played the same way)`,
    );
  }
}

/**
 * A person still holds a seat of a lobby or a running game, so forgetting them would leave a table without
 * its player: their seats are handed over first (src/discord/forget-person.ts), then they are forgotten.
 */
export class PersonStillSeatedError extends StoreError {
  readonly code = 'person-still-seated';
  constructor(readonly gameIds: readonly GameId[]) {
    super(
      gameIds[0] ?? 0,
      `They still hold a seat in game${gameIds.length === 1 ? '' : 's'} ${gameIds.map((id) => `#${id}`).join(', ')}: hand it over first.`,
    );
  }
}
