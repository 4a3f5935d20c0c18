import type { Client, Message } from 'discord.js';
import { t } from '../i18n/messages.ts';
import { dealtOptions } from '../store/catalog-pins.ts';
import type { GameMessage } from '../store/messages.ts';
import type { GameRecord } from '../store/records.ts';
import { decodeCustomId } from '../table-kit/custom-id.ts';
import type { Runtime } from './runtime.ts';
import type { Tables } from './tables.ts';

/** How many of a channel's latest messages are read for boards left behind by a kill. */
const LOOK_BACK = 100;

/** A board message of the game still carrying controls, with the version they were drawn from. */
interface LiveBoard {
  readonly messageId: string;
  readonly channelId: string;
  readonly version: number;
}

/** Every custom_id in a message's components, however deeply nested. */
function customIds(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) customIds(v, into);
  else if (value && typeof value === 'object') {
    const id = (value as { custom_id?: unknown }).custom_id;
    if (typeof id === 'string') into.push(id);
    for (const v of Object.values(value)) if (v && typeof v === 'object') customIds(v, into);
  }
  return into;
}

/** The version of the game's board controls on `m`, if it is one of the bot's boards of `gameId` with controls. */
export function boardVersion(m: Message, botId: string, gameId: number): number | null {
  if (m.author.id !== botId) return null;
  for (const text of customIds(m.components.map((c) => c.toJSON()))) {
    const id = decodeCustomId(text);
    if (id?.scope === 'game' && id.gameId === gameId && id.verb === 'hand') return id.version;
  }
  return null;
}

/**
 * The game's boards that still have controls among its channel's latest messages, oldest first: the
 * stored one, and any a kill left behind (posted before it was stored, or stored before the one it
 * replaced lost its buttons). null when the channel cannot be read (no Read Message History: Discord
 * then returns no messages, which reads the same as none left behind).
 */
async function liveBoards(client: Client, channelId: string, gameId: number): Promise<LiveBoard[] | null> {
  const channel = await client.channels.fetch(channelId);
  const botId = client.user?.id;
  if (!channel?.isTextBased() || !botId) return null;
  const messages = await channel.messages.fetch({ limit: LOOK_BACK });
  const boards: LiveBoard[] = [];
  for (const m of messages.values()) {
    const version = boardVersion(m, botId, gameId);
    if (version !== null) boards.push({ messageId: m.id, channelId, version });
  }
  return boards.sort((a, b) => (BigInt(a.messageId) < BigInt(b.messageId) ? -1 : 1));
}

/** The turn the game was at when it had `version`: its start replayed through its log (pure rules). */
async function turnAt(tables: Tables, game: GameRecord, version: number): Promise<number> {
  const module = tables.adapterOf(game).game;
  // Dealt with the card catalogs the game was dealt with, however they were edited since.
  const options = JSON.parse(dealtOptions(module, JSON.stringify(game.options), game.seed, game.state));
  let state = module.setup(options, game.seed);
  for (const a of await tables.store.actionLog(game.id)) {
    if (a.seq > version) break;
    const next = module.apply(state, a.seat, a.action);
    if (!next.ok) throw new Error(`game #${game.id}'s action #${a.seq} does not replay: ${next.error.code}`);
    state = next.state;
  }
  return module.view(state, null).turn.number;
}

/**
 * After a restart, brings one active game's board up to date, at most one board per turn: a board the
 * bot posted but never stored (killed in between) becomes the game's board instead of being posted
 * again; a board from the turn the game is still in is edited rather than followed by another; a new
 * board, saying the bot restarted, only for a turn that has none. Every other board of the game that
 * kept its controls loses them, so only the newest board has any. Run under the game's lock.
 */
export async function recoverBoard(rt: Runtime, game: GameRecord): Promise<void> {
  const store = rt.tables.store;
  const stored = await store.locations.getMessage(game.id, 'board');
  const live = await liveBoards(rt.client, rt.publisher.channelOf(game), game.id).catch((e: unknown) => {
    rt.log.warn({ err: e, gameId: game.id }, "could not read the game's channel for boards left behind");
    return null;
  });
  let newest: GameMessage | undefined = stored;
  const last = live?.at(-1);
  if (last && (!stored || BigInt(last.messageId) >= BigInt(stored.messageId))) {
    // What its controls were drawn from is what it shows (posted or edited, then killed before it was stored).
    newest = last;
    if (last.messageId !== stored?.messageId || last.version !== stored.version)
      await store.locations.setMessage(game.id, 'board', last);
  }
  for (const board of live ?? []) if (board.messageId !== newest?.messageId) await rt.publisher.strip(board);
  if (newest?.version === game.version) return;
  if (newest?.channelId && newest.version !== null && (await sameTurn(rt, game, newest.version)))
    return rt.publisher.refreshBoard(game);
  await rt.publisher.postBoard(game, t(rt.tables.context(game).language, 'table.restarted'));
}

/** Whether the game is still in the turn it was in at `version`; false when that cannot be told. */
async function sameTurn(rt: Runtime, game: GameRecord, version: number): Promise<boolean> {
  try {
    return (await turnAt(rt.tables, game, version)) === rt.tables.view(game, null).turn.number;
  } catch (e) {
    rt.log.warn({ err: e, gameId: game.id }, 'could not tell the last board’s turn: posting anew');
    return false;
  }
}
