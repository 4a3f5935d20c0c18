/**
 * A game's options pin the card catalog versions it is dealt with (GameModule.catalogs), set as it starts.
 * Games stored before pins existed have none: their replay is dealt with the version whose deal is their
 * stored state — the parts of a state fixed at setup (card definitions, numbers, which card each is) are
 * what a catalog decides — or, when no kept version deals it (or no state is at hand), with the module's
 * fixed unpinned versions.
 */
import { pinsNote } from '../games/kernel/catalog-book.ts';
import { collectLines } from '../games/kernel/log.ts';
import type { AnyGame } from '../games/registry.ts';
import { partsOf, splitState } from './state-parts.ts';

/**
 * `options` pinned to today's catalogs, as a game starts (unchanged for a game dealt from no catalog); any
 * pin they carry is replaced. Options not yet checked are fine: `parseOptions` checks the result.
 */
export function pinOptions(module: AnyGame, options: unknown): unknown {
  return module.catalogs ? module.catalogs.pin(options) : options;
}

/**
 * The options JSON to replay a stored game with: `optionsJson` itself when it pins its catalogs, when the
 * game has none, or when its state is dealt by the unpinned rule; else pinned to the kept versions that deal
 * `stored` — any state of the game, as stored (its shared parts apart) or whole.
 */
export function dealtOptions(module: AnyGame, optionsJson: string, seed: string, stored: unknown): string {
  if (!module.catalogs || stored === null || stored === undefined) return optionsJson;
  let candidates: readonly unknown[];
  try {
    candidates = module.catalogs.candidates(module.parseOptions(JSON.parse(optionsJson)));
  } catch {
    // Options the rules refuse: the replay says why, with these very options.
    return optionsJson;
  }
  if (candidates.length <= 1) return optionsJson;
  const wanted = dealtParts(module, stored);
  if (wanted === null) return optionsJson;
  for (const [i, candidate] of candidates.entries()) {
    let parts: string;
    try {
      const dealt = collectLines(() => module.setup(candidate, seed)).value;
      parts = hashList(splitState(module, dealt).parts.map((p) => p.hash));
    } catch {
      // A kept version today's rules cannot deal with these options is not the one that dealt the game.
      continue;
    }
    if (parts === wanted) return i === 0 ? optionsJson : JSON.stringify(candidate);
  }
  return optionsJson;
}

/** The hashes of a state's shared parts, whatever their order; null when it has none to tell versions apart. */
function dealtParts(module: AnyGame, stored: unknown): string | null {
  let hashes: string[];
  if (typeof stored === 'string' && stored.includes('"$part"')) hashes = partsOf(stored);
  else {
    try {
      const state: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
      hashes = splitState(module, state).parts.map((p) => p.hash);
    } catch {
      return null;
    }
  }
  return hashes.length === 0 ? null : hashList(hashes);
}

const hashList = (hashes: readonly string[]): string => [...hashes].sort().join();

/**
 * "dealt with catalog valley-base@46838385fd2e, current is 0f1e2d3c4b5a" when the options (as replayed)
 * deal from a version other than today's; null when every catalog is today's (or the options are refused).
 */
export function catalogNote(module: AnyGame, optionsJson: string): string | null {
  if (!module.catalogs) return null;
  try {
    return pinsNote(module.catalogs.pins(module.parseOptions(JSON.parse(optionsJson))));
  } catch {
    return null;
  }
}
