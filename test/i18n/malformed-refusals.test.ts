import { describe, expect, it } from 'vitest';
import { archaeologyText } from '../../src/adapters/archaeology/rules-text.ts';
import { valleyText } from '../../src/adapters/valley/rules-text.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import type { RuleError } from '../../src/games/kernel/types.ts';
import { valley } from '../../src/games/valley/index.ts';
import { type GameContext, seatName } from '../../src/table-kit/context.ts';

/** Only a bug or a forged click sends these, but whoever gets one reads it in their own language. */
function refusal(result: { ok: boolean; error?: RuleError }): RuleError {
  if (result.ok || !result.error) throw new Error('accepted');
  expect(result.error.msg.key).toBe('kernel.rules.malformed');
  return result.error;
}

const reader = (language: string) => ({ names: ['Ana', 'Ben'], language });

describe('refusals of malformed actions, in the reader’s language', () => {
  it('an action of no known shape names the game, in English and in Spanish', () => {
    const v = refusal(valley.apply(valley.setup({ players: 2 }, 'm'), 0, { type: 'fly' }));
    expect(valleyText(v.msg, reader('en'))).toMatch(
      /^Scarab cannot read that as a move of Valley of the Kings \(/,
    );
    expect(valleyText(v.msg, reader('es'))).toMatch(
      /^Scarab no puede leer eso como una jugada de Valle de los Reyes \(/,
    );
    const a = refusal(archaeology.apply(archaeology.setup({ players: 2 }, 'm'), 0, null));
    expect(archaeologyText(a.msg, reader('es'))).toMatch(/de Arqueología \(/);
  });

  it('every shape the schema refuses gets the same sentence, and the schema’s detail', () => {
    const s = archaeology.setup({ players: 2 }, 'm');
    for (const junk of [
      'end',
      { type: 'explore', chamber: 'huge' },
      { type: 'sell', kind: 'gold', count: 1 },
      { type: 'sell', kind: 'coin', count: 0 },
      { type: 'trade', give: { coin: -1 }, take: { coin: 1 } },
    ]) {
      const e = refusal(archaeology.apply(s, 0, junk));
      expect(e.code).toBe('malformed');
      const es = archaeologyText(e.msg, reader('es'));
      expect(es).toMatch(/^Scarab no puede leer eso como una jugada de Arqueología \(.+\)\.$/);
      expect(es).toContain(String(e.msg.values?.detail));
    }
  });

  it('a seat with no name left is called by its number in the reader’s words', () => {
    const ctx = (language: string): GameContext => ({
      gameId: 1,
      version: 0,
      names: [],
      users: [],
      language,
    });
    expect(seatName(ctx('en'), 2)).toBe('Seat 3');
    expect(seatName(ctx('es'), 2)).toBe('Asiento 3');
  });
});
