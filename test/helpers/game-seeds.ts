import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';

/**
 * The seeds of the games an end-to-end test file starts through a lobby: `<base>-0`, `<base>-1`, … in the
 * order they are created. The base is SCARAB_SEED when set, else drawn per file; a failing test prints it
 * (test/helpers/report-seed.ts), and `SCARAB_SEED=<base> npm test -- <file>` deals the same cards again.
 * Kept per test file: a worker runs several files one after another with its modules loaded once.
 */
const files = new Map<string, { readonly base: string; dealt: number }>();

function currentFile(): { readonly base: string; dealt: number } {
  const path = expect.getState().testPath ?? '';
  let file = files.get(path);
  if (!file) {
    file = { base: process.env.SCARAB_SEED || randomBytes(6).toString('base64url'), dealt: 0 };
    files.set(path, file);
  }
  return file;
}

/** The next game's seed. */
export function nextGameSeed(): string {
  const file = currentFile();
  return `${file.base}-${file.dealt++}`;
}

/** This file's seed base, and how many games took a seed from it (none: nothing to report). */
export function seedsOfThisFile(): { readonly base: string; readonly dealt: number } {
  return currentFile();
}
