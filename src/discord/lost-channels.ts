import { t } from '../i18n/messages.ts';
import type { GameRecord } from '../store/records.ts';
import { emptyPayload } from '../table-kit/payload.ts';
import { gameLanguage } from './language.ts';
import type { Runtime } from './runtime.ts';
import { CHANNEL_GONE } from './scheduler.ts';

const OPEN = ['lobby', 'active'] as const;
/** The game message that marks a game whose thread was deleted: the notice in the parent channel. */
export const THREAD_LOST = 'thread-lost';

/** What the gateway says of a deleted channel or thread (THREAD_DELETE or CHANNEL_DELETE). */
export interface GoneChannel {
  readonly id: string;
  /** The channel a deleted thread was in; null for a channel. */
  readonly parentId: string | null;
}

/**
 * A deleted thread leaves its game in the parent channel, where the host is told how to go on (`/board`
 * where it should continue, or `/manage cancel`); a lobby there is cancelled, as nobody could join it any
 * more. A deleted channel takes every game in it and its threads with it: they are cancelled.
 */
export async function onChannelGone(rt: Runtime, gone: GoneChannel): Promise<void> {
  const store = rt.tables.store;
  const here = gone.parentId
    ? [await store.gameInThread(gone.id)]
    : await store.gamesInChannel(gone.id, [...OPEN]);
  for (const summary of here) {
    if (!summary || !(OPEN as readonly string[]).includes(summary.status)) continue;
    await rt.locks.run(summary.id, async () => {
      const game = await store.getGame(summary.id);
      if (!(OPEN as readonly string[]).includes(game.status)) return;
      if (gone.parentId && game.status === 'active') await keepInParent(rt, game, gone.parentId);
      else await cancel(rt, game, gone);
    });
  }
}

async function keepInParent(rt: Runtime, game: GameRecord, parentId: string): Promise<void> {
  const store = rt.tables.store;
  await store.locations.setLocation(game.id, { channelId: parentId, threadId: null });
  // The board was in the thread: the next one is posted anew wherever the game is.
  await store.locations.setMessage(game.id, 'board', null);
  const content = t(gameLanguage(game), 'table.thread-deleted', {
    id: String(game.id),
    host: game.hostUserId ? `<@${game.hostUserId}>` : '',
  });
  try {
    const messageId = await rt.publisher.send(parentId, {
      ...emptyPayload(content),
      mentionUsers: game.hostUserId ? [game.hostUserId] : [],
    });
    await store.locations.setMessage(game.id, THREAD_LOST, { messageId, channelId: parentId });
    rt.log.info({ gameId: game.id }, "the game's thread was deleted: it waits in the parent channel");
  } catch (e) {
    // The parent went too (a deleted channel takes its threads): its CHANNEL_DELETE cancels the game.
    rt.log.warn({ err: e, gameId: game.id }, "the game's thread was deleted and its channel is unreachable");
  }
}

async function cancel(rt: Runtime, game: GameRecord, gone: GoneChannel): Promise<void> {
  const store = rt.tables.store;
  await store.cancelGame(game.id);
  const closed = await store.schedule.cancelGame(game.id, CHANNEL_GONE);
  rt.log.warn({ gameId: game.id, closed, channel: gone.id }, "the game's channel was deleted: cancelled");
  if (!gone.parentId) return;
  try {
    await rt.publisher.send(
      gone.parentId,
      emptyPayload(t(gameLanguage(game), 'lobby.thread-deleted', { id: String(game.id) })),
    );
  } catch (e) {
    rt.log.warn({ err: e, gameId: game.id }, 'could not say in the parent channel that the lobby is gone');
  }
}

/** The host's most recent game whose thread was deleted, in this server: what their `/board` moves. */
export async function lostGameOf(
  rt: Runtime,
  userId: string,
  guildId: string,
): Promise<GameRecord | undefined> {
  const store = rt.tables.store;
  for (const summary of await store.gamesOfUser(userId, ['active'])) {
    if (summary.hostUserId !== userId || summary.guildId !== guildId) continue;
    if (await store.locations.getMessage(summary.id, THREAD_LOST)) return await store.getGame(summary.id);
  }
  return undefined;
}

/** The game goes on in `channelId` (a thread of `parentId`, when given): call under the game's lock. */
export async function settleLostGame(
  rt: Runtime,
  game: GameRecord,
  channelId: string,
  parentId: string | null,
): Promise<GameRecord> {
  const store = rt.tables.store;
  const moved = await store.locations.setLocation(
    game.id,
    parentId ? { channelId: parentId, threadId: channelId } : { channelId, threadId: null },
  );
  await store.locations.setMessage(game.id, THREAD_LOST, null);
  rt.log.info({ gameId: game.id, channelId }, 'a game whose thread was deleted goes on elsewhere');
  return moved;
}
