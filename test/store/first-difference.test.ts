import { describe, expect, it } from 'vitest';
import { firstDifference } from '../../src/store/replay.ts';

/**
 * Stored states are compared with their replays, every field: games stored in an older shape are rewritten
 * when the database opens (src/store/data-migrations.ts), so no difference is excused.
 */
describe('firstDifference', () => {
  const line = (text: string, msg?: object) => ({ turn: 1, text, ...(msg ? { msg } : {}) });
  const json = (log: object[]) => JSON.stringify({ log });

  it('a stored state without the messages a replay now writes is a difference', () => {
    const stored = json([line('@0 ended their turn')]);
    const replayed = json([
      line('@0 ended their turn', { key: 'valley.rules.end.log', values: { seat: '@0' } }),
    ]);
    expect(firstDifference(stored, replayed)?.path).toBe('$.log[0].msg');
    expect(firstDifference(replayed, replayed)).toBeNull();
  });

  it('a different text is still a difference, messages or not', () => {
    const stored = json([line('@1 ended their turn')]);
    const replayed = json([line('@0 ended their turn', { key: 'valley.rules.end.log' })]);
    expect(firstDifference(stored, replayed)?.path).toBe('$.log[0].text');
  });

  it('a message stored differently from the replay is a difference', () => {
    const stored = json([
      line('@0 ended their turn', { key: 'valley.rules.end.log', values: { seat: '@1' } }),
    ]);
    const replayed = json([
      line('@0 ended their turn', { key: 'valley.rules.end.log', values: { seat: '@0' } }),
    ]);
    expect(firstDifference(stored, replayed)?.path).toBe('$.log[0].msg.values.seat');
  });

  it('a missing entry is a difference', () => {
    expect(firstDifference(json([]), json([line('x')]))?.path).toBe('$.log[0]');
  });
});
