import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

describe('Antechamber: put a card from your discard pile into your hand', () => {
  it('"Search your discard pile": every distinct card of the pile is offered, and the chosen one goes to the hand', () => {
    const t = table({
      players: 2,
      hands: [['antechamber', 'urn'], []],
      discards: [['censer', 'shabti', 'censer'], []],
    });
    t.play(0, 'antechamber');
    expect(t.prompt(0)).toBe('Antechamber: put which card from your discard pile into your hand?');
    expect(t.options(0)).toEqual(['Censer', 'Shabti']);
    t.choose(0, 'Censer');
    expect(t.hand(0)).toEqual(['urn', 'censer']);
    // The deepest copy was taken: the pile's visible top did not change.
    expect(t.discard(0)).toEqual(['shabti', 'censer']);
    expect(t.inPlay(0)).toEqual(['antechamber']);
  });

  it('the public log does not say which card was taken into the hand', () => {
    const t = table({ players: 2, hands: [['antechamber'], []], discards: [['statue-of-isis'], []] });
    t.play(0, 'antechamber').choose(0, 'Statue of Isis');
    expect(english(t.log.at(-1)?.text)).toBe(
      '@0 put a card from their discard pile into their hand (Antechamber)',
    );
    expect(JSON.stringify({ ...view(t.s, 1), defs: undefined })).not.toContain('"statue-of-isis"');
  });

  it('"Once you begin the search, you must complete the action": there is no way out of the question', () => {
    const t = table({ players: 2, hands: [['antechamber'], []], discards: [['urn'], []] });
    t.play(0, 'antechamber');
    expect(t.legal(0)).toEqual([{ type: 'answer', value: expect.stringMatching(/^c\d+$/) }]);
  });

  it('cannot be executed with an empty discard pile', () => {
    const t = table({ players: 2, hands: [['antechamber', 'urn'], []] });
    expect(t.canPlay(0, 'antechamber')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'antechamber') })).toBe(
      'Antechamber cannot be executed now: your discard pile must hold a card.',
    );
  });
});
