/**
 * Leaderboard buttons: `s1:b:<page>:0:page:<s|g>`, the page to show and the board (this server's, or the
 * global one). The server is the one the button is clicked in, so it is not carried.
 */
import { type CustomId, encodeCustomId } from './custom-id.ts';

export interface BoardTarget {
  readonly global: boolean;
  /** 1-based. */
  readonly page: number;
}

export function leaderboardCustomId(target: BoardTarget): string {
  return encodeCustomId({
    scope: 'board',
    gameId: Math.max(1, target.page),
    version: 0,
    verb: 'page',
    arg: target.global ? 'g' : 's',
  });
}

/** null for anything but a leaderboard button this release draws. */
export function readLeaderboardId(id: CustomId): BoardTarget | null {
  if (id.scope !== 'board' || id.verb !== 'page' || id.version !== 0) return null;
  if (id.arg !== 'g' && id.arg !== 's') return null;
  return { global: id.arg === 'g', page: id.gameId };
}
