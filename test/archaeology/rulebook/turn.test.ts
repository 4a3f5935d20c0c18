import { describe, expect, it } from 'vitest';
import { waitingFor } from '../../../src/games/archaeology/index.ts';
import { view } from '../../../src/games/archaeology/view.ts';
import { countsOf } from '../../../src/games/archaeology/zones.ts';
import { act, position, refusal } from '../helpers.ts';

/** Rulebook, "Playing The Game" and "2. Other actions", "3. End the turn". */
describe('a turn', () => {
  const table = () =>
    position({
      hands: [{ map: 1, coin: 3, talisman: 1 }, { coin: 1 }, { parchment: 1 }],
      market: { 'pot-shard': 2 },
      dig: ['coin', 'coin', 'coin'],
    });

  it('after digging, trade, explore and sell any number of times and in any order', () => {
    let s = table();
    s = act(s, 0, { type: 'sell', kind: 'talisman', count: 1 });
    s = act(s, 0, { type: 'trade', give: { coin: 1 }, take: { 'pot-shard': 2 } });
    s = act(s, 0, { type: 'explore', chamber: 'small' });
    s = act(s, 0, { type: 'sell', kind: 'coin', count: 2 });
    expect(s.turn.seat).toBe(0);
    expect(s.sold[0]).toHaveLength(2);
    expect(countsOf(s, s.hands[0] ?? [])['pot-shard']).toBeGreaterThanOrEqual(2);
  });

  it('or none of these actions: the turn may simply end', () => {
    const s = act(table(), 0, { type: 'end' });
    expect(s.turn.seat).toBe(1);
    expect(s.passes).toBeNull();
  });

  it('play passes to the next player clockwise, who digs', () => {
    let s = act(table(), 0, { type: 'end' });
    expect([s.turn.seat, s.hands[1]?.length]).toEqual([1, 2]);
    s = act(s, 1, { type: 'end' });
    s = act(s, 2, { type: 'end' });
    expect(s.turn.seat).toBe(0);
    expect(s.turn.number).toBe(3);
  });

  it('only the player to move acts', () => {
    const s = table();
    expect(waitingFor(s)).toEqual([0]);
    expect(refusal(s, 1, { type: 'sell', kind: 'coin', count: 1 }).code).toBe('not-your-turn');
    expect(refusal(s, 2, { type: 'end' }).code).toBe('not-your-turn');
    expect(view(s, 1).actions).toEqual([]);
  });

  it('nonsense is refused with a message, changing nothing', () => {
    const s = table();
    const before = JSON.stringify(s);
    for (const junk of [
      null,
      'end',
      { type: 'dig' },
      { type: 'sell', kind: 'gold', count: 1 },
      { type: 'explore', chamber: 'huge' },
    ])
      expect(refusal(s, 0, junk).code).toBe('malformed');
    expect(refusal(s, 0, { type: 'steal', from: 1 }).code).toBe('no-decision');
    expect(JSON.stringify(s)).toBe(before);
  });
});
