import { describe, expect, it } from 'vitest';
import { type Replay, Replays } from '../../src/discord/replays.ts';
import type { Tables } from '../../src/discord/tables.ts';
import { emptyPayload, type Payload } from '../../src/table-kit/payload.ts';

/** A replay step is drawn once and shown again from memory while it is among the newest kept. */
describe('Replays.step', () => {
  const replay = { game: { id: 7 } } as unknown as Replay;
  const other = { game: { id: 8 } } as unknown as Replay;

  it('draws a step once, and again for another language, move or game', () => {
    const replays = new Replays({} as Tables);
    let drawn = 0;
    const draw = (): Payload => {
      drawn++;
      return emptyPayload(`drawing ${drawn}`);
    };
    const first = replays.step(replay, 3, 'en', draw);
    expect(replays.step(replay, 3, 'en', draw)).toBe(first);
    expect(drawn).toBe(1);
    replays.step(replay, 3, 'es', draw);
    replays.step(replay, 4, 'en', draw);
    replays.step(other, 3, 'en', draw);
    expect(drawn).toBe(4);
  });

  it('forgets the least recently shown step beyond the newest 32', () => {
    const replays = new Replays({} as Tables);
    let drawn = 0;
    const draw = (): Payload => {
      drawn++;
      return emptyPayload('');
    };
    for (let move = 0; move < 32; move++) replays.step(replay, move, 'en', draw);
    // Move 0 shown again is the newest now; move 1 is the oldest and goes when one more is kept.
    replays.step(replay, 0, 'en', draw);
    replays.step(replay, 32, 'en', draw);
    expect(drawn).toBe(33);
    replays.step(replay, 0, 'en', draw);
    expect(drawn).toBe(33);
    replays.step(replay, 1, 'en', draw);
    expect(drawn).toBe(34);
  });
});
