import { type APIButtonComponent, ComponentType } from 'discord-api-types/v10';
import { gameTitle } from '../i18n/command-localizations.ts';
import { t } from '../i18n/messages.ts';
import type { GameRecord } from '../store/records.ts';
import { encodeCustomId } from '../table-kit/custom-id.ts';
import { button, type Payload, row } from '../table-kit/payload.ts';
import { maskedLink, messageLink } from './message-links.ts';
import { type MyGameEntry, myGamesMessage } from './messages/my-games-message.ts';
import type { Tables } from './tables.ts';
import { WATCH_VERB } from './watchers.ts';

/** The table's own verb behind every board's "My games" button. */
export const MY_GAMES_VERB = 'mygames';

/** The link to a game's current board (its lobby message before it starts), if it is stored. */
export async function boardUrl(tables: Tables, game: GameRecord): Promise<string | null> {
  const kind = game.status === 'lobby' ? 'lobby' : 'board';
  const message = await tables.store.locations.getMessage(game.id, kind);
  return message?.channelId ? messageLink(game.guildId, message.channelId, message.messageId) : null;
}

/** The game's channel (its thread, if it has one) as a mention; '' if it has none. */
export function channelOf(game: GameRecord): string {
  const channel = game.threadId ?? game.channelId;
  return channel ? `<#${channel}>` : '';
}

/**
 * Where a game is found, as a bare link to its current board, else its channel. For a DM, which says
 * no more than "your turn": its client draws the link as a chip naming the game's thread.
 */
export async function whereIs(tables: Tables, game: GameRecord): Promise<string> {
  return (await boardUrl(tables, game)) ?? channelOf(game);
}

/** `words` linking to the game's current board, else `words` and the game's channel (or `words` alone). */
export async function toBoard(tables: Tables, game: GameRecord, words: string): Promise<string> {
  const url = await boardUrl(tables, game);
  if (url) return maskedLink(words, url);
  const channel = channelOf(game);
  return channel ? `${words} (${channel})` : words;
}

/**
 * One running game or lobby as `userId` may see it. Whether it waits for them comes from the rules'
 * `waitingFor`; whom else it waits for from the public view, which in a reaction window names every
 * seat asked (never only those still able to react), so the list tells nobody who holds what.
 */
export async function myGameEntry(
  tables: Tables,
  game: GameRecord,
  userId: string,
  language = 'en',
): Promise<MyGameEntry | null> {
  if (game.status !== 'lobby' && game.status !== 'active') return null;
  const adapter = tables.adapters.find(game.type);
  const base = {
    gameId: game.id,
    title: gameTitle(language, game.type, adapter?.game.title ?? game.type),
    link: await boardUrl(tables, game),
    where: channelOf(game),
    since: game.updatedAt.getTime(),
  };
  if (game.status === 'lobby' || game.state === null || !adapter)
    return { ...base, status: game.status, yourTurn: false, waitingFor: [] };
  const own = new Set(game.seats.filter((s) => s.userId === userId).map((s) => s.seat));
  const yourTurn = tables.waitingFor(game).some((seat) => own.has(seat));
  const others = yourTurn
    ? []
    : tables
        .view(game, null)
        .waiting.seats.filter((seat) => !own.has(seat))
        .map(
          (seat) =>
            game.seats.find((s) => s.seat === seat)?.displayName ??
            t(language, 'table.seat-fallback', { seat: seat + 1 }),
        );
  return { ...base, status: 'active', yourTurn, waitingFor: others };
}

/** Every lobby and running game `userId` is seated in, in every server. */
export async function myGameEntries(tables: Tables, userId: string, language = 'en'): Promise<MyGameEntry[]> {
  const ids = new Set((await tables.store.gamesOfUser(userId, ['lobby', 'active'])).map((g) => g.id));
  const entries: MyGameEntry[] = [];
  for (const id of ids) {
    const game = await tables.store.findGame(id);
    const entry = game ? await myGameEntry(tables, game, userId, language) : null;
    if (entry) entries.push(entry);
  }
  return entries;
}

/** The private answer to `/mygames` and to a board's "My games" button. */
export async function myGamesFor(tables: Tables, userId: string, language: string): Promise<Payload> {
  return myGamesMessage(
    await myGameEntries(tables, userId, language),
    tables.adapters.list.map((a) => a.lobbyCommand.name),
    language,
  );
}

/**
 * A board with the table's own buttons, whatever the game: "My games", and "Watch" (a private view of the
 * public table that follows the game, for anyone without a seat: watchers.ts). Each goes in the first row
 * when that row holds only buttons and has room, else in a row of its own (Discord allows 5 rows of 5
 * buttons); one that finds no room is left out.
 */
export function withTableButtons(board: Payload, gameId: number, version: number, language: string): Payload {
  const id = (verb: string) => encodeCustomId({ scope: 'game', gameId, version, verb, arg: '' });
  let out = board;
  for (const b of [
    button(id(MY_GAMES_VERB), t(language, 'table.button.my-games')),
    button(id(WATCH_VERB), t(language, 'table.button.watch')),
  ])
    out = withButton(out, b);
  return out;
}

function withButton(board: Payload, b: APIButtonComponent): Payload {
  const [first, ...rest] = board.components;
  const onlyButtons = (c: { type: ComponentType }): c is APIButtonComponent =>
    c.type === ComponentType.Button;
  if (first && first.components.length < 5 && first.components.every(onlyButtons))
    return { ...board, components: [{ ...first, components: [...first.components, b] }, ...rest] };
  const last = rest.at(-1);
  if (last && last.components.length < 5 && last.components.every(onlyButtons))
    return {
      ...board,
      components: [
        first as (typeof board.components)[number],
        ...rest.slice(0, -1),
        { ...last, components: [...last.components, b] },
      ],
    };
  if (board.components.length < 5) return { ...board, components: [...board.components, row(b)] };
  return board;
}
