import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Hex digits of the content's hash in a file's name. */
const HASH_DIGITS = 12;

/**
 * `contents` written under `dir` as `<prefix><hash><suffix>`, named by their hash: processes building the
 * same code at once share one file and an edited source gets a new one. Each writer renames its own
 * temporary file into place, so none reads another's half-written file. Files of the same name pattern
 * left untouched for a day (built from older sources) are deleted. Returns the file's path.
 */
export function writeContentNamed(dir: string, prefix: string, suffix: string, contents: Uint8Array): string {
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, HASH_DIGITS);
  const path = join(dir, `${prefix}${hash}${suffix}`);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, path);
    forgetOldContentNamed(dir, prefix, suffix, path);
  }
  return path;
}

/** Deletes the files of `dir` named `<prefix><hash><suffix>` untouched for a day, but `keep`. */
export function forgetOldContentNamed(dir: string, prefix: string, suffix: string, keep: string): void {
  const dayAgo = Date.now() - 24 * 3_600_000;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === keep || !isContentNamed(name, prefix, suffix)) continue;
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true });
    } catch (e) {
      // Deleted meanwhile by another process doing the same: nothing left to do. Anything else is real.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}

function isContentNamed(name: string, prefix: string, suffix: string): boolean {
  if (!name.startsWith(prefix) || !name.endsWith(suffix)) return false;
  const hash = name.slice(prefix.length, name.length - suffix.length);
  return hash.length === HASH_DIGITS && /^[0-9a-f]+$/.test(hash);
}
