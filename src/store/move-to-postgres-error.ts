/** Why a move to PostgreSQL did not start or was undone: a message for the person running it. */
export class MoveError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MoveError';
  }
}

/**
 * The innermost error's message: drizzle wraps a failed query in an error quoting the whole statement and
 * its parameters (whole game states), while the driver's error beneath says what PostgreSQL refused.
 */
export function reason(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return inner instanceof Error ? inner.message : String(inner);
}
