import { describe, expect, it } from 'vitest';
import builtIn from '../../assets/cards/valley-base.json' with { type: 'json' };
import { baseCatalog, parseCatalog } from '../../src/games/valley/catalog.ts';

/** A deep copy of the shipped catalog to break one thing at a time. */
const copy = () =>
  JSON.parse(JSON.stringify(builtIn)) as {
    cards: Record<string, unknown>[];
    sets: Record<string, unknown>[];
  };
const card = (doc: ReturnType<typeof copy>, id: string) =>
  doc.cards.find((c) => c.id === id) as Record<string, unknown>;

describe('the card catalog (data, validated at load)', () => {
  it('ships the base box: 35 cards, 96 copies with 40 / 29 / 27 by level, five sets of 6, 5, 4, 3 and 7', () => {
    expect(baseCatalog.cards).toHaveLength(35);
    const copies = (level: number) =>
      baseCatalog.cards.filter((c) => c.level === level).reduce((n, c) => n + c.copies, 0);
    expect([copies(1), copies(2), copies(3)]).toEqual([40, 29, 27]);
    expect(Object.fromEntries(baseCatalog.sets.map((s) => [s.id, s.size]))).toEqual({
      books: 6,
      amulets: 5,
      'canopic-jars': 4,
      sarcophagi: 3,
      statues: 7,
    });
  });

  it('keeps the numbers the seed texts state, marked as such', () => {
    const n = (id: string, f: 'gold' | 'cost') => baseCatalog.cards.find((c) => c.id === id)?.[f];
    expect(n('statue-of-bastet', 'cost')).toMatchObject({ value: 4, source: 'seed' });
    expect(n('tyet-amulet', 'gold')).toMatchObject({ value: 2, source: 'seed' });
    expect(n('book-of-the-netherworld', 'gold')).toMatchObject({ value: 3, source: 'seed' });
  });

  it('names the card and the field of a bad number', () => {
    const doc = copy();
    (card(doc, 'statue-of-isis').cost as Record<string, unknown>).value = -1;
    expect(() => parseCatalog(doc)).toThrow(/card 'statue-of-isis', field 'cost.value'/);
  });

  it('refuses a seed number without its source, a duplicate id, a set card without a set, a wrong set size', () => {
    const noWhere = copy();
    delete (card(noWhere, 'tyet-amulet').gold as Record<string, unknown>).where;
    expect(() => parseCatalog(noWhere)).toThrow(/card 'tyet-amulet', field 'gold/);
    const dup = copy();
    dup.cards.push({ ...card(dup, 'urn') });
    expect(() => parseCatalog(dup)).toThrow(/card 'urn': duplicate id/);
    const noSet = copy();
    card(noSet, 'statue-of-horus').set = null;
    expect(() => parseCatalog(noSet)).toThrow(/card 'statue-of-horus', field 'set'/);
    const size = copy();
    (size.sets.find((s) => s.id === 'statues') as Record<string, unknown>).size = 6;
    expect(() => parseCatalog(size)).toThrow(/set 'statues' declares 6 cards but has 7/);
  });

  it('refuses an id that is not kebab-case', () => {
    const doc = copy();
    card(doc, 'urn').id = 'Urn';
    expect(() => parseCatalog(doc)).toThrow(/card 'Urn', field 'id': must be kebab-case/);
  });
});
