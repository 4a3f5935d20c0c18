import { describe, expect, it } from 'vitest';
import { waitingFor } from '../../../src/games/valley/index.ts';
import { Table } from '../table.ts';

describe('Middle Sarcophagus: sacrifice a card from your hand; entomb a card from your hand', () => {
  it('puts one hand card on top of the boneyard, then another into the tomb, beyond the normal entombing', () => {
    const t = Table.from({
      players: 2,
      hands: [['middle-sarcophagus', 'urn', 'statue-of-isis', 'shabti', 'box-of-food'], []],
      boneyard: ['censer'],
    });
    t.entomb(0, 'box-of-food');
    t.play(0, 'middle-sarcophagus');
    expect(t.prompt(0)).toBe('Middle Sarcophagus: sacrifice a card from your hand.');
    expect(t.options(0)).toEqual(['Urn', 'Statue of Isis', 'Shabti']);
    t.choose(0, 'Urn');
    expect(t.boneyard()).toEqual(['censer', 'urn']);
    expect(t.prompt(0)).toBe('Middle Sarcophagus: entomb a card from your hand.');
    expect(t.options(0)).toEqual(['Statue of Isis', 'Shabti']);
    t.choose(0, 'Statue of Isis');
    expect(t.tomb(0)).toEqual(['box-of-food', 'statue-of-isis']);
    expect(t.hand(0)).toEqual(['shabti']);
    expect(waitingFor(t.s)).toEqual([0]);
  });

  it('opens a Mummified Cat window for the opponents before the entombing', () => {
    const t = Table.from({
      players: 3,
      hands: [['middle-sarcophagus', 'statue-of-isis', 'urn'], ['mummified-cat'], []],
    });
    t.play(0, 'middle-sarcophagus').choose(0, 'Statue of Isis');
    expect(waitingFor(t.s)).toEqual([1, 2]);
    expect(t.options(0)).toEqual([]);
    expect(t.options(1)).toEqual(['Pass', 'Discard Mummified Cat and take Statue of Isis']);
    expect(t.options(2)).toEqual(['Pass']);
    t.choose(1, 'Discard Mummified Cat').pass(2);
    expect(t.discard(1)).toEqual(['mummified-cat', 'statue-of-isis']);
    expect(t.boneyard()).toEqual([]);
    t.choose(0, 'Urn');
    expect(t.tomb(0)).toEqual(['urn']);
  });

  it('does not let the sacrificer recover their own card with Mummified Cat', () => {
    const t = Table.from({
      players: 2,
      hands: [['middle-sarcophagus', 'mummified-cat', 'statue-of-isis', 'urn'], []],
    });
    t.play(0, 'middle-sarcophagus').choose(0, 'Statue of Isis');
    // The window still asks the opponent (who cannot know where the Cat is), never the sacrificer.
    expect(waitingFor(t.s)).toEqual([1]);
    expect(t.options(1)).toEqual(['Pass']);
    expect(t.options(0)).toEqual([]);
    t.pass(1);
    expect(t.boneyard()).toEqual(['statue-of-isis']);
    expect(t.options(0)).toEqual(['Mummified Cat', 'Urn']);
  });

  it('cannot be executed with fewer than two other cards in hand', () => {
    const t = Table.from({ players: 2, hands: [['middle-sarcophagus', 'urn'], []] });
    expect(t.canPlay(0, 'middle-sarcophagus')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'middle-sarcophagus') })).toBe(
      'Middle Sarcophagus cannot be executed now: you need two cards in hand.',
    );
  });
});
