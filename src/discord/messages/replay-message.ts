import { ButtonStyle } from 'discord-api-types/v10';
import { pinName } from '../../games/kernel/catalog-book.ts';
import { getGame } from '../../games/registry.ts';
import { gameTitle } from '../../i18n/command-localizations.ts';
import { t } from '../../i18n/messages.ts';
import type { GameExport } from '../../store/export-import.ts';
import type { GameRecord } from '../../store/records.ts';
import { encodeCustomId } from '../../table-kit/custom-id.ts';
import { button, clip, type Payload, row, select } from '../../table-kit/payload.ts';
import type { Replay } from '../replays.ts';
import { gameAtMove, linesWithTheirNames } from '../seat-names.ts';
import type { Tables } from '../tables.ts';

/** Turns a "go to turn" menu offers at most: Discord's limit for a menu's options. */
const MENU = 25;

/**
 * A finished game at `move`: its board as everyone saw it then (the public view, the seats' holders then, the
 * recent log up to that move, the picture with its text), nobody mentioned, and the controls to step through it — ⏮ ◀ ▶ ⏭, each
 * carrying the move it goes to, and a menu of turns (every turn, or 25 spread over the game, as it says). In
 * `language`: the reader's for a private replay, the game's for one shown to the channel.
 */
export function replayMessage(tables: Tables, replay: Replay, move: number, language: string): Payload {
  const { game, positions } = replay;
  const adapter = tables.adapterOf(game);
  const view = adapter.game.view(positions.at(move), null);
  // The seats as held at this move, and each line with the names of when it was said (seat-names.ts).
  const ctx = {
    ...tables.context(gameAtMove(game, move), language),
    version: move,
    log: linesWithTheirNames(game, replay.said, move),
  };
  const finished = move === positions.moves;
  const board = adapter.messages.board(view, ctx, {
    headline: finished
      ? t(language, 'replay.final')
      : t(language, 'replay.to-move', { name: ctx.names[view.turn.seat] ?? '' }),
    ping: false,
  });
  const id = (verb: string, to: number) =>
    encodeCustomId({ scope: 'replay', gameId: game.id, version: to, verb, arg: '' });
  const last = positions.moves;
  const header = t(language, 'replay.header', {
    title: gameTitle(language, game.type, getGame(game.type).title),
    id: game.id,
    move,
    moves: last,
  });
  const older = replay.olderCatalogs;
  const catalog =
    older.length === 0
      ? ''
      : `\n${t(language, 'replay.catalog', {
          dealt: older.map((p) => pinName(p.name, p.version)).join(', '),
          today: older.map((p) => (p.current === null ? p.name : pinName(p.name, p.current))).join(', '),
        })}`;
  return {
    content: clip(`${header}${catalog}\n${board.content}`, 2000),
    ...(board.details ? { details: board.details } : {}),
    card: board.card ?? { accent: null },
    components: [
      row(
        // Each its own verb: two buttons going to the same move must still differ (Discord refuses twins).
        button(id('first', 0), '⏮', ButtonStyle.Secondary, move === 0),
        button(id('prev', Math.max(0, move - 1)), '◀', ButtonStyle.Primary, move === 0),
        button(id('next', Math.min(last, move + 1)), '▶', ButtonStyle.Primary, move === last),
        button(id('last', last), '⏭', ButtonStyle.Secondary, move === last),
        button(id('download', move), t(language, 'replay.download')),
      ),
      row(
        (() => {
          const menu = turnMenu(positions.turns, move, language);
          return select(id('turn', move), menu.placeholder, menu.options);
        })(),
      ),
    ],
    files: board.files,
    mentionUsers: [],
  };
}

/**
 * The "go to a turn" menu: every turn, or as many as a menu holds with the placeholder saying which (so a
 * reader looking for turn 12 knows why it is not listed, and that ◀ ▶ reach every move).
 */
export function turnMenu(
  turns: readonly number[],
  move: number,
  language: string,
): {
  placeholder: string;
  options: { label: string; value: string; description: string; default?: boolean }[];
} {
  const starts = turnStarts(turns);
  const total = new Set(turns).size;
  return {
    placeholder:
      starts.length < total
        ? t(language, 'replay.turn.placeholder-some', { shown: starts.length, total })
        : t(language, 'replay.turn.placeholder'),
    options: starts.map(({ turn, from }) => ({
      label: t(language, 'replay.turn.option', { turn: turn + 1 }),
      value: String(from),
      description: t(language, 'replay.turn.from', { move: from }),
      ...(turns[move] === turn ? { default: true } : {}),
    })),
  };
}

/** The first position of each turn, at most `MENU` of them spread evenly over the game (first and last kept). */
export function turnStarts(turns: readonly number[]): { turn: number; from: number }[] {
  const starts: { turn: number; from: number }[] = [];
  turns.forEach((turn, move) => {
    if (move === 0 || turn !== turns[move - 1]) starts.push({ turn, from: move });
  });
  if (starts.length <= MENU) return starts;
  return Array.from(
    { length: MENU },
    (_, k) => starts[Math.round((k * (starts.length - 1)) / (MENU - 1))] as { turn: number; from: number },
  );
}

/** A finished game's record as a file (export-import.ts's document), privately, with how to replay it at home. */
export function recordMessage(game: GameRecord, record: GameExport, language: string): Payload {
  return {
    content: t(language, 'replay.record', { id: game.id }),
    components: [],
    files: [
      {
        attachment: Buffer.from(`${JSON.stringify(record, null, 1)}\n`),
        name: `scarab-game-${game.id}.json`,
        description: t(language, 'replay.record-file', { id: game.id }),
      },
    ],
    mentionUsers: [],
  };
}
