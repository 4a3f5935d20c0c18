/**
 * Leaderboard buttons: `s1:b:<page>:0:page:<s|g>[.<game type>]`, the page to show, the board (this
 * server's, or the global one) and, for any game but the bot's first, which game. The server is the
 * one the button is clicked in, so it is not carried.
 */
import { type CustomId, encodeCustomId } from '../table-kit/custom-id.ts';

export interface BoardTarget {
  readonly global: boolean;
  /** 1-based. */
  readonly page: number;
  /** Absent: the bot's first game. */
  readonly gameType?: string;
}

const GAME_TYPE = /^[a-z][a-z0-9-]{0,40}$/;

export function leaderboardCustomId(target: BoardTarget): string {
  return encodeCustomId({
    scope: 'board',
    gameId: Math.max(1, target.page),
    version: 0,
    verb: 'page',
    arg: `${target.global ? 'g' : 's'}${target.gameType ? `.${target.gameType}` : ''}`,
  });
}

/** null for anything but a leaderboard button this release draws. */
export function readLeaderboardId(id: CustomId): BoardTarget | null {
  if (id.scope !== 'board' || id.verb !== 'page' || id.version !== 0) return null;
  const [which, gameType, ...rest] = id.arg.split('.');
  if ((which !== 'g' && which !== 's') || rest.length > 0) return null;
  if (gameType === undefined) return { global: which === 'g', page: id.gameId };
  if (!GAME_TYPE.test(gameType)) return null;
  return { global: which === 'g', page: id.gameId, gameType };
}
