import { describe, expect, it } from 'vitest';
import { afterlifeCatalog, baseCatalog, fullCatalog } from '../../../src/games/valley/catalog.ts';
import { parseOptions, valley } from '../../../src/games/valley/index.ts';
import { MIN_CUSTOM_STOCK, poolCatalog, poolLabel, stockSize } from '../../../src/games/valley/pools.ts';
import { setup } from '../../../src/games/valley/setup.ts';

const countOf = (s: ReturnType<typeof setup>, id: string) => s.cards.filter((c) => c === id).length;

describe('card pools (Afterlife: "use cards from both games interchangeably")', () => {
  it('the base pool deals exactly as a game stored before pools existed', () => {
    expect(valley.setup({ players: 3, pool: 'base' }, 'same')).toEqual(setup({ players: 3 }, 'same'));
    expect(parseOptions({ players: 3, pool: 'base' })).toEqual({ players: 3 });
  });

  it('Base + Afterlife puts every known card of both boxes in the stock, and the same four starters', () => {
    const s = setup({ players: 4, pool: 'base-afterlife' }, 'mixed');
    const stock = stockSize(fullCatalog);
    expect(stock).toBe(stockSize(baseCatalog) + stockSize(afterlifeCatalog));
    expect(s.stock.length + s.pyramid.filter((c) => c !== null).length + s.boneyard.length).toBe(stock);
    for (const c of afterlifeCatalog.cards) expect(countOf(s, c.id)).toBe(c.copies);
    expect(countOf(s, 'shabti')).toBe(16);
    expect(Object.keys(s.defs)).toContain('goddess-nut');
  });

  it('the stock is level II on top of level III in a mixed pool too', () => {
    const s = setup({ players: 2, pool: 'base-afterlife' }, 'levels');
    const levels = [...s.stock].reverse().map((c) => s.defs[s.cards[c] as string]?.level);
    const firstIII = levels.indexOf(3);
    expect(levels.slice(firstIII).every((l) => l === 3)).toBe(true);
  });

  it('a custom pool holds the starters and exactly the chosen sets and uniques', () => {
    const pool = { sets: ['books', 'weapons', 'jewelry', 'tomb-art'], uniques: ['boat', 'senet-game'] };
    const s = setup({ players: 2, pool }, 'custom');
    const ids = new Set(s.cards);
    expect(ids.has('book-of-gates') && ids.has('axe') && ids.has('ring') && ids.has('judgment')).toBe(true);
    expect(ids.has('boat') && ids.has('senet-game')).toBe(true);
    expect(ids.has('statue-of-isis') || ids.has('censer') || ids.has('antechamber')).toBe(false);
    expect(poolLabel(pool)).toBe('Custom: Books, Jewelry, Weapons, Tomb Art + Boat, Senet Game');
  });

  it(`a custom pool smaller than ${MIN_CUSTOM_STOCK} cards, or naming unknown cards, is refused with a reason`, () => {
    expect(() => parseOptions({ players: 2, pool: { sets: ['weapons'], uniques: ['boat'] } })).toThrow(
      /needs at least 24 cards besides the starters; this one has 7/,
    );
    expect(() => parseOptions({ players: 2, pool: { sets: ['spoons'], uniques: [] } })).toThrow(
      /no set 'spoons'/,
    );
    expect(() => parseOptions({ players: 2, pool: { sets: [], uniques: ['axe'] } })).toThrow(
      /'axe' is not a unique artifact/,
    );
    expect(() => parseOptions({ players: 2, pool: 'everything' })).toThrow(
      /invalid Valley of the Kings options/,
    );
  });

  it('the pool is part of the options, so a replay deals the same cards', () => {
    const options = parseOptions({ players: 5, pool: 'base-afterlife' });
    expect(options).toEqual({ players: 5, pool: 'base-afterlife' });
    expect(valley.setup(options, 'r')).toEqual(valley.setup(options, 'r'));
    expect(poolCatalog(options.pool)).toBe(fullCatalog);
  });
});

describe('five and six players (Premium Edition)', () => {
  it.each([5, 6])('%i players each get the four starters, 10 cards, and draw 5', (players) => {
    const s = valley.setup({ players, pool: 'base-afterlife' }, `six-${players}`);
    expect(s.players).toHaveLength(players);
    for (const p of s.players) {
      expect(p.hand).toHaveLength(5);
      expect(p.hand.length + p.deck.length).toBe(10);
    }
    expect(countOf(s, 'shabti')).toBe(4 * players);
    expect(countOf(s, 'offering-table')).toBe(players);
  });

  it('"Selecciona un jugador inicial al azar": without firstSeat every one of six seats can start', () => {
    const seats = new Set<number>();
    for (let k = 0; k < 80; k++) seats.add(valley.setup({ players: 6 }, `start-${k}`).firstSeat);
    expect([...seats].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
