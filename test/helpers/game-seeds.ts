import { randomBytes } from 'node:crypto';

/**
 * The seeds of the games an end-to-end test file starts through a lobby: `<base>-0`, `<base>-1`, … in the
 * order they are created. The base is SCARAB_SEED when set, else drawn per file; a failing test prints it
 * (test/helpers/report-seed.ts), and `SCARAB_SEED=<base> npm test -- <file>` deals the same cards again.
 */
export const SEED_BASE = process.env.SCARAB_SEED || randomBytes(6).toString('base64url');

let dealt = 0;

/** The next game's seed. */
export function nextGameSeed(): string {
  return `${SEED_BASE}-${dealt++}`;
}

/** How many games of this file have taken a seed: a file that started none has no seed to report. */
export function seedsDealt(): number {
  return dealt;
}
