import { ButtonStyle } from 'discord-api-types/v10';
import { t } from '../../i18n/messages.ts';
import { formatCount, formatRating } from '../../ratings/model.ts';
import type { BoardPage } from '../../ratings/queries.ts';
import { MIN_SEASON_GAMES } from '../../ratings/seasons.ts';
import type { LeaderboardPicture } from '../../render/leaderboard-image.ts';
import { countOf } from '../../render/rating-text.ts';
import { button, clip, type Payload, row } from '../../table-kit/payload.ts';
import { leaderboardCustomId } from '../leaderboard-id.ts';
import { plainName } from './plain-name.ts';
import type { RatingPictures } from './rating-pictures.ts';

export interface LeaderboardContext {
  /** "Valley of the Kings", in the reader's language. */
  readonly game: string;
  /** The game's type in the buttons; absent for the bot's first game. */
  readonly gameType?: string;
  readonly global: boolean;
  /** "Scarab Club" (the server's name) or "All servers", in the reader's language. */
  readonly scope: string;
  /** The reader's language: the person who ran /leaderboard or clicked its buttons. */
  readonly language: string;
  /** The season shown (its name, as the buttons carry it); absent: the all-time board. */
  readonly season?: string;
  /** On a season's board that ranks nobody yet: who has rated games in it, most first. */
  readonly close?: readonly { readonly name: string; readonly games: number }[];
}

/** A board page as text and image, with Previous / Next and a switch between this server and global. */
export function leaderboardMessage(
  board: BoardPage,
  ctx: LeaderboardContext,
  pictures: RatingPictures,
): Payload {
  const lang = ctx.language;
  const target = {
    global: ctx.global,
    gameType: ctx.gameType,
    ...(ctx.season ? { season: ctx.season } : {}),
  };
  const nav = row(
    button(
      leaderboardCustomId({ ...target, page: board.page - 1 }),
      t(lang, 'leaderboard.button.previous'),
      ButtonStyle.Secondary,
      board.page <= 1,
    ),
    button(
      leaderboardCustomId({ ...target, page: board.page + 1 }),
      t(lang, 'leaderboard.button.next'),
      ButtonStyle.Secondary,
      board.page >= board.pages,
    ),
    button(
      // The other scope's calendar may differ: its current season, or all-time as here.
      leaderboardCustomId({
        global: !ctx.global,
        page: 1,
        gameType: ctx.gameType,
        ...(ctx.season ? { season: 'current' } : {}),
      }),
      t(lang, ctx.global ? 'leaderboard.button.this-server' : 'leaderboard.button.all-servers'),
      ButtonStyle.Primary,
    ),
  );
  const title = t(lang, 'leaderboard.title', { game: ctx.game, scope: plainName(ctx.scope) });
  if (board.players === 0) {
    return {
      content: [
        title,
        ctx.season
          ? t(lang, 'leaderboard.empty-season', {
              games: MIN_SEASON_GAMES,
              close:
                ctx.close && ctx.close.length > 0
                  ? ctx.close
                      .map((p) =>
                        t(lang, 'leaderboard.close-player', {
                          name: plainName(p.name),
                          games: p.games,
                          need: MIN_SEASON_GAMES,
                        }),
                      )
                      .join(', ')
                  : 'none',
            })
          : t(lang, 'leaderboard.empty', { where: ctx.global ? 'global' : 'server' }),
      ].join('\n'),
      components: [nav],
      files: [],
      mentionUsers: [],
    };
  }
  const lines = board.rows.map(
    (r) =>
      `${formatCount(r.place, lang)}. **${plainName(r.displayName)}** — ${formatRating(r.display, lang)} · ${countOf(lang, 'games', r.games)} · ${countOf(lang, 'wins', r.wins)}`,
  );
  const picture: LeaderboardPicture = {
    game: ctx.game,
    scope: ctx.scope,
    language: lang,
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
        t(lang, 'leaderboard.heading', {
          title,
          page: formatCount(board.page, lang),
          pages: formatCount(board.pages, lang),
          players: countOf(lang, 'rated-players', board.players),
        }),
        ...lines,
        t(lang, 'leaderboard.note'),
        ...(ctx.season ? [t(lang, 'leaderboard.season-note', { games: MIN_SEASON_GAMES })] : []),
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
