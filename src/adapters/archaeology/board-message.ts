import { ButtonStyle } from 'discord-api-types/v10';
import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import { gameTitle } from '../../i18n/command-localizations.ts';
import { t } from '../../i18n/messages.ts';
import { seatAccent } from '../../table-kit/components-v2.ts';
import { type GameContext, seatMention } from '../../table-kit/context.ts';
import { encodeCustomId } from '../../table-kit/custom-id.ts';
import { deadlineLine, decisionPingPayload, owedBy, owedByOthers } from '../../table-kit/decisions.ts';
import { button, type Payload, row } from '../../table-kit/payload.ts';
import type { BoardOptions } from '../game-adapter.ts';
import type { ArchaeologyPictures } from './pictures.ts';
import { archaeologyText } from './rules-text.ts';
import { digLine, marketLine, playersLine, pyramidLine, recentLog } from './summary.ts';

const gameId = (ctx: GameContext, verb: string) =>
  encodeCustomId({ scope: 'game', gameId: ctx.gameId, version: ctx.version, verb, arg: '' });

function boardButtons(ctx: GameContext, respond: boolean) {
  const label = (verb: string) => t(ctx.language, `archaeology.button.${verb}`);
  return row(
    button(gameId(ctx, 'hand'), label('hand'), ButtonStyle.Primary),
    ...(respond ? [button(gameId(ctx, 'respond'), label('respond'), ButtonStyle.Primary)] : []),
    button(gameId(ctx, 'museum'), label('museum')),
    button(gameId(ctx, 'prices'), label('prices')),
    button(gameId(ctx, 'log'), label('log')),
  );
}

const title = (ctx: GameContext, turn: number) =>
  t(ctx.language, 'archaeology.board.title', {
    title: gameTitle(ctx.language, 'archaeology', 'Archaeology'),
    id: String(ctx.gameId),
    turn: String(turn + 1),
  });

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
    o.headline ?? t(ctx.language, 'archaeology.board.your-turn', { who: seatMention(ctx, mover) }),
    ...(o.deadline ? [deadlineLine(o.deadline, ctx.language)] : []),
    ...(owed
      ? [
          t(
            ctx.language,
            'archaeology.board.owed',
            owedBy(v, ctx, (reader) => archaeologyText(v.waiting.text, reader)),
          ),
        ]
      : []),
  ].join('\n');
  // Under the picture, what it shows in words (for a screen reader, or a phone too small to read it).
  const details = [
    digLine(v, ctx.language),
    marketLine(v, ctx.language),
    pyramidLine(v, ctx.language),
    playersLine(v, ctx),
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

export function finishedBoardText(ctx: GameContext, turn: number, resultsLink: string | null): string {
  return [
    title(ctx, turn),
    t(ctx.language, 'archaeology.board.over', {
      linked: resultsLink ? 'yes' : 'no',
      link: resultsLink ?? '',
    }),
  ].join('\n');
}

/** A decision owed by other people outside a window: a message of its own that notifies them. */
export function decisionPing(v: ArchaeologyView, ctx: GameContext): Payload {
  return decisionPingPayload(v, ctx, (reader) => archaeologyText(v.waiting.text, reader));
}

/** The last board once the game is over: its text, and the final position drawn with nobody to play. */
export function finishedBoardMessage(
  v: ArchaeologyView,
  ctx: GameContext,
  pictures: ArchaeologyPictures,
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
