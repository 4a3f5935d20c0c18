import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  Guild,
  RepliableInteraction,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { AnyAdapter } from '../../adapters/game-adapter.ts';
import { gameTitle } from '../../i18n/command-localizations.ts';
import { t } from '../../i18n/messages.ts';
import {
  type ComputerRecord,
  computerRecord,
  type GameAgainstComputers,
} from '../../ratings/computer-record.ts';
import { summarize } from '../../ratings/player-stats.ts';
import type { PlayedGame } from '../../ratings/rating-records.ts';
import { calendarOf } from '../../ratings/rating-steps.ts';
import { GLOBAL_SCOPE, scopeFor } from '../../ratings/scopes.ts';
import {
  ALL_TIME,
  type BoardSeason,
  type BoardSeasonRefusal,
  boardScope,
  boardSeason,
  CURRENT,
  PREVIOUS,
} from '../../ratings/season-boards.ts';
import type { CustomId } from '../../table-kit/custom-id.ts';
import { serverLanguage, userLanguage } from '../language.ts';
import { readLeaderboardId } from '../leaderboard-id.ts';
import { type LeaderboardContext, leaderboardMessage } from '../messages/leaderboard-message.ts';
import { seasonHeading, seasonLabel, seasonNameOf } from '../messages/season-label.ts';
import { type SeasonStanding, statsMessage } from '../messages/stats-message.ts';
import type { Runtime } from '../runtime.ts';
import { editOptions } from '../send.ts';
import { displayName, say } from './replies.ts';

/** "All servers", or the server's name ("This server" when Discord did not send the server). */
function scopeName(language: string, guild: Guild | null, global: boolean): string {
  if (global) return t(language, 'rating.scope.all-servers');
  return guild?.name ?? t(language, 'rating.scope.this-server');
}

/** A set's name in `language`, when the game's adapter names its sets in several languages. */
function setNameIn(adapter: AnyAdapter, language: string): (id: string) => string {
  // An adapter's `name(id)` may take the reader's language as a second argument; one that does not
  // ignores it and names the set as its catalog does.
  const favourites: { name(id: string, language: string): string } | undefined = adapter.favourites;
  return (id) => favourites?.name(id, language) ?? id;
}

/** The game a board or stats is about: the one named, else the bot's first. */
export function ratedGame(rt: Runtime, type: string | null | undefined): AnyAdapter | undefined {
  return type ? rt.tables.adapters.find(type) : rt.tables.adapters.default;
}

function boardContext(
  rt: Runtime,
  guild: Guild | null,
  global: boolean,
  adapter: AnyAdapter,
  language: string,
  board: BoardSeason,
): LeaderboardContext {
  const first = adapter === rt.tables.adapters.default;
  const where = scopeName(language, guild, global);
  return {
    game: gameTitle(language, adapter.game.id, adapter.game.title),
    ...(first ? {} : { gameType: adapter.game.id }),
    global,
    scope: board.kind === 'season' ? `${where} · ${seasonHeading(board.season.name, language)}` : where,
    language,
    ...(board.kind === 'season' ? { season: board.season.name } : {}),
  };
}

/** A board scope's seasons: this server's (its settings) or the global one, and those opened there. */
async function seasonsOf(rt: Runtime, guildId: string, global: boolean) {
  const scope = scopeFor(guildId, global);
  const store = rt.tables.store;
  const calendar = calendarOf(scope, global ? undefined : await store.guilds.get(guildId));
  return { calendar, opened: await store.ratings.seasons(scope) };
}

/** The board `choice` names in this server's scope or the global one (season-boards.ts). */
async function boardOf(
  rt: Runtime,
  guildId: string,
  global: boolean,
  choice: string | null,
): Promise<BoardSeason | BoardSeasonRefusal> {
  const { calendar, opened } = await seasonsOf(rt, guildId, global);
  const now = rt.clock.now();
  const typed = choice?.trim() ?? '';
  if (typed === '' || [CURRENT, PREVIOUS, ALL_TIME].includes(typed))
    return boardSeason(typed || null, now, calendar, opened);
  // A season typed as a board heads it ("November 2026 season (2026-11)"), in either language.
  const current = boardSeason(CURRENT, now, calendar, opened);
  const names = [
    ...opened.map((s) => s.name),
    ...('kind' in current && current.kind === 'season' ? [current.season.name] : []),
  ];
  return boardSeason(seasonNameOf(typed, names) ?? typed, now, calendar, opened);
}

/** Why a board cannot be shown, to whoever asked. */
function refuse(i: RepliableInteraction, why: BoardSeasonRefusal): Promise<void> {
  if (why.refused === 'off') return say(i, 'leaderboard.season-off');
  if (why.refused === 'no-previous') return say(i, 'leaderboard.no-previous');
  return say(i, 'leaderboard.unknown-season', { name: why.name });
}

/** Players an empty season's board names as closest to being ranked, at most. */
const CLOSE = 10;

async function boardPayload(
  rt: Runtime,
  guildId: string,
  page: number,
  ctx: LeaderboardContext,
  adapter: AnyAdapter,
  board: BoardSeason,
) {
  const scope = boardScope(scopeFor(guildId, ctx.global), board);
  const ratings = rt.tables.store.ratings;
  const shown = await ratings.board({ gameType: adapter.game.id, ...scope }, page);
  if (shown.players > 0 || board.kind !== 'season') return leaderboardMessage(shown, ctx, rt.ratingPictures);
  // Nobody ranked yet in the season: who has rated games in it, and how many, says how close they are.
  const playing = await ratings.board(
    { gameType: adapter.game.id, scope: scope.scope, minGames: 0 },
    1,
    CLOSE,
  );
  const close = [...playing.rows]
    .sort((a, b) => b.games - a.games || a.displayName.localeCompare(b.displayName))
    .map((r) => ({ name: r.displayName, games: r.games }));
  return leaderboardMessage(shown, { ...ctx, close }, rt.ratingPictures);
}

/**
 * `/leaderboard [global] [game] [season]`: a public board page, paged by anyone with its buttons: the
 * current season's while the server has seasons, unless another season or all-time is asked for. Public,
 * so in the server's language (`guild_locale`), whoever asks or clicks.
 */
export async function showLeaderboard(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.inGuild()) return say(i, 'error.guild-only');
  const adapter = ratedGame(rt, i.options.getString('game'));
  if (!adapter) return say(i, 'rating.no-such-game');
  const global = i.options.getBoolean('global') ?? false;
  const board = await boardOf(rt, i.guildId, global, i.options.getString('season'));
  if ('refused' in board) return refuse(i, board);
  await i.deferReply();
  const ctx = boardContext(rt, i.guild, global, adapter, serverLanguage(i), board);
  await i.editReply(editOptions(await boardPayload(rt, i.guildId, 1, ctx, adapter, board)));
}

/** A Previous / Next / switch button: the same message shows the page asked for. */
export async function onLeaderboardComponent(
  rt: Runtime,
  i: ButtonInteraction | StringSelectMenuInteraction,
  id: CustomId,
): Promise<void> {
  const target = readLeaderboardId(id);
  const adapter = target ? ratedGame(rt, target.gameType) : undefined;
  if (!target || !adapter) return say(i, 'leaderboard.old-button');
  if (!i.inGuild()) return say(i, 'leaderboard.guild-only');
  // Acknowledge first: drawing the page takes longer than Discord should wait for an answer.
  await i.deferUpdate();
  const board = await boardOf(rt, i.guildId, target.global, target.season ?? ALL_TIME);
  if ('refused' in board) return refuse(i, board);
  const ctx = boardContext(rt, i.guild, target.global, adapter, serverLanguage(i), board);
  await i.editReply(editOptions(await boardPayload(rt, i.guildId, target.page, ctx, adapter, board)));
}

/**
 * `/stats [user] [global] [game]`: games, wins, scores, favourites and ratings, with the rating history,
 * in the language of whoever asked.
 */
export async function showStats(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.inGuild()) return say(i, 'error.guild-only');
  const adapter = ratedGame(rt, i.options.getString('game'));
  if (!adapter) return say(i, 'rating.no-such-game');
  const language = userLanguage(i);
  const global = i.options.getBoolean('global') ?? false;
  const user = i.options.getUser('user') ?? i.user;
  const member = i.options.getMember('user');
  await i.deferReply();
  const store = rt.tables.store;
  const type = adapter.game.id;
  const q = { gameType: type, scope: scopeFor(i.guildId, global) };
  const played = await store.ratings.playedGames({
    gameType: type,
    userId: user.id,
    guildId: global ? null : i.guildId,
  });
  const standing = await store.ratings.standing(q, user.id);
  const name =
    user.id === i.user.id
      ? displayName(i)
      : member && 'displayName' in member && typeof member.displayName === 'string'
        ? member.displayName
        : (standing?.displayName ?? user.globalName ?? user.username);
  const favourites = adapter.favourites;
  const payload = statsMessage(
    {
      game: gameTitle(language, type, adapter.game.title),
      name,
      global,
      scope: scopeName(language, i.guild, global),
      language,
      record: summarize(played, favourites ? (state, seat) => favourites.of(state, seat) : undefined),
      setName: setNameIn(adapter, language),
      standing,
      globalStanding: global
        ? undefined
        : await store.ratings.standing({ ...q, scope: GLOBAL_SCOPE }, user.id),
      history: await store.ratings.history(q, user.id),
      seasons: await seasonStandings(rt, q, user.id, language),
      computers: await againstComputers(rt, played),
    },
    rt.ratingPictures,
  );
  await i.editReply(editOptions(payload));
}

/** Games /stats reads the computer seats of, at most: the latest. */
const COMPUTER_GAMES_READ = 500;

/** The record of a person's latest games with computer players (computer-record.ts). */
async function againstComputers(rt: Runtime, played: readonly PlayedGame[]): Promise<ComputerRecord | null> {
  const games: GameAgainstComputers[] = [];
  for (const g of played.slice(-COMPUTER_GAMES_READ)) {
    const game = await rt.tables.store.findGame(g.gameId);
    const computers = (game?.seats ?? []).flatMap((s) => (s.botKind ? [s.botKind] : []));
    if (computers.length > 0) games.push({ rank: g.rank, whole: g.whole, computers });
  }
  return computerRecord(games);
}

/** Seasons /stats lists at most: the latest a person played in. */
const SEASONS_SHOWN = 4;

/** A person's latest seasons in the scope of `q`, newest first: their rating there and their place. */
async function seasonStandings(
  rt: Runtime,
  q: { gameType: string; scope: string },
  userId: string,
  language: string,
): Promise<SeasonStanding[]> {
  const ratings = rt.tables.store.ratings;
  const out: SeasonStanding[] = [];
  for (const s of [...(await ratings.seasons(q.scope))].reverse()) {
    if (out.length === SEASONS_SHOWN) break;
    const season = {
      gameType: q.gameType,
      ...boardScope(q.scope, { kind: 'season', season: s, opened: true, current: false }),
    };
    const standing = await ratings.standing({ ...season, minGames: 0 }, userId);
    if (!standing) continue;
    out.push({
      season: seasonLabel(s.name, language),
      standing,
      ranked: await ratings.standing(season, userId),
    });
  }
  return out;
}

/** Seasons an autocomplete offers at most (Discord's limit). */
const OFFERED = 25;

/**
 * `/leaderboard season:` as it is typed: the current season, the previous one, all-time, then the scope's
 * past seasons newest first, those matching what was typed, each by its name in the reader's language.
 */
export async function seasonChoices(rt: Runtime, i: AutocompleteInteraction): Promise<void> {
  if (!i.inGuild()) return i.respond([]);
  const language = userLanguage(i);
  const typed = String(i.options.getFocused()).trim().toLowerCase();
  const global = i.options.getBoolean('global') ?? false;
  const { calendar, opened } = await seasonsOf(rt, i.guildId, global);
  const now = rt.clock.now();
  const named = (board: BoardSeason | BoardSeasonRefusal) =>
    'kind' in board && board.kind === 'season' ? seasonLabel(board.season.name, language) : null;
  const current = named(boardSeason(CURRENT, now, calendar, opened));
  const previous = named(boardSeason(PREVIOUS, now, calendar, opened));
  const choices = [
    ...(current ? [{ name: t(language, 'season.choice.current', { label: current }), value: CURRENT }] : []),
    ...(previous
      ? [{ name: t(language, 'season.choice.previous', { label: previous }), value: PREVIOUS }]
      : []),
    { name: t(language, 'season.choice.all-time'), value: ALL_TIME },
    ...[...opened]
      .reverse()
      .map((s) => ({ name: `${seasonLabel(s.name, language)} (${s.name})`, value: s.name })),
  ];
  return i.respond(
    choices
      .filter((c) => typed === '' || c.name.toLowerCase().includes(typed) || c.value.includes(typed))
      .slice(0, OFFERED)
      .map((c) => ({ name: c.name.slice(0, 100), value: c.value })),
  );
}
