import { ButtonStyle } from 'discord-api-types/v10';
import { encodeCustomId } from '../../discord/custom-id.ts';
import { type GameContext, seatMention } from '../../discord/messages/context.ts';
import { deadlineLine, decisionPingPayload, owedByOthers } from '../../discord/messages/decisions.ts';
import { button, type Payload, row } from '../../discord/messages/payload.ts';
import { withNames } from '../../games/valley/describe.ts';
import { poolLabel } from '../../games/valley/pools.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import type { BoardOptions } from '../game-adapter.ts';
import type { ValleyPictures } from './pictures.ts';
import { pyramidLines, recentLog, scoreLine } from './summary.ts';

const gameId = (ctx: GameContext, verb: string) =>
  encodeCustomId({ scope: 'game', gameId: ctx.gameId, version: ctx.version, verb, arg: '' });

export function boardButtons(ctx: GameContext, respond = false) {
  return row(
    button(gameId(ctx, 'hand'), 'My hand', ButtonStyle.Primary),
    ...(respond ? [button(gameId(ctx, 'respond'), 'Respond', ButtonStyle.Primary)] : []),
    button(gameId(ctx, 'tombs'), 'Tombs'),
    button(gameId(ctx, 'log'), 'Log'),
  );
}

/** The board's line for a decision owed by others: windows name nobody, so nobody learns who can react. */
function decisionLine(v: ValleyView, ctx: GameContext): string {
  const text = withNames(v.waiting.text, ctx.names);
  if (v.waiting.window) return `⏳ ${text}. Anyone who can react finds the choice behind **Respond**.`;
  return `⏳ ${v.waiting.seats.map((s) => seatMention(ctx, s)).join(' ')} — ${text}. Press **Respond** to choose.`;
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
  const title = `**Valley of the Kings** · game #${ctx.gameId} · turn ${v.turn.number + 1} · ${poolLabel(v.pool)} cards`;
  const who = o.headline ?? `${seatMention(ctx, mover)}, it is your turn.`;
  const owed = owedByOthers(v);
  const pic = pictures.table(v, ctx);
  const content = [
    title,
    who,
    ...(o.deadline ? [deadlineLine(o.deadline)] : []),
    ...(owed ? [decisionLine(v, ctx)] : []),
    ...pyramidLines(v),
    scoreLine(v, ctx),
    ...recentLog(v, ctx, 4).map((l) => `> ${l}`),
  ].join('\n');
  const user = ctx.users[mover];
  const ping = o.ping ?? o.headline === undefined;
  return {
    content,
    components: [boardButtons(ctx, owed)],
    files: [{ attachment: pic.png, name: `game-${ctx.gameId}-table.png`, description: pic.alt }],
    mentionUsers: ping && user ? [user] : [],
  };
}

/** The board of a finished game: no controls left, and where to look instead. */
export function finishedBoardText(ctx: GameContext, turnNumber: number, resultsLink: string | null): string {
  return [
    `**Valley of the Kings** · game #${ctx.gameId} · turn ${turnNumber + 1}`,
    `🏁 The game is over: ${resultsLink ? `see the results ${resultsLink}` : 'the results are below'}.`,
  ].join('\n');
}

/** A decision owed by other people outside a window: a message of its own that notifies them. */
export function decisionPing(v: ValleyView, ctx: GameContext): Payload {
  return decisionPingPayload(v, ctx, (t) => withNames(t, ctx.names));
}
