import { describe, expect, it } from 'vitest';
import { decodeAction, encodeAction } from '../../../src/adapters/valley/action-code.ts';
import type { ValleyAction } from '../../../src/games/valley/state.ts';

describe('action codes in custom ids and menu values', () => {
  it('round-trip every kind of action, the discard order included', () => {
    const actions: ValleyAction[] = [
      { type: 'buy', slot: 2, pay: [4, 17] },
      { type: 'play', card: 9 },
      { type: 'entomb', card: 0 },
      { type: 'end-turn', top: null },
      { type: 'end-turn', top: 12 },
      { type: 'end-turn', top: 12, beneath: [3, 40] },
      { type: 'answer', value: 's4' },
    ];
    for (const a of actions) expect(decodeAction(encodeAction(a))).toEqual(a);
  });

  it('refuse what is not well formed instead of guessing', () => {
    for (const bad of ['', 'x1', 'b', 'b1', 'b1.x', 'p', 'pq', 't', 't1.', 't1.x', 'tx', 'a'])
      expect(decodeAction(bad), bad).toBeNull();
  });
});
