import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/adapters/english.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import type { GameRecord } from '../../src/store/records.ts';
import { controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A bot killed at an awkward moment of posting a board, then started again: at most one board per
 * turn, and only the newest board keeps its controls. Each awkward moment is made where the kill
 * would fall (a write that does not happen), then the bot restarts on the same database.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

const posted = (where: string) => h.loopback.control.messages(where).filter((m) => !m.ephemeral);
/** Every board ever posted (a table picture), and those that still have controls. */
const boards = (where: string) =>
  posted(where).filter((m) => m.attachments.some((a) => a.filename.endsWith('-table.png')));
const live = (where: string) => posted(where).filter((m) => controls(m).some((x) => x.verb === 'hand'));
const turnOf = (game: GameRecord) => h.bot.runtime.tables.view(game, null).turn.number;

/** The move the game's computer player would make for the seat it waits for, and whether it ends the turn. */
function nextMove(gameId: number) {
  const game = h.store.getGame(gameId);
  const adapter = h.bot.runtime.tables.adapterOf(game);
  const seat = adapter.game.waitingFor(game.state)[0] as number;
  const action = adapter.computers.move(game.state, seat, adapter.computers.kinds[0]);
  const next = adapter.game.apply(game.state, seat, action);
  if (!next.ok) throw new Error(`the computer's move was refused: ${en(next.error.msg)}`);
  const turnEnds = adapter.game.view(next.state, null).turn.number !== turnOf(game);
  return { game, seat, action, turnEnds };
}

/** Plays through the bot until the turn passes; `atTheEnd` runs just before the move that passes it. */
async function playToNextTurn(gameId: number, atTheEnd: () => void): Promise<void> {
  for (let k = 0; k < 100; k++) {
    const { game, seat, action, turnEnds } = nextMove(gameId);
    if (turnEnds) atTheEnd();
    await h.bot.runtime.table.move(gameId, seat, action, game.version).catch(() => undefined);
    await h.settle();
    if (turnEnds) return;
  }
  throw new Error('the turn never passed');
}

describe('boards after a restart', () => {
  it('a board posted but never stored (killed in between) is adopted, not posted again', async () => {
    const { gameId, where } = await startGameByLobby(d, alice, [bob]);
    await h.settle();
    const locations = h.bot.runtime.tables.store.locations;
    const setMessage = locations.setMessage;
    await playToNextTurn(gameId, () => {
      // The kill: the new board is sent, and nothing after it is written (this bot is then discarded).
      (locations as { setMessage: typeof setMessage }).setMessage = async (...args) => {
        const [id, kind, message] = args;
        const stored = await locations.getMessage(id, kind);
        if (kind === 'board' && message && message.messageId !== stored?.messageId)
          throw new Error('killed before the board was stored');
        return setMessage(...args);
      };
    });
    const orphan = boards(where).at(-1);
    const count = boards(where).length;
    expect(live(where)).toHaveLength(2);
    await h.restart();
    await h.settle();
    expect(boards(where).at(-1)?.id).toBe(orphan?.id);
    expect(boards(where)).toHaveLength(count);
    expect(live(where).map((m) => m.id)).toEqual([orphan?.id]);
    expect(h.store.locations.getMessage(gameId, 'board')?.messageId).toBe(orphan?.id);
    // Play goes on from it: the next move of the turn edits it.
    const { game, seat, action } = nextMove(gameId);
    await h.bot.runtime.table.move(gameId, seat, action, game.version);
    await h.settle();
    expect(live(where).map((m) => m.id)).toEqual([orphan?.id]);
  }, 60_000);

  it('a board stored before the one it replaced lost its controls: the old one loses them at startup', async () => {
    const { gameId, where } = await startGameByLobby(d, alice, [bob]);
    await h.settle();
    await playToNextTurn(gameId, () => {
      // The new board is posted and stored; the edit that takes the old one's controls never happens.
      h.loopback.control.faults.serverError('PATCH /channels/:channelId/messages/:messageId', 500, 2);
    });
    h.loopback.control.faults.clear();
    expect(live(where)).toHaveLength(2);
    const newest = boards(where).at(-1);
    const count = boards(where).length;
    await h.restart();
    await h.settle();
    expect(boards(where)).toHaveLength(count);
    expect(live(where).map((m) => m.id)).toEqual([newest?.id]);
  }, 60_000);

  it('a move committed but not published within the same turn: the board is edited, not posted again', async () => {
    const { gameId, where } = await startGameByLobby(d, alice, [bob]);
    await h.settle();
    const before = boards(where).length;
    expect(live(where)).toHaveLength(1);
    // A move of the turn that neither ends it nor asks anyone anything, committed behind the bot's back
    // (killed before publishing).
    const game = h.store.getGame(gameId);
    const rules = h.bot.runtime.tables.adapterOf(game).game;
    const seat = rules.waitingFor(game.state)[0] as number;
    const quiet = h.bot.runtime.tables.view(game, seat).actions.find(({ action }) => {
      const next = rules.apply(game.state, seat, action);
      if (!next.ok) return false;
      const after = rules.view(next.state, null);
      return after.turn.number === turnOf(game) && after.decision === null && !after.finished;
    });
    expect(quiet, 'a move that keeps the turn').toBeDefined();
    h.store.applyAction(gameId, { seat, action: quiet?.action, expectedVersion: game.version });
    await h.restart();
    await h.settle();
    expect(boards(where)).toHaveLength(before);
    expect(live(where)).toHaveLength(1);
    expect(h.store.locations.getMessage(gameId, 'board')?.version).toBe(h.store.getGame(gameId).version);
  }, 60_000);
});
