import { ButtonStyle } from 'discord-api-types/v10';
import type { ValleyView } from '../../games/valley/view.ts';
import { t } from '../../i18n/messages.ts';
import { seatAccent } from '../../table-kit/components-v2.ts';
import { type GameContext, seatMention } from '../../table-kit/context.ts';
import { encodeCustomId } from '../../table-kit/custom-id.ts';
import { deadlineLine, decisionPingPayload, owedBy, owedByOthers } from '../../table-kit/decisions.ts';
import { button, type Payload, row } from '../../table-kit/payload.ts';
import type { BoardOptions } from '../game-adapter.ts';
import { localPoolLabel } from './lobby-settings.ts';
import type { ValleyPictures } from './pictures.ts';
import { pyramidLines, recentLog, scoreLine, waitingText } from './summary.ts';

const gameId = (ctx: GameContext, verb: string) =>
  encodeCustomId({ scope: 'game', gameId: ctx.gameId, version: ctx.version, verb, arg: '' });

export function boardButtons(ctx: GameContext, respond = false) {
  const say = (key: string) => t(ctx.language, key);
  return row(
    button(gameId(ctx, 'hand'), say('valley.button.hand'), ButtonStyle.Primary),
    ...(respond ? [button(gameId(ctx, 'respond'), say('valley.button.respond'), ButtonStyle.Primary)] : []),
    button(gameId(ctx, 'tombs'), say('valley.button.tombs')),
    button(gameId(ctx, 'log'), say('valley.button.log')),
  );
}

/** The board's line for a decision owed by others: windows name nobody, so nobody learns who can react. */
function decisionLine(v: ValleyView, ctx: GameContext): string {
  if (v.waiting.window) return t(ctx.language, 'valley.board.window', { text: waitingText(v, ctx) });
  const { named, who, what } = owedBy(v, ctx, (reader) => waitingText(v, reader));
  return t(ctx.language, 'valley.board.decision', { named, who, text: what });
}

/**
 * The public board: built from the view of nobody, so it cannot show a hidden card. A new one is
 * posted for each turn so the mention notifies the player to move; a decision owed by others shows on
 * it with a Respond button instead of in a message of its own.
 */
export function boardMessage(
  v: ValleyView,
  ctx: GameContext,
  pictures: ValleyPictures,
  o: BoardOptions = {},
): Payload {
  const mover = v.turn.seat;
  const title = t(ctx.language, 'valley.board.title', {
    id: String(ctx.gameId),
    turn: v.turn.number + 1,
    pool: localPoolLabel(v.pool, ctx.language),
  });
  const who = o.headline ?? t(ctx.language, 'valley.board.your-turn', { who: seatMention(ctx, mover) });
  const owed = owedByOthers(v);
  const pic = pictures.table(v, ctx);
  const content = [
    title,
    who,
    ...(o.deadline ? [deadlineLine(o.deadline, ctx.language)] : []),
    ...(owed ? [decisionLine(v, ctx)] : []),
  ].join('\n');
  // Under the picture, what it shows in words (for a screen reader, or a phone too small to read it).
  const details = [
    ...pyramidLines(v, ctx.language),
    scoreLine(v, ctx),
    ...recentLog(v, ctx, 4).map((l) => `> ${l}`),
  ].join('\n');
  const user = ctx.users[mover];
  const ping = o.ping ?? o.headline === undefined;
  return {
    content,
    details,
    card: { accent: seatAccent(mover) },
    components: [boardButtons(ctx, owed)],
    files: [{ attachment: pic.png, name: `game-${ctx.gameId}-table.png`, description: pic.alt }],
    mentionUsers: ping && user ? [user] : [],
  };
}

/** The board of a finished game: no controls left, and where to look instead. */
export function finishedBoardText(ctx: GameContext, turnNumber: number, resultsLink: string | null): string {
  return [
    t(ctx.language, 'valley.board.finished-title', { id: String(ctx.gameId), turn: turnNumber + 1 }),
    resultsLink
      ? t(ctx.language, 'valley.board.over-link', { link: resultsLink })
      : t(ctx.language, 'valley.board.over-below'),
  ].join('\n');
}

/** The last board once the game is over: its text, and the final position drawn with nobody to play. */
export function finishedBoardMessage(
  v: ValleyView,
  ctx: GameContext,
  pictures: ValleyPictures,
  resultsLink: string | null,
): Payload {
  const pic = pictures.table(v, ctx);
  return {
    content: finishedBoardText(ctx, v.turn.number, resultsLink),
    card: { accent: null },
    components: [],
    files: [{ attachment: pic.png, name: `game-${ctx.gameId}-table.png`, description: pic.alt }],
    mentionUsers: [],
  };
}

/** A decision owed by other people outside a window: a message of its own that notifies them. */
export function decisionPing(v: ValleyView, ctx: GameContext): Payload {
  return decisionPingPayload(v, ctx, (reader) => waitingText(v, reader));
}
