import { describe, expect, it } from 'vitest';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

const HOUNDS = 'hounds-and-jackals-game';

describe('Hounds and Jackals Game: put a card in play into your hand', () => {
  it('returns a card played for its action, which can then be played for its action again', () => {
    const t = table({
      players: 2,
      hands: [[HOUNDS, 'chariot', 'urn', 'shabti'], []],
      boneyard: ['censer', 'boat', 'statue-of-isis'],
    });
    t.play(0, 'chariot').choose(0, 'Urn');
    // Chariot is the only other card in play: no question.
    t.play(0, HOUNDS);
    expect(t.hand(0)).toEqual(['shabti', 'chariot']);
    expect(t.inPlay(0)).toEqual([HOUNDS]);
    t.play(0, 'chariot').choose(0, 'Shabti');
    expect(t.discard(0)).toEqual(['urn', 'statue-of-isis', 'shabti', 'boat']);
    expect(t.s.turn.executed).toEqual(['chariot', HOUNDS, 'chariot']);
  });

  it('returns a card played for its gold value, which can then pay for another purchase', () => {
    const t = table({
      players: 2,
      hands: [[HOUNDS, 'box-of-food'], []],
      pyramid: ['urn', 'box-of-food', null, null, null, null],
    });
    t.buy(0, 1, ['box-of-food']);
    expect(t.inPlay(0)).toEqual(['box-of-food']);
    t.play(0, HOUNDS);
    expect(t.hand(0)).toEqual(['box-of-food']);
    t.buy(0, 0, ['box-of-food']);
    expect(t.discard(0)).toEqual(['box-of-food', 'urn']);
    expect(t.inPlay(0)).toEqual([HOUNDS, 'box-of-food']);
  });

  it('asks which card when several are in play, never offering itself', () => {
    const t = table({
      players: 2,
      hands: [[HOUNDS, 'chariot', 'urn', 'shabti'], []],
      boneyard: ['censer'],
      pyramid: ['urn', null, null, null, null, null],
    });
    t.play(0, 'chariot').choose(0, 'Urn');
    t.buy(0, 0, ['shabti']);
    t.play(0, HOUNDS);
    expect(t.prompt(0)).toBe('Hounds and Jackals Game: put which card in play into your hand?');
    expect(t.options(0)).toEqual(['Chariot', 'Shabti']);
    t.choose(0, 'Shabti');
    expect(t.hand(0)).toEqual(['shabti']);
    expect(t.inPlay(0)).toEqual(['chariot', HOUNDS]);
    expect(english(t.log.at(-1)?.text)).toBe(
      '@0 put Shabti from play back into their hand (Hounds and Jackals Game)',
    );
  });

  it('can return the Book of Gates that revealed it', () => {
    const t = table({ players: 2, hands: [['book-of-gates'], []], decks: [[HOUNDS], []] });
    t.play(0, 'book-of-gates');
    expect(t.hand(0)).toEqual(['book-of-gates']);
    expect(t.inPlay(0)).toEqual([]);
    expect(t.discard(0)).toEqual([HOUNDS]);
    expect(t.waiting()).toBe('seat 0 to play');
  });

  it('cannot be executed without another card in play (an entombed card is not in play)', () => {
    const t = table({ players: 2, hands: [[HOUNDS, 'urn'], []] });
    expect(t.canPlay(0, HOUNDS)).toBe(false);
    t.entomb(0, 'urn');
    expect(t.canPlay(0, HOUNDS)).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, HOUNDS) })).toBe(
      'Hounds and Jackals Game cannot be executed now: you need another card in play (played this turn for gold or for its action).',
    );
  });
});
