import { describe, expect, it } from 'vitest';
import { cardAction, cardName, otherCardNames, setName } from '../../src/adapters/valley/card-names.ts';
import { archaeologyCatalog } from '../../src/games/archaeology/catalog.ts';
import { fullCatalog } from '../../src/games/valley/catalog.ts';
import { LANGUAGES } from '../../src/i18n/messages.ts';
import { translated } from '../../src/i18n/translated.ts';

/** Card names live in the catalog data beside the English, in every language Scarab speaks. */
const SAME_EVERYWHERE = new Set(['shabti', 'pesesh-kef']);

describe('card names in every language', () => {
  const others = LANGUAGES.filter((l) => l !== 'en');

  it('every Valley card and set has a name (and every card an action) in each language, names unique', () => {
    for (const language of others) {
      for (const c of fullCatalog.cards) {
        // Only names that are the same word in every language (Shabti, Pesesh-kef) may read as the English.
        if (!SAME_EVERYWHERE.has(c.id))
          expect(cardName(c.id, language), `${language} ${c.id}`).not.toBe(c.name);
        expect(cardAction(c.id, language), `${language} ${c.id}`).not.toBe(c.action);
      }
      for (const s of fullCatalog.sets)
        expect(setName(s.id, language), `${language} ${s.id}`).not.toBe(s.name);
      const names = fullCatalog.cards.map((c) => cardName(c.id, language));
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('the Spanish rulebook’s own names are the ones used', () => {
    expect(cardName('statue-of-bastet', 'es')).toBe('Estatua de Bastet');
    expect(cardName('heart-scarab-amulet', 'es')).toBe('Amuleto del escarabajo del corazón');
    expect(cardName('book-of-the-netherworld', 'es')).toBe('Libro del inframundo');
    expect(cardName('mummified-cat', 'es')).toBe('Gato momificado');
    expect(cardName('offering-table', 'es')).toBe('Mesa de ofrendas');
    expect(cardName('middle-sarcophagus', 'es')).toBe('Sarcófago medio');
    expect(setName('sarcophagi', 'es')).toBe('Sarcófagos');
  });

  it('English reads the English; another language falls back to it where the data has none', () => {
    expect(cardName('statue-of-bastet', 'en')).toBe('Statue of Bastet');
    expect(cardName('statue-of-bastet', 'fr')).toBe('Statue of Bastet');
    expect(otherCardNames('statue-of-bastet', 'es')).toEqual(['Statue of Bastet']);
    expect(otherCardNames('shabti', 'es')).toEqual([]); // the same word in both: no alias
    expect(translated({ name: 'Coin', es: { name: 'Moneda' } }, 'name', 'es')).toBe('Moneda');
    expect(translated({ name: 'Coin', es: {} }, 'name', 'es')).toBe('Coin');
  });

  it('every Archaeology treasure and chamber has its names in each language', () => {
    const catalog = archaeologyCatalog;
    for (const language of others) {
      for (const t of catalog.treasures) {
        expect(translated(t, 'name', language), t.id).not.toBe(t.name);
        expect(translated(t, 'plural', language), t.id).not.toBe(t.plural);
      }
      for (const c of catalog.others.chambers) expect(translated(c, 'name', language), c.id).not.toBe(c.name);
    }
  });
});
