import { describe, expect, it } from 'vitest';
import { forgetPlan, type PersonRows, scheduleAbout, stillSeated } from '../../src/store/privacy-steps.ts';
import { decodeCustomId, encodeCustomId } from '../../src/table-kit/custom-id.ts';

/** What `store.privacy` decides from the rows naming a person, whichever database they came from. */
const P = '300000000000000101';
const at = new Date(0);
const game = (
  id: number,
  status: 'lobby' | 'active' | 'finished' | 'cancelled',
  language: string | null = null,
) => ({
  id,
  type: 'dice-race',
  status,
  guildId: null,
  channelId: null,
  threadId: null,
  hostUserId: null,
  createdAt: at,
  startedAt: null,
  finishedAt: null,
  outcome: null,
  language,
});
const row = (id: number, gameId: number | null, kind: string, payload: object, key = `${kind}:${id}`) => ({
  id,
  key,
  gameId,
  kind,
  dueAt: at,
  doneAt: at,
  outcome: 'fired',
  payload: JSON.stringify(payload),
});
const rows = (over: Partial<PersonRows>): PersonRows => ({
  userId: P,
  settings: null,
  games: [],
  seats: [],
  holders: [],
  votes: [],
  ratings: [],
  ratingChanges: [],
  schedule: [],
  tournaments: { heads: [], entrants: [], rounds: [], tables: [], results: [] },
  ...over,
});

describe('which rows are about a person', () => {
  const person = rows({
    games: [game(1, 'finished'), game(2, 'active')],
    seats: [
      { gameId: 1, seat: 2, displayName: 'Pnina' },
      { gameId: 2, seat: 0, displayName: 'Pnina' },
    ],
    schedule: [
      row(1, 1, 'remind', { seat: 2, turn: 4 }),
      row(2, 1, 'remind', { seat: 1, turn: 4 }),
      row(3, 1, 'nudge', { seat: 1, by: 'Pnina' }),
      row(4, 2, 'timeout', { seat: 0, turn: 9 }),
      row(5, 2, 'nudge', { seat: 1, by: 'Pnina' }),
      row(6, null, 'vacation', {}, `vacation:${P}`),
      row(7, null, 'season-end', {}),
      row(8, 1, 'broken', {}, 'broken:8'),
    ].map((r) => (r.id === 8 ? { ...r, payload: 'not json' } : r)),
  });

  it('in a finished game, its rows of their seat and their nudges; in a running one, their nudges only', () => {
    expect(scheduleAbout(person).map((r) => r.id)).toEqual([1, 3, 5, 6]);
  });

  it('a seat at an open table is handed over first', () => {
    expect(stillSeated(person)).toEqual([2]);
    expect(stillSeated(rows({ ...person, games: [game(1, 'finished'), game(2, 'cancelled')] }))).toEqual([]);
  });

  it('each game names them as a former player in its own language, with the rows to delete', () => {
    const plan = forgetPlan(
      rows({ ...person, games: [game(1, 'finished', 'es'), game(2, 'cancelled')] }),
      (language) => (language === 'es' ? 'un exjugador' : 'a former player'),
    );
    expect(plan.games).toEqual([
      { id: 1, former: { userId: null, botKind: 'former', displayName: 'un exjugador' } },
      { id: 2, former: { userId: null, botKind: 'former', displayName: 'a former player' } },
    ]);
    expect(plan.scheduleIds).toEqual([1, 3, 4, 5, 6]);
  });
});

describe("/privacy's controls", () => {
  it('carry the scope, the second they were drawn and the person, and decode back', () => {
    const id = encodeCustomId({ scope: 'privacy', gameId: 1_790_000_000, version: 0, verb: 'erase', arg: P });
    expect(id).toBe(`s1:p:1790000000:0:erase:${P}`);
    expect(decodeCustomId(id)).toEqual({
      scope: 'privacy',
      gameId: 1_790_000_000,
      version: 0,
      verb: 'erase',
      arg: P,
    });
  });
});
