/**
 * What a season's end tells a server (README.md, "Seasons"): the podium of each game's season board, and
 * the season's figures. Pure: the season, its boards and the server's games come from the store.
 */
import type { GameSummary } from '../store/records.ts';
import type { BoardRow } from './rating-records.ts';
import type { OpenedSeason } from './seasons.ts';

export interface SeasonFigures {
  /** Games finished in the server during the season (rated or not, every game type). */
  readonly games: number;
  /** Who played the most rated games in the season, every game counted, with how many (the better rating on a tie). */
  readonly mostActive: { readonly name: string; readonly games: number } | null;
  /** The finished game that lasted longest from its start to its end. */
  readonly longest: { readonly gameId: number; readonly type: string; readonly ms: number } | null;
  /** Where most of the season's games were played (the latest such channel on a tie); null: none. */
  readonly channelId: string | null;
}

const inSeason = (season: OpenedSeason, at: Date | null): boolean =>
  at !== null && season.startsAt <= at.getTime() && at.getTime() < season.endsAt;

/** The season's figures from the server's games and everyone on its season boards (any number of games). */
export function seasonFigures(
  season: OpenedSeason,
  games: readonly GameSummary[],
  players: readonly BoardRow[],
): SeasonFigures {
  const played = games.filter((g) => g.status === 'finished' && inSeason(season, g.finishedAt));
  const byChannel = new Map<string, { n: number; last: number }>();
  let longest: SeasonFigures['longest'] = null;
  for (const g of played) {
    const channel = g.channelId;
    const end = (g.finishedAt as Date).getTime();
    if (channel) {
      const c = byChannel.get(channel) ?? { n: 0, last: 0 };
      byChannel.set(channel, { n: c.n + 1, last: Math.max(c.last, end) });
    }
    const ms = end - (g.startedAt ?? g.createdAt).getTime();
    if (!longest || ms > longest.ms) longest = { gameId: g.id, type: g.type, ms };
  }
  const channels = [...byChannel.entries()].sort((a, b) => b[1].n - a[1].n || b[1].last - a[1].last);
  // A person on several games' boards played the sum of their games; the better rating breaks a tie.
  const byPerson = new Map<string, { name: string; games: number; display: number }>();
  for (const p of players) {
    const was = byPerson.get(p.userId);
    byPerson.set(p.userId, {
      name: was?.name ?? p.displayName,
      games: (was?.games ?? 0) + p.games,
      display: Math.max(was?.display ?? Number.NEGATIVE_INFINITY, p.display),
    });
  }
  const active = [...byPerson.values()].sort((a, b) => b.games - a.games || b.display - a.display)[0];
  return {
    games: played.length,
    mostActive: active ? { name: active.name, games: active.games } : null,
    longest,
    channelId: channels[0]?.[0] ?? null,
  };
}
