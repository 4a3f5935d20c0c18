import { describe, expect, it } from 'vitest';
import { hintMessage } from '../../src/discord/hints.ts';
import { moveName } from '../../src/discord/move-names.ts';
import { Tables } from '../../src/discord/tables.ts';
import type { Analysis } from '../../src/games/kernel/analysis.ts';
import type { Seat } from '../../src/games/kernel/types.ts';
import type { ValleyAction, ValleyState } from '../../src/games/valley/state.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import { installedGames } from '../helpers/installed-games.ts';
import { memoryStore } from '../store/helpers/memory-store.ts';

/**
 * One way of naming a move, for hints and key moments alike (`moveName`: the rules' own description of the
 * action in its position, which the hand's choices and the log are made of): every legal move is named as
 * the hand names it, and a move that is not one of the hand's listed choices — an end of turn with the
 * order of the cards beneath its top, as a search or a person may give it — is named as itself, never as
 * the first listed move of its kind (what the hint's own matching of labels did).
 */
describe('naming a move', () => {
  it('a hint names each move as itself, as key moments do', async () => {
    const sync = memoryStore();
    const store = new SqliteStore(sync);
    const tables = new Tables(store, installedGames().adapters);
    const lobby = sync.lobbies.create({
      type: 'valley',
      seed: 'move-names',
      seats: [
        { userId: '100000000000000001', displayName: 'alice' },
        { userId: '100000000000000002', displayName: 'bob' },
      ],
    });
    const game = sync.startGame(lobby.id);
    const state = game.state as ValleyState;
    const seat = state.turn.seat as Seat;
    const adapter = tables.adapterOf(game);
    const ctx = tables.context(game, 'en');

    // Every move the hand offers is named as the hand names it.
    for (const a of tables.view(game, seat).actions)
      expect(moveName(adapter, state, seat, a.action, ctx)).toBe(adapter.messages.names(a.label, ctx));

    // An end of turn leaving the second card offered on top, with the rest beneath in an order of its own.
    const ends = adapter.game
      .legalActions(state, seat)
      .filter((a: ValleyAction) => a.type === 'end-turn' && a.top !== null) as (ValleyAction & {
      type: 'end-turn';
    })[];
    expect(ends.length).toBeGreaterThan(1);
    const top = ends[1]?.top as number;
    const beneath = ends.map((a) => a.top as number).filter((c) => c !== top);
    const end: ValleyAction = { type: 'end-turn', top, beneath };
    expect(adapter.game.apply(state, seat, end).ok).toBe(true);
    const named = moveName(adapter, state, seat, end, ctx);
    const first = adapter.messages.names(adapter.game.describe(state, seat, ends[0]), ctx);
    expect(named).not.toBe(first);

    const analysis: Analysis<unknown> = {
      moves: [{ action: end, winChance: 0.5, playouts: 10 }],
      playouts: 10,
    };
    const hint = hintMessage(tables, game, seat, analysis, 'en', 1).content;
    expect(hint).toContain(`**1. ${named}**`);
    expect(hint).not.toContain(`**1. ${first}**`);
    await store.close();
  });
});
