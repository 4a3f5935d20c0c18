/**
 * Leaderboard buttons: `s1:b:<page>:0:page:<s|g>[.<game type>][~<season>]`, the page to show, the board
 * (this server's, or the global one), for any game but the bot's first which game, and which season: a
 * season's name, `now` for the scope's current one (the switch between this server and all servers, whose
 * calendars differ), or `all` for all-time. A button drawn before seasons carries none and shows all-time, as
 * it did. The server is the one the button is clicked in, so it is not carried.
 */
import { type CustomId, encodeCustomId } from '../table-kit/custom-id.ts';

export interface BoardTarget {
  readonly global: boolean;
  /** 1-based. */
  readonly page: number;
  /** Absent: the bot's first game. */
  readonly gameType?: string;
  /** A season's name (`2026-11`, `2026-Q4`), `current` (the scope's, when clicked), or absent: all-time. */
  readonly season?: string;
}

const GAME_TYPE = /^[a-z][a-z0-9-]{0,40}$/;
const SEASON = /^\d{4}-(\d\d|Q[1-4])$/;

export function leaderboardCustomId(target: BoardTarget): string {
  return encodeCustomId({
    scope: 'board',
    gameId: Math.max(1, target.page),
    version: 0,
    verb: 'page',
    arg: `${target.global ? 'g' : 's'}${target.gameType ? `.${target.gameType}` : ''}~${target.season === 'current' ? 'now' : (target.season ?? 'all')}`,
  });
}

/** null for anything but a leaderboard button this release draws (or one drawn before seasons). */
export function readLeaderboardId(id: CustomId): BoardTarget | null {
  if (id.scope !== 'board' || id.verb !== 'page' || id.version !== 0) return null;
  const [board, season, ...more] = id.arg.split('~');
  if (board === undefined || more.length > 0) return null;
  if (season !== undefined && season !== 'all' && season !== 'now' && !SEASON.test(season)) return null;
  const [which, gameType, ...rest] = board.split('.');
  if ((which !== 'g' && which !== 's') || rest.length > 0) return null;
  if (gameType !== undefined && !GAME_TYPE.test(gameType)) return null;
  return {
    global: which === 'g',
    page: id.gameId,
    ...(gameType === undefined ? {} : { gameType }),
    ...(season === undefined || season === 'all' ? {} : { season: season === 'now' ? 'current' : season }),
  };
}
