import { describe, expect, it } from 'vitest';
import * as steps from '../../src/store/absence-steps.ts';

const now = new Date(Date.UTC(2026, 0, 1, 12));

describe('what the absences decide (absence-steps.ts)', () => {
  it('a timed-out turn adds one to the run and writes it', () => {
    expect(steps.timeoutCounted(0)).toEqual({ run: 1, write: true });
    expect(steps.timeoutCounted(2)).toEqual({ run: 3, write: true });
  });

  it('a time-out on a seat the game does not have writes nothing and reads 0', () => {
    expect(steps.timeoutCounted(undefined)).toEqual({ run: 0, write: false });
  });

  it('a reset brings the run back to 0, writing only when it was not 0 already', () => {
    expect(steps.runReset(3)).toEqual({ run: 0, write: true });
    expect(steps.runReset(0)).toEqual({ run: 0, write: false });
    expect(steps.runReset(undefined)).toEqual({ run: 0, write: false });
  });

  it("a vote is one row per voter on a seat, and replaces that voter's earlier choice and time", () => {
    expect(steps.VOTE_KEY).toEqual(['gameId', 'seat', 'voterId']);
    expect(steps.voteRow(4, 1, 'u1', 'replace', now)).toEqual({
      row: { gameId: 4, seat: 1, voterId: 'u1', choice: 'replace', createdAt: now },
      replacing: { choice: 'replace', createdAt: now },
    });
  });

  it('the tally counts each choice among the votes read', () => {
    expect(steps.tallyOf([])).toEqual({ replace: 0, wait: 0 });
    expect(
      steps.tallyOf([{ choice: 'replace' }, { choice: 'wait' }, { choice: 'replace' }, { choice: 'other' }]),
    ).toEqual({ replace: 2, wait: 1 });
  });
});
