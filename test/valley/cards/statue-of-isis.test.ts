import { describe, expect, it } from 'vitest';
import { baseCatalog, findCard } from '../../../src/games/valley/catalog.ts';
import { Table } from '../table.ts';

const cost = (id: string) => findCard(baseCatalog, id)?.cost.value;

describe('Statue of Isis: take a card with a cost of 6 or less', () => {
  it('takes any pyramid card costing 6 or less (any row) onto the discard pile; the pyramid crumbles', () => {
    expect([cost('boat'), cost('statue-of-isis'), cost('statue-of-thoth'), cost('urn')]).toEqual([
      6, 7, 7, 1,
    ]);
    const t = Table.from({
      players: 2,
      hands: [['statue-of-isis'], []],
      discards: [['shabti'], []],
      pyramid: ['statue-of-thoth', 'statue-of-isis', 'urn', 'boat', 'statue-of-thoth', 'censer'],
    });
    t.play(0, 'statue-of-isis');
    expect(t.prompt(0)).toBe('Statue of Isis: take a card costing 6 or less.');
    expect(t.options(0)).toEqual(['Urn (base right)', 'Boat (middle left)', 'Censer (top)']);
    t.choose(0, 'Boat');
    expect(t.discard(0)).toEqual(['shabti', 'boat']);
    // The top falls into the emptied middle left.
    expect(t.pyramid()).toEqual([
      'statue-of-thoth',
      'statue-of-isis',
      'urn',
      'censer',
      'statue-of-thoth',
      null,
    ]);
  });

  it('changes the pyramid, so the rebuild step does not ask for a sacrifice', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-isis'], []],
      pyramid: ['urn', 'urn', 'urn', 'urn', 'urn', 'urn'],
      stock: ['shabti', 'shabti'],
    });
    t.play(0, 'statue-of-isis').choose(0, '(top)');
    t.endTurn(0);
    expect(t.options(0)).toEqual([]);
    expect(t.s.turn.seat).toBe(1);
    expect(t.pyramid()[5]).toBe('shabti');
  });

  it('cannot be executed when every pyramid card costs more than 6', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-isis'], []],
      pyramid: ['statue-of-thoth', 'statue-of-isis', null, null, null, 'statue-of-thoth'],
    });
    expect(t.canPlay(0, 'statue-of-isis')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'statue-of-isis') })).toBe(
      'Statue of Isis cannot be executed now: the pyramid must hold a card costing 6 or less.',
    );
  });

  it('cannot be executed when the pyramid is empty', () => {
    const t = Table.from({ players: 2, hands: [['statue-of-isis'], []] });
    expect(t.canPlay(0, 'statue-of-isis')).toBe(false);
  });
});
