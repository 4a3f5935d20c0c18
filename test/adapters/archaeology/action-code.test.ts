import { describe, expect, it } from 'vitest';
import {
  decodeArchaeologyAction,
  encodeArchaeologyAction,
} from '../../../src/adapters/archaeology/action-code.ts';
import { en } from '../../../src/adapters/english.ts';
import { apply, archaeology, waitingFor } from '../../../src/games/archaeology/index.ts';
import { legalActions } from '../../../src/games/archaeology/legal-actions.ts';
import type { ArchaeologyAction } from '../../../src/games/archaeology/state.ts';
import { nextInt, seedRng } from '../../../src/games/kernel/rng.ts';

describe('Archaeology action codes', () => {
  it('every legal action of whole games survives encode → decode, in at most 100 characters', () => {
    let checked = 0;
    for (let g = 0; g < 20; g++) {
      let s = archaeology.setup({ players: 2 + (g % 3) }, `code-${g}`);
      const rng = seedRng(`c${g}`);
      while (!s.finished) {
        const seat = waitingFor(s)[0] as number;
        const legal = legalActions(s, seat);
        for (const a of legal) {
          const code = encodeArchaeologyAction(a);
          expect(code.length).toBeLessThanOrEqual(100);
          expect(decodeArchaeologyAction(code)).toEqual(a);
          checked++;
        }
        const end = legal.find((a) => a.type === 'end');
        const a =
          end && nextInt(rng, 3) === 0 ? end : (legal[nextInt(rng, legal.length)] as ArchaeologyAction);
        const r = apply(s, seat, a);
        if (!r.ok) throw new Error(en(r.error.msg));
        s = r.state;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('larger trades and discards round-trip too', () => {
    const actions: ArchaeologyAction[] = [
      { type: 'trade', give: { parchment: 2, coin: 1 }, take: { 'pot-shard': 1, talisman: 1 } },
      { type: 'discard', cards: { coin: 12, map: 1 } },
      { type: 'sell', kind: 'broken-cup', count: 3 },
      { type: 'steal', from: 3 },
      { type: 'explore', chamber: 'large' },
    ];
    for (const a of actions) expect(decodeArchaeologyAction(encodeArchaeologyAction(a))).toEqual(a);
  });

  it('damaged codes decode to null', () => {
    for (const bad of [
      '',
      'q',
      'tc1',
      'tc1/t1/x',
      'xz',
      's',
      'sc1t1',
      'e1',
      'r',
      'r12',
      'd',
      'dz1',
      'tc0/t1',
      'tc1c1/t1',
    ])
      expect(decodeArchaeologyAction(bad), bad).toBeNull();
  });
});
