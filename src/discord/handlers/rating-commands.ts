import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction } from 'discord.js';
import { valley } from '../../games/valley/index.ts';
import { scoreSeat } from '../../games/valley/score.ts';
import type { ValleyState } from '../../games/valley/state.ts';
import { finishedGamesOf, type SetInGame, summarize } from '../../ratings/player-stats.ts';
import { GLOBAL_SCOPE, scopeFor } from '../../ratings/scopes.ts';
import type { CustomId } from '../custom-id.ts';
import { readLeaderboardId } from '../leaderboard-id.ts';
import { type LeaderboardContext, leaderboardMessage } from '../messages/leaderboard-message.ts';
import { statsMessage } from '../messages/stats-message.ts';
import type { Runtime } from '../runtime.ts';
import { editOptions } from '../send.ts';
import { displayName, tell } from './replies.ts';

/** Boards and stats are about the one game the bot hosts. */
const GAME = { type: valley.id, title: valley.title };

const ALL_SERVERS = 'All servers';

function boardContext(i: { guild: { name: string } | null }, global: boolean): LeaderboardContext {
  return { game: GAME.title, global, scope: global ? ALL_SERVERS : (i.guild?.name ?? 'This server') };
}

function boardPayload(rt: Runtime, guildId: string, global: boolean, page: number, ctx: LeaderboardContext) {
  const board = rt.desk.store.ratings.board({ gameType: GAME.type, scope: scopeFor(guildId, global) }, page);
  return leaderboardMessage(board, ctx, rt.ratingPictures);
}

/** `/leaderboard [global]`: a public board page, paged by anyone with its buttons. */
export async function showLeaderboard(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.inGuild()) return tell(i, 'Use this in a server.');
  const global = i.options.getBoolean('global') ?? false;
  await i.deferReply();
  await i.editReply(editOptions(boardPayload(rt, i.guildId, global, 1, boardContext(i, global))));
}

/** A Previous / Next / switch button: the same message shows the page asked for. */
export async function onLeaderboardComponent(
  rt: Runtime,
  i: ButtonInteraction | StringSelectMenuInteraction,
  id: CustomId,
): Promise<void> {
  const target = readLeaderboardId(id);
  if (!target) return tell(i, 'This button belongs to an older version of Scarab; run /leaderboard again.');
  if (!i.inGuild()) return tell(i, 'Leaderboards live in servers.');
  // Acknowledge first: drawing the page takes longer than Discord should wait for an answer.
  await i.deferUpdate();
  await i.editReply(
    editOptions(boardPayload(rt, i.guildId, target.global, target.page, boardContext(i, target.global))),
  );
}

/** Valley of the Kings: the sets in a finished tomb, for favourite sets. */
function valleySets(state: unknown, seat: number): SetInGame[] {
  if (state === null) return [];
  return scoreSeat(state as ValleyState, seat).sets.map((s) => ({ set: s.set, distinct: s.distinct }));
}

/** `/stats [user] [global]`: games, wins, scores, favourite sets and ratings, with the rating history. */
export async function showStats(rt: Runtime, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.inGuild()) return tell(i, 'Use this in a server.');
  const global = i.options.getBoolean('global') ?? false;
  const user = i.options.getUser('user') ?? i.user;
  const member = i.options.getMember('user');
  await i.deferReply();
  const store = rt.desk.store;
  const scope = scopeFor(i.guildId, global);
  const q = { gameType: GAME.type, scope };
  const played = finishedGamesOf(store.database.db, {
    gameType: GAME.type,
    userId: user.id,
    guildId: global ? null : i.guildId,
  });
  const standing = store.ratings.standing(q, user.id);
  const name =
    user.id === i.user.id
      ? displayName(i)
      : member && 'displayName' in member && typeof member.displayName === 'string'
        ? member.displayName
        : (standing?.displayName ?? user.globalName ?? user.username);
  const payload = statsMessage(
    {
      game: GAME.title,
      name,
      global,
      scope: global ? ALL_SERVERS : (i.guild?.name ?? 'This server'),
      record: summarize(played, valleySets),
      setName: (id) => rt.catalog.sets.find((s) => s.id === id)?.name ?? id,
      standing,
      globalStanding: global ? undefined : store.ratings.standing({ ...q, scope: GLOBAL_SCOPE }, user.id),
      history: store.ratings.history(q, user.id),
    },
    rt.ratingPictures,
  );
  await i.editReply(editOptions(payload));
}
