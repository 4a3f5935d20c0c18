import { describe, expect, it } from 'vitest';
import type { Tables } from '../../src/discord/tables.ts';
import { thinkingNotes } from '../../src/discord/thinking-note.ts';
import type { GameRecord } from '../../src/store/records.ts';

/** The board's "… is thinking" line: only for a computer that thinks long and that the game waits for. */
const game = {
  id: 3,
  status: 'active',
  seats: [
    { seat: 0, userId: 'ann', botKind: null, displayName: 'Ann' },
    { seat: 1, userId: null, botKind: 'hard', displayName: 'Computer 1' },
    { seat: 2, userId: null, botKind: 'easy', displayName: 'Computer 2' },
  ],
} as unknown as GameRecord;

function tables(waiting: number[], language = 'en'): Tables {
  return {
    adapterOf: () => ({ computers: { thinks: ['hard', 'search'] } }),
    waitingFor: () => waiting,
    context: () => ({
      names: game.seats.map((s) => s.displayName),
      users: game.seats.map((s) => s.userId),
      levels: [null, 'Hard', 'Easy'],
      language,
    }),
  } as unknown as Tables;
}

describe('the thinking note on the board', () => {
  it('names a Hard computer the game waits for, in the game language', () => {
    expect(thinkingNotes(tables([1]), game)).toEqual(['⏳ Computer 1 (Hard) is thinking…']);
    expect(thinkingNotes(tables([1], 'es'), game)).toEqual(['⏳ Computer 1 (Hard) está pensando…']);
  });

  it('says nothing while a person or a quick computer is awaited, or once the game is over', () => {
    expect(thinkingNotes(tables([0]), game)).toEqual([]);
    expect(thinkingNotes(tables([2]), game)).toEqual([]);
    expect(thinkingNotes(tables([1]), { ...game, status: 'finished' })).toEqual([]);
  });
});
