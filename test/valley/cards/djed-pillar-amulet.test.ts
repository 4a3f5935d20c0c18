import { describe, expect, it } from 'vitest';
import { Table } from '../table.ts';

describe('Djed Pillar Amulet: take a card of the same set as one in your tomb', () => {
  it('takes a matching set card from anywhere in the pyramid (Statue of Thoth in the tomb: Statue of Sobek from the top)', () => {
    const t = Table.from({
      players: 2,
      hands: [['djed-pillar-amulet'], []],
      tombs: [['statue-of-thoth', 'shabti'], []],
      discards: [['urn'], []],
      pyramid: [
        'book-of-gates',
        'censer',
        'urn',
        'imseti-canopic-jar',
        'hapi-canopic-jar',
        'statue-of-sobek',
      ],
    });
    t.play(0, 'djed-pillar-amulet');
    expect(t.prompt(0)).toBe('Djed Pillar Amulet: take a card of a set that is in your tomb.');
    expect(t.options(0)).toEqual(['Statue of Sobek (top)']);
    t.choose(0, 'Statue of Sobek');
    expect(t.discard(0)).toEqual(['urn', 'statue-of-sobek']);
    expect(t.pyramid()[5]).toBeNull();
    expect(t.tomb(0)).toEqual(['statue-of-thoth', 'shabti']);
  });

  it('offers every pyramid card of every set in the tomb, and the pyramid crumbles after the take', () => {
    const t = Table.from({
      players: 2,
      hands: [['djed-pillar-amulet'], []],
      tombs: [['statue-of-thoth', 'weres-amulet'], []],
      pyramid: ['statue-of-isis', 'censer', 'tyet-amulet', 'imseti-canopic-jar', 'statue-of-horus', 'urn'],
    });
    t.play(0, 'djed-pillar-amulet');
    expect(t.options(0)).toEqual([
      'Statue of Isis (base left)',
      'Tyet Amulet (base right)',
      'Statue of Horus (middle right)',
    ]);
    t.choose(0, 'Tyet Amulet');
    expect(t.discard(0)).toEqual(['tyet-amulet']);
    // Middle right falls into the base right, the top into the middle right.
    expect(t.pyramid()).toEqual([
      'statue-of-isis',
      'censer',
      'statue-of-horus',
      'imseti-canopic-jar',
      'urn',
      null,
    ]);
  });

  it('ignores starter cards and unique artifacts in the tomb: they are not set cards', () => {
    const t = Table.from({
      players: 2,
      hands: [['djed-pillar-amulet', 'urn'], []],
      tombs: [['shabti', 'urn', 'censer', 'boat'], []],
      pyramid: ['shabti', 'urn', 'censer', 'boat', 'statue-of-isis', null],
    });
    expect(t.canPlay(0, 'djed-pillar-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'djed-pillar-amulet') })).toBe(
      'Djed Pillar Amulet cannot be executed now: the pyramid must hold a card of a set that is in your tomb.',
    );
  });

  it('cannot be executed when no pyramid card matches a set in the tomb', () => {
    const t = Table.from({
      players: 2,
      hands: [['djed-pillar-amulet'], []],
      tombs: [['statue-of-thoth'], ['tyet-amulet']],
      pyramid: ['tyet-amulet', 'book-of-gates', null, null, null, null],
    });
    expect(t.canPlay(0, 'djed-pillar-amulet')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'djed-pillar-amulet') })).toMatch(
      /a set that is in your tomb/,
    );
  });
});
