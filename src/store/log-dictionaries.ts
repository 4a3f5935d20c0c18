/**
 * The zlib dictionaries that what moves say is compressed with (log-codec.ts): `assets/log-dictionaries/
 * <game>-<n>.txt`, made by src/tools/log-dictionary.ts. A stored line names the dictionary it was written
 * with, so none may ever change (a test holds each to its SHA-256); a better one is the next number, and
 * new lines are written with the newest.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fromRoot } from '../paths.ts';

export const LOG_DICTIONARY_FOLDER = fromRoot('assets', 'log-dictionaries');

export interface LogDictionary {
  readonly game: string;
  readonly version: number;
  readonly bytes: Buffer;
}

function load(): Map<string, LogDictionary[]> {
  const byGame = new Map<string, LogDictionary[]>();
  if (!existsSync(LOG_DICTIONARY_FOLDER)) return byGame;
  for (const file of readdirSync(LOG_DICTIONARY_FOLDER).sort()) {
    const named = /^([a-z0-9-]+)-(\d+)\.txt$/.exec(file);
    if (!named) continue;
    const game = named[1] as string;
    const list = byGame.get(game) ?? [];
    list.push({ game, version: Number(named[2]), bytes: readFileSync(`${LOG_DICTIONARY_FOLDER}/${file}`) });
    byGame.set(
      game,
      list.sort((a, b) => a.version - b.version),
    );
  }
  return byGame;
}

const dictionaries = load();

/** The dictionary new lines of `game` are written with, if it has one. */
export function newestDictionary(game: string): LogDictionary | undefined {
  return dictionaries.get(game)?.at(-1);
}

/** The dictionary lines were written with; throws when this Scarab does not have it. */
export function dictionary(game: string, version: number): LogDictionary {
  const found = dictionaries.get(game)?.find((d) => d.version === version);
  if (!found) throw new Error(`no log dictionary ${game}-${version} in ${LOG_DICTIONARY_FOLDER}`);
  return found;
}

/** Every dictionary, for the test that holds them unchanged. */
export function allDictionaries(): LogDictionary[] {
  return [...dictionaries.values()].flat();
}
