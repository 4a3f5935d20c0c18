import { fullCatalog } from '../../games/valley/catalog.ts';
import { LANGUAGES } from '../../i18n/messages.ts';
import { translated } from '../../i18n/translated.ts';

/** Valley's cards and sets as players read them: names and actions in their language (catalog data). */
const cards = new Map(fullCatalog.cards.map((c) => [c.id, c]));
const sets = new Map(fullCatalog.sets.map((s) => [s.id, s]));

export function cardName(id: string, language: string): string {
  const card = cards.get(id);
  return card ? translated(card, 'name', language) : id;
}

export function cardAction(id: string, language: string): string {
  const card = cards.get(id);
  return card ? translated(card, 'action', language) : '';
}

export function setName(id: string, language: string): string {
  const set = sets.get(id);
  return set ? translated(set, 'name', language) : id;
}

/** A card's names in every language but `language` (what `/card` also matches). */
export function otherCardNames(id: string, language: string): string[] {
  const names = LANGUAGES.filter((l) => l !== language).map((l) => cardName(id, l));
  return [...new Set(names)].filter((n) => n !== cardName(id, language));
}
