import { ButtonStyle } from 'discord-api-types/v10';
import { formatRating } from '../../ratings/model.ts';
import type { BoardPage } from '../../ratings/queries.ts';
import type { LeaderboardPicture } from '../../render/leaderboard-image.ts';
import { leaderboardCustomId } from '../leaderboard-id.ts';
import { button, clip, type Payload, row } from './payload.ts';
import { plainName } from './plain-name.ts';
import type { RatingPictures } from './rating-pictures.ts';

export interface LeaderboardContext {
  /** "Valley of the Kings". */
  readonly game: string;
  /** The game's type in the buttons; absent for the bot's first game. */
  readonly gameType?: string;
  readonly global: boolean;
  /** "Scarab Club" (the server's name) or "All servers". */
  readonly scope: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A board page as text and image, with Previous / Next and a switch between this server and global. */
export function leaderboardMessage(
  board: BoardPage,
  ctx: LeaderboardContext,
  pictures: RatingPictures,
): Payload {
  const nav = row(
    button(
      leaderboardCustomId({ global: ctx.global, page: board.page - 1, gameType: ctx.gameType }),
      '◀ Previous',
      ButtonStyle.Secondary,
      board.page <= 1,
    ),
    button(
      leaderboardCustomId({ global: ctx.global, page: board.page + 1, gameType: ctx.gameType }),
      'Next ▶',
      ButtonStyle.Secondary,
      board.page >= board.pages,
    ),
    button(
      leaderboardCustomId({ global: !ctx.global, page: 1, gameType: ctx.gameType }),
      ctx.global ? 'This server' : 'All servers',
      ButtonStyle.Primary,
    ),
  );
  const title = `🏆 **${ctx.game} · leaderboard** · ${plainName(ctx.scope)}`;
  if (board.players === 0) {
    return {
      content: [
        title,
        `Nobody is rated ${ctx.global ? 'anywhere' : 'in this server'} yet. A game counts when it finishes rated: at least two people, and no computer players unless the host chose a rated game.`,
      ].join('\n'),
      components: [nav],
      files: [],
      mentionUsers: [],
    };
  }
  const lines = board.rows.map(
    (r) =>
      `${r.place}. **${plainName(r.displayName)}** — ${formatRating(r.display)} · ${plural(r.games, 'game')} · ${plural(r.wins, 'win')}`,
  );
  const picture: LeaderboardPicture = {
    game: ctx.game,
    scope: ctx.scope,
    page: board.page,
    pages: board.pages,
    players: board.players,
    rows: board.rows.map((r) => ({
      place: r.place,
      name: r.displayName,
      rating: r.display,
      games: r.games,
      wins: r.wins,
    })),
  };
  const pic = pictures.leaderboard(picture);
  return {
    content: clip(
      [
        `${title} · page ${board.page} of ${board.pages} (${plural(board.players, 'rated player')})`,
        ...lines,
        '_Rating = μ − 3σ: it rises as Scarab becomes sure of a player’s skill. Only rated games count._',
      ].join('\n'),
      2000,
    ),
    components: [nav],
    files: [
      {
        attachment: pic.png,
        name: `leaderboard-${ctx.global ? 'global' : 'server'}-${board.page}.png`,
        description: pic.alt,
      },
    ],
    mentionUsers: [],
  };
}
