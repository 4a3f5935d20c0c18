import { ButtonStyle } from 'discord-api-types/v10';
import { encodeCustomId } from '../../discord/custom-id.ts';
import { type GameContext, seatMention } from '../../discord/messages/context.ts';
import { deadlineLine, decisionPingPayload, owedByOthers } from '../../discord/messages/decisions.ts';
import { button, type Payload, row } from '../../discord/messages/payload.ts';
import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import type { BoardOptions } from '../game-adapter.ts';
import type { ArchaeologyPictures } from './pictures.ts';
import { digLine, marketLine, playersLine, pyramidLine, recentLog, withNames } from './summary.ts';

const gameId = (ctx: GameContext, verb: string) =>
  encodeCustomId({ scope: 'game', gameId: ctx.gameId, version: ctx.version, verb, arg: '' });

function boardButtons(ctx: GameContext, respond: boolean) {
  return row(
    button(gameId(ctx, 'hand'), 'My hand', ButtonStyle.Primary),
    ...(respond ? [button(gameId(ctx, 'respond'), 'Respond', ButtonStyle.Primary)] : []),
    button(gameId(ctx, 'museum'), 'Museum'),
    button(gameId(ctx, 'prices'), 'Prices'),
    button(gameId(ctx, 'log'), 'Log'),
  );
}

const title = (ctx: GameContext, turn: number) => `**Archaeology** · game #${ctx.gameId} · turn ${turn + 1}`;

/** The public board, from the view of nobody: hand sizes, never hand contents. */
export function boardMessage(
  v: ArchaeologyView,
  ctx: GameContext,
  pictures: ArchaeologyPictures,
  o: BoardOptions = {},
): Payload {
  const mover = v.turn.seat;
  const owed = owedByOthers(v);
  const pic = pictures.table(v, ctx);
  const content = [
    title(ctx, v.turn.number),
    o.headline ?? `${seatMention(ctx, mover)}, it is your turn.`,
    ...(o.deadline ? [deadlineLine(o.deadline)] : []),
    ...(owed
      ? [
          `⏳ ${v.waiting.seats.map((s) => seatMention(ctx, s)).join(' ')} — ${withNames(v.waiting.text, ctx.names)}. Press **Respond** to choose.`,
        ]
      : []),
    digLine(v),
    marketLine(v),
    pyramidLine(v),
    playersLine(v, ctx),
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

export function finishedBoardText(ctx: GameContext, turn: number, resultsLink: string | null): string {
  return [
    title(ctx, turn),
    `🏁 The game is over: ${resultsLink ? `see the results ${resultsLink}` : 'the results are below'}.`,
  ].join('\n');
}

/** A decision owed by other people outside a window: a message of its own that notifies them. */
export function decisionPing(v: ArchaeologyView, ctx: GameContext): Payload {
  return decisionPingPayload(v, ctx, (t) => withNames(t, ctx.names));
}
