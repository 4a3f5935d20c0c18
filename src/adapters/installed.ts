import { archaeologyAdapter } from './archaeology/index.ts';
import type { AnyAdapter } from './game-adapter.ts';
import { valleyAdapter } from './valley/index.ts';

/**
 * The games this bot hosts, registered here explicitly (importing a game registers nothing). A new
 * game adds its adapter to this list and its rules module to `src/games/registry.ts`.
 */
export function installedAdapters(): AnyAdapter[] {
  return [valleyAdapter(), archaeologyAdapter()];
}
