import { archaeologyBotMove, isArchaeologyBotName } from '../../games/archaeology/bots/index.ts';
import { type ArchaeologyCatalog, archaeologyCatalog, isTreasure } from '../../games/archaeology/catalog.ts';
import { archaeology } from '../../games/archaeology/index.ts';
import { archaeologyFirstGame } from '../../games/archaeology/lessons/first-game.ts';
import type { ArchaeologyAction, ArchaeologyState } from '../../games/archaeology/state.ts';
import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import { playerOf } from '../../table-kit/computer-levels.ts';
import type { GameAdapter } from '../game-adapter.ts';
import { decodeArchaeologyAction, encodeArchaeologyAction } from './action-code.ts';
import { boardMessage, decisionPing, finishedBoardMessage } from './board-message.ts';
import { archaeologyClick } from './hand-clicks.ts';
import { type ArchaeologyStep, handMessage } from './hand-message.ts';
import {
  archaeologyCardList,
  archaeologyCardMessage,
  archaeologyRules,
  logMessage,
  museumMessage,
  pricesMessage,
} from './info-messages.ts';
import { archaeologyMoveReasons } from './move-reasons.ts';
import { type ArchaeologyPictures, canvasArchaeologyPictures } from './pictures.ts';
import { resultsMessage } from './results-message.ts';
import { archaeologyText } from './rules-text.ts';
import { treasureNameOf } from './summary.ts';

/** Archaeology at a table: its messages, pictures, controls and computer players. */
export function archaeologyAdapter(
  catalog: ArchaeologyCatalog = archaeologyCatalog,
  pictures: ArchaeologyPictures = canvasArchaeologyPictures,
): GameAdapter<ArchaeologyAction, ArchaeologyView, ArchaeologyStep> {
  return {
    game: archaeology,
    lobbyCommand: { name: 'archaeology', description: 'Open a lobby for a new game of Archaeology' },
    codec: { encode: encodeArchaeologyAction, decode: decodeArchaeologyAction },
    messages: {
      board: (v, ctx, o) => boardMessage(v, ctx, pictures, o),
      hand: (v, ctx, o) => handMessage(v, ctx, pictures, { ...o.step, banner: o.banner }),
      decisionPing,
      results: (v, ctx, lines) => resultsMessage(v, ctx, pictures, lines),
      finishedBoard: (v, ctx, link) => finishedBoardMessage(v, ctx, pictures, link),
      names: (msg, ctx) => archaeologyText(msg, ctx),
    },
    click: archaeologyClick,
    info: [
      { verb: 'museum', label: 'Museum', build: museumMessage },
      { verb: 'prices', label: 'Prices', build: pricesMessage },
      { verb: 'log', label: 'Log', build: logMessage },
    ],
    lesson: archaeologyFirstGame,
    computers: {
      kinds: ['normal', 'easy', 'hard'],
      thinks: ['hard', 'search'],
      move: (state: ArchaeologyState, seat, kind) => {
        const player = playerOf(kind);
        return archaeologyBotMove(state, seat, isArchaeologyBotName(player) ? player : 'heuristic');
      },
    },
    cards: {
      list: (language) => archaeologyCardList(catalog, language),
      show: (id, language) => archaeologyCardMessage(catalog, id, language),
    },
    rules: archaeologyRules,
    moveReasons: archaeologyMoveReasons,
    // `/stats`: the treasures a player sold, with how many cards of each.
    favourites: {
      of: (state: ArchaeologyState | null, seat) => {
        const byKind = new Map<string, number>();
        for (const set of state?.sold[seat] ?? [])
          byKind.set(set.kind, (byKind.get(set.kind) ?? 0) + set.cards.length);
        return [...byKind].map(([set, distinct]) => ({ set, distinct }));
      },
      name: (id, language) => (isTreasure(id) ? treasureNameOf(id, 2, language) : id),
    },
  };
}
