import { describe, expect, it } from 'vitest';
import {
  describeCard,
  describeHand,
  describeResults,
  describeTable,
  describeTomb,
} from '../../src/adapters/valley/pictures/picture-text.ts';
import { finale, showcase } from '../../src/adapters/valley/pictures/samples.ts';
import { baseCatalog } from '../../src/games/valley/catalog.ts';
import { valley } from '../../src/games/valley/index.ts';
import { say } from '../../src/games/valley/messages.ts';
import { position } from '../../src/games/valley/position.ts';
import { defsFrom } from '../../src/games/valley/setup.ts';
import { NAMES } from './png-util.ts';

const defs = defsFrom(baseCatalog);
const def = (id: string) => {
  const d = defs[id];
  if (!d) throw new Error(id);
  return d;
};

describe('text equivalents', () => {
  it('describes the board: whose turn, the buyable base row, piles and every seat', () => {
    const text = describeTable(valley.view(showcase(), null), NAMES, baseCatalog);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Turn 1: Chione to play.');
    expect(lines[1]).toBe(
      'Pyramid base (buyable): Statue of Isis (Statues, set of 7, level III, cost 7, gold 3); Qebehsenuef Canopic Jar (Canopic Jars, set of 4, level III, cost 5, gold 2); Book of Traversing Eternity (Books, set of 6, level II, cost 4, gold 2).',
    );
    expect(lines[2]).toBe(
      'Middle: Mummified Cat (Unique, level II, cost 4, gold 2, 3 VP); empty. Top: Statue of Sobek (Statues, set of 7, level III, cost 6, gold 2).',
    );
    expect(lines[3]).toBe('Stock: 4 cards. Boneyard: 2 cards, top Heart Scarab Amulet.');
    expect(lines[5]).toBe(
      'Bek: 27 VP; hand 5, deck 1, discard 1 (top Offering Table); tomb 12 cards (Books 3/6, Canopic Jars 3/4, Sarcophagi 1/3, Uniques 2, Starters 2).',
    );
    expect(lines[6]).toMatch(/^Chione \(to play\): 9 VP;/);
  });

  it('names everyone asked in a reaction window, never who can react', () => {
    const s = showcase();
    s.stack.push({
      kind: 'test-window',
      seat: 2,
      step: 0,
      src: null,
      v: {},
      q: {
        id: 99,
        asks: [0, 1, 3].map((seat) => ({
          seat,
          prompt: say('boat.window', { seat: '@2' }),
          options: [{ value: 'pass', label: say('option.pass') }],
        })),
        answers: {},
        publicText: say('boat.waiting'),
        window: true,
      },
    });
    const first = describeTable(valley.view(s, null), NAMES, baseCatalog).split('\n')[0];
    expect(first).toBe(
      "Turn 1, Chione's turn: Waiting for reactions to the purchase (asking Amunet, Bek, Djedi).",
    );
  });

  it('describes a hand with its gold, and what a card pays under Statue of Thoth', () => {
    const s = position({ players: 2, hands: [['shabti', 'statue-of-isis'], ['urn']] });
    expect(describeHand(valley.view(s, 0), NAMES, baseCatalog).split('\n')[0]).toBe(
      "Amunet's hand, 2 cards, 4 gold: Shabti (Starter, level I, cost 1, gold 1, 1 VP); Statue of Isis (Statues, set of 7, level III, cost 7, gold 3).",
    );
    s.turn.thoth = true;
    expect(describeHand(valley.view(s, 0), NAMES, baseCatalog)).toContain(
      'Shabti (Starter, level I, cost 1, gold 1, 1 VP), pays 4 gold now',
    );
    expect(() => describeHand(valley.view(s, null), NAMES, baseCatalog)).toThrow(/own view/);
  });

  it('groups a tomb the way it scores, duplicates shown and squared sets spelled out', () => {
    expect(describeTomb(valley.view(showcase(), null), 1, NAMES, baseCatalog)).toBe(
      [
        "Bek's tomb: 12 cards, 27 VP.",
        '- Books, 3 of 6 different: Book of Gates, Book of the Earth, Book of the Heavens ×2 = 3² = 9 VP',
        '- Canopic Jars, 3 of 4 different: Hapi Canopic Jar, Imseti Canopic Jar, Duamutef Canopic Jar = 3² = 9 VP',
        '- Sarcophagi, 1 of 3 different: Inner Sarcophagus = 1² = 1 VP',
        '- Uniques: Burial Mask, Ka Figurine = 6 VP',
        '- Starters: Urn, Box of Food = 2 VP',
      ].join('\n'),
    );
    expect(describeTomb(valley.view(showcase(), null), 3, NAMES, baseCatalog)).toBe(
      "Djedi's tomb: 0 cards, 0 VP. It is empty.",
    );
  });

  it('ranks the results and says how the tie was broken', () => {
    expect(describeResults(valley.view(finale(), null), NAMES, baseCatalog)).toBe(
      [
        'Final results. Bek wins: tied on 16 points, broken by the fewest cards in the tomb (6).',
        '1st Bek: 16 VP (6 tomb cards) = Books 9 + Uniques 7.',
        '2nd Amunet: 16 VP (7 tomb cards) = Statues 9 + Uniques 4 + Starters 3.',
        '3rd Chione: 12 VP (8 tomb cards) = Amulets 4 + Canopic Jars 4 + Starters 4.',
      ].join('\n'),
    );
  });

  // Provisional VP used here: Boat 4.
  it('marks a place shared when points and tomb cards are equal', () => {
    const s = position({
      players: 3,
      tombs: [['shabti'], ['boat'], ['urn']],
      pyramid: [null, null, null, null, null, null],
    });
    s.finished = true;
    expect(describeResults(valley.view(s, null), NAMES, baseCatalog).split('\n').slice(1)).toEqual([
      '1st Bek: 4 VP (1 tomb card) = Uniques 4.',
      '2nd (shared) Amunet: 1 VP (1 tomb card) = Starters 1.',
      '2nd (shared) Chione: 1 VP (1 tomb card) = Starters 1.',
    ]);
  });

  it('says which numbers of a card are provisional', () => {
    expect(describeCard(def('book-of-the-netherworld'), baseCatalog)).toBe(
      'Book of the Netherworld (Books, set of 6, level II, cost 3, gold 3). Provisional: cost.',
    );
    expect(describeCard(def('shabti'), baseCatalog)).toBe(
      'Shabti (Starter, level I, cost 1, gold 1, 1 VP). Provisional: cost, gold.',
    );
  });
});
