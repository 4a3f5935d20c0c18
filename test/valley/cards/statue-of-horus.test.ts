import { describe, expect, it } from 'vitest';
import { view } from '../../../src/games/valley/view.ts';
import { Table } from '../table.ts';

describe('Statue of Horus: entomb a card from your hand', () => {
  it('puts a hand card into the tomb, publicly', () => {
    const t = Table.from({ players: 2, hands: [['statue-of-horus', 'statue-of-isis', 'urn'], []] });
    t.play(0, 'statue-of-horus');
    expect(t.prompt(0)).toBe('Statue of Horus: entomb a card from your hand.');
    expect(t.options(0)).toEqual(['Statue of Isis', 'Urn']);
    t.choose(0, 'Statue of Isis');
    expect(t.tomb(0)).toEqual(['statue-of-isis']);
    expect(t.hand(0)).toEqual(['urn']);
    expect(t.inPlay(0)).toEqual(['statue-of-horus']);
    expect(view(t.s, null).players[0]?.tomb.map((c) => c.card)).toEqual(['statue-of-isis']);
  });

  it('is in addition to the normal entombing, before or after it', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-horus', 'statue-of-horus', 'urn', 'shabti', 'box-of-food'], []],
    });
    t.play(0, 'statue-of-horus').choose(0, 'Urn');
    t.entomb(0, 'shabti');
    t.play(0, 'statue-of-horus').choose(0, 'Box of Food');
    expect(t.tomb(0)).toEqual(['urn', 'shabti', 'box-of-food']);
    // The normal entombing stays once per turn.
    const u = Table.from({ players: 2, hands: [['urn', 'shabti'], []] });
    u.entomb(0, 'urn');
    expect(u.refused(0, { type: 'entomb', card: u.inHand(0, 'shabti') })).toBe(
      'You have already entombed a card this turn (once per turn).',
    );
  });

  it('cannot be executed without another card in hand', () => {
    const t = Table.from({ players: 2, hands: [['statue-of-horus'], []] });
    expect(t.canPlay(0, 'statue-of-horus')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'statue-of-horus') })).toBe(
      'Statue of Horus cannot be executed now: you need a card in hand.',
    );
  });
});
