import { describe, expect, it } from 'vitest';
import { waitingFor } from '../../../src/games/valley/index.ts';
import { view } from '../../../src/games/valley/view.ts';
import { english, Table } from '../table.ts';

const REVEAL = 'Reveal Offering Table: this does not affect you';

describe('Inner Sarcophagus: each opponent discards down to 3 cards', () => {
  it('has each opponent with 4 or more cards, in turn order, discard one card at a time until 3 remain', () => {
    // Seat 1 plays in a 4-player game: seats 2, 3 and 0 are asked, in that order.
    const t = Table.from({
      players: 4,
      seat: 1,
      hands: [
        ['urn', 'urn', 'shabti', 'box-of-food'],
        ['inner-sarcophagus'],
        ['urn', 'shabti', 'box-of-food', 'statue-of-isis', 'censer', 'chariot'],
        ['urn', 'shabti', 'box-of-food'],
      ],
    });
    t.play(1, 'inner-sarcophagus');
    expect(waitingFor(t.s)).toEqual([2]);
    expect(t.prompt(2)).toBe('Inner Sarcophagus (@1): discard down to 3 cards (3 more to discard).');
    t.choose(2, 'Censer');
    expect(t.prompt(2)).toMatch(/\(2 more to discard\)/);
    t.choose(2, 'Statue of Isis');
    expect(t.prompt(2)).toMatch(/\(1 more to discard\)/);
    t.choose(2, 'Urn');
    // Seat 3 has exactly 3 cards: nothing to do.
    expect(waitingFor(t.s)).toEqual([0]);
    t.choose(0, 'Urn');
    expect(waitingFor(t.s)).toEqual([1]);
    expect(t.hand(2)).toEqual(['shabti', 'box-of-food', 'chariot']);
    expect(t.discard(2)).toEqual(['censer', 'statue-of-isis', 'urn']);
    expect(t.hand(3)).toEqual(['urn', 'shabti', 'box-of-food']);
    expect(t.hand(0)).toEqual(['urn', 'shabti', 'box-of-food']);
  });

  it('lets everyone see the discards', () => {
    const t = Table.from({
      players: 3,
      hands: [['inner-sarcophagus'], ['urn', 'shabti', 'box-of-food', 'statue-of-isis', 'censer'], []],
    });
    t.play(0, 'inner-sarcophagus').choose(1, 'Statue of Isis').choose(1, 'Censer');
    const publicLog = t.log.map((e) => english(e.text));
    expect(publicLog).toContain('@1 discarded Statue of Isis (Inner Sarcophagus)');
    expect(publicLog).toContain('@1 discarded Censer (Inner Sarcophagus)');
    expect(view(t.s, null).players[1]?.discardTop?.card).toBe('censer');
  });

  it('is blocked by Offering Table, revealed before the first discard only', () => {
    const t = Table.from({
      players: 3,
      hands: [
        ['inner-sarcophagus'],
        ['offering-table', 'urn', 'shabti', 'box-of-food', 'censer'],
        ['offering-table', 'urn', 'shabti', 'box-of-food', 'censer'],
      ],
    });
    t.play(0, 'inner-sarcophagus');
    expect(t.options(1)[0]).toBe(REVEAL);
    t.choose(1, REVEAL);
    expect(t.hand(1)).toHaveLength(5);
    expect(t.discard(1)).toEqual([]);
    // Seat 2 starts discarding instead; having accepted the action, it cannot block halfway through.
    expect(t.options(2)[0]).toBe(REVEAL);
    t.choose(2, 'Censer');
    expect(t.options(2)).not.toContain(REVEAL);
    t.choose(2, 'Urn');
    expect(t.hand(2)).toEqual(['offering-table', 'shabti', 'box-of-food']);
    expect(waitingFor(t.s)).toEqual([0]);
  });

  it('offers Offering Table again to the next opponent after one has discarded several cards', () => {
    const t = Table.from({
      players: 3,
      hands: [
        ['inner-sarcophagus'],
        ['urn', 'shabti', 'box-of-food', 'censer', 'chariot'],
        ['offering-table', 'urn', 'shabti', 'box-of-food'],
      ],
    });
    t.play(0, 'inner-sarcophagus').choose(1, 'Censer').choose(1, 'Chariot');
    expect(t.options(2)).toEqual([REVEAL, 'Offering Table', 'Urn', 'Shabti', 'Box of Food']);
    t.choose(2, REVEAL);
    expect(t.hand(2)).toHaveLength(4);
    expect(waitingFor(t.s)).toEqual([0]);
  });

  it('can be executed even when every opponent has 3 or fewer cards (nothing happens), but not on an opponent turn', () => {
    const t = Table.from({
      players: 2,
      hands: [['inner-sarcophagus'], ['inner-sarcophagus', 'urn', 'shabti']],
    });
    expect(t.canPlay(0, 'inner-sarcophagus')).toBe(true);
    expect(t.refused(1, { type: 'play', card: t.inHand(1, 'inner-sarcophagus') })).toBe(
      'It is not your turn.',
    );
    t.play(0, 'inner-sarcophagus');
    expect(waitingFor(t.s)).toEqual([0]);
    expect(t.hand(1)).toHaveLength(3);
  });
});
