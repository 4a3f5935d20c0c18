import { ButtonStyle } from 'discord-api-types/v10';
import type { AnyAdapter } from '../../adapters/game-adapter.ts';
import { getGame } from '../../games/registry.ts';
import { gameTitle } from '../../i18n/command-localizations.ts';
import { t } from '../../i18n/messages.ts';
import type { GameRecord } from '../../store/records.ts';
import { encodeCustomId } from '../../table-kit/custom-id.ts';
import { button, clip, type Payload, row } from '../../table-kit/payload.ts';
import { KEY_MOMENTS_VERB, type KeyMoment, keyMomentsRows } from '../key-moments.ts';
import { moveName } from '../move-names.ts';
import type { Replay } from '../replays.ts';
import { gameAtMove, linesWithTheirNames } from '../seat-names.ts';
import type { Tables } from '../tables.ts';

/** The replay control that opens a new private replay at the move it carries (replay-components.ts). */
export const REPLAY_OPEN_VERB = 'open';

const percent = (x: number) => Math.round(x * 100);

/**
 * One of a person's key moments, privately, in their `language`: the position before their move as they
 * saw it (the public table and their own hand: never another seat's hidden cards), what they played, the
 * Hard player's better move and what it does that theirs did not (the adapter's `moveReasons`, when it has
 * them), both chances to win with the noise they carry, and buttons to the other moments and to the replay
 * at that move.
 */
export function keyMomentMessage(
  tables: Tables,
  replay: Replay,
  moments: readonly KeyMoment[],
  index: number,
  language: string,
): Payload {
  const { game, positions } = replay;
  const m = moments[index] as KeyMoment;
  const adapter: AnyAdapter = tables.adapterOf(game);
  const module = adapter.game;
  const state = positions.at(m.move);
  const ctx = {
    ...tables.context(gameAtMove(game, m.move), language),
    version: m.move,
    log: linesWithTheirNames(game, replay.said, m.move),
  };
  const name = (action: unknown) => moveName(adapter, state, m.seat, action, ctx);
  const reasons = (action: unknown) => adapter.moveReasons?.(state, m.seat, action, language) ?? [];
  const theirs = new Set(reasons(m.played));
  const why = reasons(m.best).filter((r) => !theirs.has(r));
  const publicView = module.view(state, null);
  const board = adapter.messages.board(publicView, ctx, { ping: false });
  const hand = adapter.messages.hand(module.view(state, m.seat), ctx, {});
  const pictures = [
    ...board.files.map((f) => ({ ...f, name: `moment-${m.move}-table.png` })),
    ...hand.files.map((f) => ({ ...f, name: `moment-${m.move}-hand.png` })),
  ].slice(0, 2);
  const lines = [
    t(language, 'moments.heading', {
      title: gameTitle(language, game.type, getGame(game.type).title),
      id: game.id,
      index: index + 1,
      count: moments.length,
    }),
    t(language, 'moments.where', { move: m.move + 1, turn: publicView.turn.number + 1 }),
    t(language, 'moments.played', { move: name(m.played) }),
    t(language, 'moments.better', { move: name(m.best) }),
    ...(why.length > 0 ? [t(language, 'moments.why', { reasons: why.join(' ') })] : []),
    t(language, 'moments.chances', {
      duels: m.duels,
      best: percent(m.bestWinChance),
      played: percent(m.playedWinChance),
      loss: percent(m.loss),
      margin: percent(1.96 * m.stderr),
    }),
  ];
  const page = (to: number) =>
    encodeCustomId({
      scope: 'game',
      gameId: game.id,
      version: game.version,
      verb: KEY_MOMENTS_VERB,
      arg: String(to),
    });
  const controls = [
    ...(moments.length > 1
      ? [
          button(page(index - 1), t(language, 'moments.prev'), ButtonStyle.Secondary, index === 0),
          button(
            page(index + 1),
            t(language, 'moments.next'),
            ButtonStyle.Secondary,
            index === moments.length - 1,
          ),
        ]
      : []),
    button(
      encodeCustomId({ scope: 'replay', gameId: game.id, version: m.move, verb: REPLAY_OPEN_VERB, arg: '' }),
      t(language, 'moments.replay', { move: m.move }),
      ButtonStyle.Primary,
    ),
  ];
  return {
    content: clip(lines.join('\n'), 3000),
    card: { accent: null },
    components: [row(...controls)],
    files: pictures,
    mentionUsers: [],
  };
}

/**
 * The results with a "Key moments" button, when the game gets them (a search player for its game and
 * people at the table: key-moments.ts); as they were otherwise.
 */
export function withKeyMomentsButton(results: Payload, game: GameRecord, language: string): Payload {
  if (keyMomentsRows(game, 0).length === 0) return results;
  const id = encodeCustomId({
    scope: 'game',
    gameId: game.id,
    version: game.version,
    verb: KEY_MOMENTS_VERB,
    arg: '',
  });
  return {
    ...results,
    components: [...results.components, row(button(id, t(language, 'moments.button'), ButtonStyle.Primary))],
  };
}
