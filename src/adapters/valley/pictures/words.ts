import type { Seat } from '../../../games/kernel/types.ts';
import type { Catalog } from '../../../games/valley/catalog.ts';
import type { CardDef } from '../../../games/valley/state.ts';
import type { ValleyView } from '../../../games/valley/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { t, type Values } from '../../../i18n/messages.ts';
import { drawableNames } from '../../../render/drawable-names.ts';
import type { Reader } from '../../engine-text.ts';
import { cardName, setName } from '../card-names.ts';
import { valleyText } from '../rules-text.ts';
import { setInfo } from './card-styles.ts';

/**
 * The words of Valley's pictures in a reader's language: catalogue messages (`valley.picture.*`), card
 * and set names, and the rules' own texts. English reads exactly what the catalog and the view hold.
 */

/** A message of the pictures' own, e.g. `w('es', 'stock')`. */
export const w = (language: string, key: string, values: Values = {}): string =>
  t(language, `valley.picture.${key}`, values);

/** A seat's name, or "Player 3" in the reader's language when it has none. */
export const seatNameIn = (names: readonly string[], seat: Seat, language: string): string =>
  names[seat] || w(language, 'player', { n: seat + 1 });

/** "1st", "1.º". */
export const ordinalIn = (n: number, language: string): string => w(language, 'ordinal', { n });

/** Names the font can draw; a name with nothing drawable left is "Player N" in the reader's language. */
export function drawnNames(given: readonly string[], language: string): string[] {
  return drawableNames(given).map((name, seat) =>
    name === `Player ${seat + 1}` && given[seat] !== name ? w(language, 'player', { n: seat + 1 }) : name,
  );
}

/** A card's name: the view's own definition in English, the catalog data's translation otherwise. */
export function nameOf(def: CardDef, language: string): string {
  if (language === DEFAULT_LANGUAGE) return def.name;
  const name = cardName(def.id, language);
  return name === def.id ? def.name : name;
}

/** A set's printed name: the game's catalog in English, the catalog data's translation otherwise. */
export function setTitle(setId: string, catalog: Catalog, language: string): string {
  const own = setInfo(setId, catalog).name;
  if (language === DEFAULT_LANGUAGE) return own;
  const name = setName(setId, language);
  return name === setId ? own : name;
}

/** "Statues (7)", as the cards print it. */
export function setLabelIn(setId: string, catalog: Catalog, language: string): string {
  const name = setTitle(setId, catalog, language);
  const { size } = setInfo(setId, catalog);
  return size === null ? name : w(language, 'set-label', { name, size });
}

/** What kind of card: its set's name, or Starter / Unique. */
export function kindOf(d: CardDef, catalog: Catalog, language: string): string {
  if (d.kind === 'set' && d.set) return setTitle(d.set, catalog, language);
  return w(language, d.kind === 'starter' ? 'kind.starter' : 'kind.unique');
}

/** The rules' text of what the game waits for, in the reader's language. */
export const waitingText = (view: ValleyView, reader: Reader): string =>
  valleyText(view.waiting.text, reader);

/** How the game was decided (the rules' summary), in the reader's language. */
export const summaryText = (view: ValleyView, reader: Reader, fallback = ''): string =>
  view.outcome ? valleyText(view.outcome.summary, reader) : fallback;

/** What the viewer is asked to do (the rules' prompt), in the reader's language. */
export const promptText = (view: ValleyView, reader: Reader): string =>
  view.prompt ? valleyText(view.prompt, reader) : '';
