import type {
  ButtonInteraction,
  ChatInputCommandInteraction,
  Guild,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { AnyAdapter } from '../../adapters/game-adapter.ts';
import { gameTitle } from '../../i18n/command-localizations.ts';
import { t } from '../../i18n/messages.ts';
import { summarize } from '../../ratings/player-stats.ts';
import { GLOBAL_SCOPE, scopeFor } from '../../ratings/scopes.ts';
import type { CustomId } from '../../table-kit/custom-id.ts';
import { serverLanguage, userLanguage } from '../language.ts';
import { readLeaderboardId } from '../leaderboard-id.ts';
import { type LeaderboardContext, leaderboardMessage } from '../messages/leaderboard-message.ts';
import { statsMessage } from '../messages/stats-message.ts';
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
): LeaderboardContext {
  const first = adapter === rt.tables.adapters.default;
  return {
    game: gameTitle(language, adapter.game.id, adapter.game.title),
    ...(first ? {} : { gameType: adapter.game.id }),
    global,
    scope: scopeName(language, guild, global),
    language,
  };
}

async function boardPayload(
  rt: Runtime,
  guildId: string,
  page: number,
  ctx: LeaderboardContext,
  adapter: AnyAdapter,
) {
  const board = await rt.tables.store.ratings.board(
    { gameType: adapter.game.id, scope: scopeFor(guildId, ctx.global) },
    page,
  );
  return leaderboardMessage(board, ctx, rt.ratingPictures);
}

/**
 * `/leaderboard [global] [game]`: a public board page, paged by anyone with its buttons. Public, so in
 * the server's language (`guild_locale`), whoever asks or clicks.
 */
export async function showLeaderboard(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.inGuild()) return say(i, 'error.guild-only');
  const adapter = ratedGame(rt, i.options.getString('game'));
  if (!adapter) return say(i, 'rating.no-such-game');
  const global = i.options.getBoolean('global') ?? false;
  await i.deferReply();
  const ctx = boardContext(rt, i.guild, global, adapter, serverLanguage(i));
  await i.editReply(editOptions(await boardPayload(rt, i.guildId, 1, ctx, adapter)));
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
  const ctx = boardContext(rt, i.guild, target.global, adapter, serverLanguage(i));
  await i.editReply(editOptions(await boardPayload(rt, i.guildId, target.page, ctx, adapter)));
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
    },
    rt.ratingPictures,
  );
  await i.editReply(editOptions(payload));
}
