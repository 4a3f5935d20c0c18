import { afterEach, describe, expect, it } from 'vitest';
import {
  type Analyser,
  findKeyMoments,
  type KeyMomentsBudget,
  movesMadeFor,
  peopleDecisions,
} from '../../src/discord/key-moments.ts';
import type { MoveCost } from '../../src/games/kernel/analysis.ts';
import type { Seat } from '../../src/games/kernel/types.ts';
import { getGame, playersOf } from '../../src/games/registry.ts';
import type { MadeBy } from '../../src/store/records.ts';
import type { Store } from '../../src/store/store.ts';
import { availableBackends, backendOpener } from '../store/helpers/backends.ts';

/**
 * Key moments are a person's own moves only: a move the computer made for their seat (their time ran out,
 * or they were away) is stored as the stand-in's (`actions.made_by`, in the move's transaction) and never
 * analysed as theirs. The game is played in the store, on each backend: alice (a person) against a Normal
 * computer, both playing as Normal does; at one of her decisions she plays another move herself, at a later
 * one the stand-in plays another move for her. The analysis is scripted so that the test takes seconds and
 * its verdicts are certain: a move other than Normal's choice is a clear mistake (a notable loss), Normal's
 * choice costs nothing. Which losses are notable is the real analysis's business (key-moments-noise.test.ts).
 */
const ALICE = '100000000000000001';
const BUDGET: KeyMomentsBudget = { screenPlayouts: 4, screenDuels: 4, confirm: 5, confirmDuels: 100 };

const module = getGame('valley');
const players = playersOf('valley');
const normal = (state: unknown, seat: Seat) => players.move(state, seat, 'heuristic');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Another legal move than Normal's: the mistake. */
function mistake(state: unknown, seat: Seat): unknown {
  const best = normal(state, seat);
  return module.legalActions(state, seat).find((a: unknown) => !same(a, best));
}

const analyser: Analyser = async (_type, state, seat, request) => {
  const best = normal(state, seat);
  const wrong = !same(request.played, best);
  const cost: MoveCost<unknown> = {
    best,
    played: request.played,
    duels: request.duels ?? 0,
    bestWinChance: 0.6,
    playedWinChance: wrong ? 0.2 : 0.6,
    loss: wrong ? 0.4 : 0,
    stderr: 0.02,
    notable: wrong,
  };
  return { moves: [{ action: best, winChance: 0.6, playouts: 0 }], playouts: 0, cost };
};

/** Plays until a few moves after the stand-in's mistake; returns both mistakes' positions (moves made before). */
async function playWithMistakes(store: Store): Promise<{ gameId: number; own: number; standIn: number }> {
  const lobby = await store.lobbies.create({
    type: 'valley',
    seed: 'stand-in-mistakes',
    channelId: '100000000000000010',
    guildId: '100000000000000011',
    hostUserId: ALICE,
    seats: [
      { userId: ALICE, displayName: 'alice' },
      { botKind: 'normal', displayName: 'Computer' },
    ],
  });
  const gameId = (await store.startGame(lobby.id)).id;
  let own: number | null = null;
  let standIn: number | null = null;
  let decided = 0;
  for (let after = 0; after < 4; ) {
    const game = await store.getGame(gameId);
    const seat = module.waitingFor(game.state)[0] as Seat;
    let action = normal(game.state, seat);
    let madeBy: MadeBy = 'holder';
    if (game.seats[seat]?.userId === ALICE && module.legalActions(game.state, seat).length > 1) {
      decided++;
      if (decided === 3) {
        own = game.version;
        action = mistake(game.state, seat);
      } else if (decided === 5) {
        standIn = game.version;
        action = mistake(game.state, seat);
        madeBy = 'stand-in';
      }
    }
    await store.applyAction(gameId, { seat, action, expectedVersion: game.version, madeBy });
    if (standIn !== null) after++;
  }
  return { gameId, own: own as number, standIn: standIn as number };
}

describe.each(availableBackends())(
  'key moments on $name: the stand-in’s moves are never a person’s',
  (backend) => {
    const backends = backendOpener(backend);
    afterEach(() => backends.closeOpened());

    it('stores who made each move; flags her own clear mistake, never the one the stand-in made for her', async () => {
      const { store } = await backends.open();
      const { gameId, own, standIn } = await playWithMistakes(store);
      const game = await store.getGame(gameId);
      const log = await store.actionLog(gameId);
      expect(log[own]?.madeBy).toBe('holder');
      expect(log[standIn]?.madeBy).toBe('stand-in');
      expect(movesMadeFor(game, log, ALICE)).toBe(1);

      const decisions = await peopleDecisions(game, log);
      expect(decisions.map((x) => x.move)).toContain(own);
      expect(decisions.map((x) => x.move)).not.toContain(standIn);
      const found = await findKeyMoments('valley', decisions, analyser, BUDGET);
      expect(found.moments.map((m) => m.move)).toEqual([own]);

      // The same log read as moves stored before `made_by` were (null: taken as hers) blames her for it: the
      // stand-in's move is a mistake the analysis shows whenever it is looked at.
      const unknown = log.map((a) => ({ ...a, madeBy: null }));
      const blamed = await findKeyMoments('valley', await peopleDecisions(game, unknown), analyser, BUDGET);
      expect(blamed.moments.map((m) => m.move)).toEqual([own, standIn]);
    }, 30_000);
  },
);
