import { ButtonStyle } from 'discord-api-types/v10';
import { withNames } from '../../games/valley/describe.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import { encodeCustomId } from '../custom-id.ts';
import { type GameContext, type Pictures, seatMention } from './context.ts';
import { button, type Payload, row } from './payload.ts';
import { pyramidLines, recentLog, scoreLine } from './summary.ts';

export function boardButtons(ctx: GameContext) {
  const id = (verb: string) =>
    encodeCustomId({ scope: 'game', gameId: ctx.gameId, version: ctx.version, verb, arg: '' });
  return row(
    button(id('hand'), 'My hand', ButtonStyle.Primary),
    button(id('tombs'), 'Tombs'),
    button(id('log'), 'Log'),
  );
}

/**
 * The public board: built from the view of nobody, so it cannot show a hidden card. A new one is
 * posted for each turn so the mention notifies the player to move.
 */
export function boardMessage(
  v: ValleyView,
  ctx: GameContext,
  pictures: Pictures,
  headline?: string,
): Payload {
  const mover = v.turn.seat;
  const title = `**Valley of the Kings** · game #${ctx.gameId} · turn ${v.turn.number + 1}`;
  const who = headline ?? `${seatMention(ctx, mover)}, it is your turn.`;
  const pic = pictures.table(v, ctx.names);
  const content = [
    title,
    who,
    ...pyramidLines(v),
    scoreLine(v, ctx),
    ...recentLog(v, ctx, 4).map((l) => `> ${l}`),
  ].join('\n');
  const user = ctx.users[mover];
  return {
    content,
    components: [boardButtons(ctx)],
    files: [{ attachment: pic.png, name: `game-${ctx.gameId}-table.png`, description: pic.alt }],
    mentionUsers: headline === undefined && user ? [user] : [],
  };
}

/** A decision owed by other players; windows ping nobody (holders are told privately). */
export function decisionMessage(v: ValleyView, ctx: GameContext, questionId: number): Payload {
  const id = encodeCustomId({
    scope: 'game',
    gameId: ctx.gameId,
    version: ctx.version,
    verb: 'respond',
    arg: String(questionId),
  });
  const text = withNames(v.waiting.text, ctx.names);
  if (v.waiting.window)
    return {
      content: `⏳ ${text}. Anyone who can react will find the choice behind **Respond**.`,
      components: [row(button(id, 'Respond', ButtonStyle.Primary))],
      files: [],
      mentionUsers: [],
    };
  const users = v.waiting.seats.map((s) => ctx.users[s]).filter((u): u is string => !!u);
  return {
    content: `${v.waiting.seats.map((s) => seatMention(ctx, s)).join(' ')} — ${text}. Press **Respond** to choose.`,
    components: [row(button(id, 'Respond', ButtonStyle.Primary))],
    files: [],
    mentionUsers: users,
  };
}
