import { describe, expect, it } from 'vitest';
import { english, Table } from '../table.ts';

describe('Heart Scarab Amulet: entomb a card from your discard pile', () => {
  it('entombs any card of the discard pile, leaving the others in their order', () => {
    const t = Table.from({
      players: 2,
      hands: [['heart-scarab-amulet'], []],
      discards: [['urn', 'statue-of-isis', 'shabti', 'box-of-food'], []],
    });
    t.play(0, 'heart-scarab-amulet');
    expect(t.prompt(0)).toBe('Heart Scarab Amulet: entomb a card from your discard pile.');
    // The action lets the player search the pile, which is otherwise hidden from them on their turn.
    expect(t.options(0)).toEqual(['Urn', 'Statue of Isis', 'Shabti', 'Box of Food']);
    t.choose(0, 'Statue of Isis');
    expect(t.tomb(0)).toEqual(['statue-of-isis']);
    expect(t.discard(0)).toEqual(['urn', 'shabti', 'box-of-food']);
    expect(english(t.log.at(-1)?.text)).toBe(
      '@0 entombed Statue of Isis from their discard pile (Heart Scarab Amulet)',
    );
  });

  it('does not use up the normal entombing of the turn', () => {
    const t = Table.from({
      players: 2,
      hands: [['heart-scarab-amulet', 'urn'], []],
      discards: [['censer'], []],
    });
    t.entomb(0, 'urn');
    t.play(0, 'heart-scarab-amulet').choose(0, 'Censer');
    expect(t.tomb(0)).toEqual(['urn', 'censer']);
  });

  it('must be completed once started: there is no option to stop', () => {
    const t = Table.from({
      players: 2,
      hands: [['heart-scarab-amulet', 'urn'], []],
      discards: [['shabti'], []],
    });
    t.play(0, 'heart-scarab-amulet');
    expect(t.options(0)).toEqual(['Shabti']);
    expect(t.refused(0, { type: 'end-turn', top: null })).toBe('First answer the question you were asked.');
  });

  it('cannot be executed with an empty discard pile', () => {
    const t = Table.from({ players: 2, hands: [['heart-scarab-amulet', 'urn'], []], decks: [['urn'], []] });
    expect(t.canPlay(0, 'heart-scarab-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'heart-scarab-amulet') })).toBe(
      'Heart Scarab Amulet cannot be executed now: your discard pile must hold a card.',
    );
  });

  it('takes the deepest of identical copies, so the visible top of the discard pile stays as it was', () => {
    const t = Table.from({
      players: 2,
      hands: [['heart-scarab-amulet'], []],
      discards: [['urn', 'shabti', 'urn'], []],
    });
    // Same cards, but the copy on top is now the one with the lower instance number.
    t.s.players[0]?.discard.reverse();
    const top = t.s.players[0]?.discard.at(-1);
    t.play(0, 'heart-scarab-amulet').choose(0, 'Urn');
    expect(t.tomb(0)).toEqual(['urn']);
    expect(t.s.players[0]?.discard.at(-1)).toBe(top);
    expect(t.discard(0)).toEqual(['shabti', 'urn']);
  });
});
