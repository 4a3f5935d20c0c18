import { botMove, isBotName } from '../../games/valley/bots/index.ts';
import { type Catalog, fullCatalog } from '../../games/valley/catalog.ts';
import { valley } from '../../games/valley/index.ts';
import { valleyFirstGame } from '../../games/valley/lessons/first-game.ts';
import { scoreSeat } from '../../games/valley/score.ts';
import type { ValleyAction, ValleyState } from '../../games/valley/state.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import { playerOf } from '../../table-kit/computer-levels.ts';
import type { GameAdapter } from '../game-adapter.ts';
import { decodeAction, encodeAction } from './action-code.ts';
import { boardMessage, decisionPing, finishedBoardMessage } from './board-message.ts';
import { cardName, otherCardNames, setName } from './card-names.ts';
import { valleyClick } from './hand-clicks.ts';
import { handMessage, type ValleyStep } from './hand-message.ts';
import { cardMessage, logMessage, rulesMessage, tombsMessage } from './info-messages.ts';
import { valleyLobbySettings } from './lobby-settings.ts';
import { valleyMoveReasons } from './move-reasons.ts';
import { canvasPictures, type ValleyPictures } from './pictures.ts';
import { resultsMessage } from './results-message.ts';
import { valleyText } from './rules-text.ts';

/**
 * Valley of the Kings at a table: its messages, pictures, controls and computer players. `catalog` holds
 * every card a game may be dealt (both boxes): card facts not frozen into a game's state (action texts,
 * set names, which numbers are provisional) come from it. A game's own cards are its pool (options).
 */
export function valleyAdapter(
  catalog: Catalog = fullCatalog,
  pictures: ValleyPictures = canvasPictures(catalog),
): GameAdapter<ValleyAction, ValleyView, ValleyStep> {
  return {
    game: valley,
    lobbyCommand: { name: 'valley', description: 'Open a lobby for a new game of Valley of the Kings' },
    codec: { encode: encodeAction, decode: decodeAction },
    messages: {
      board: (v, ctx, o) => boardMessage(v, ctx, pictures, o),
      hand: (v, ctx, o) => handMessage(v, ctx, pictures, catalog, { ...o.step, banner: o.banner }),
      decisionPing,
      results: (v, ctx, lines) => resultsMessage(v, ctx, pictures, lines),
      finishedBoard: (v, ctx, link) => finishedBoardMessage(v, ctx, pictures, link),
      names: (msg, ctx) => valleyText(msg, ctx),
    },
    click: valleyClick,
    info: [
      { verb: 'tombs', label: 'Tombs', build: (v, ctx) => tombsMessage(v, ctx, pictures) },
      { verb: 'log', label: 'Log', build: logMessage },
    ],
    lesson: valleyFirstGame,
    computers: {
      kinds: ['normal', 'easy', 'hard'],
      thinks: ['hard', 'search'],
      move: (state: ValleyState, seat, kind) => {
        const player = playerOf(kind);
        return botMove(state, seat, isBotName(player) ? player : 'heuristic');
      },
    },
    cards: {
      list: (language) =>
        catalog.cards.map((c) => ({
          id: c.id,
          name: cardName(c.id, language),
          aliases: otherCardNames(c.id, language),
        })),
      show: (id, language) => cardMessage(catalog, id, pictures, language),
    },
    rules: rulesMessage,
    lobbySettings: valleyLobbySettings,
    moveReasons: valleyMoveReasons,
    favourites: {
      of: (state: ValleyState | null, seat) =>
        state === null ? [] : scoreSeat(state, seat).sets.map((s) => ({ set: s.set, distinct: s.distinct })),
      name: (id, language) => (catalog.sets.some((s) => s.id === id) ? setName(id, language) : id),
    },
  };
}
