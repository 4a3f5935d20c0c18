import {
  archaeologyCatalog,
  type Chamber,
  TREASURES,
  type Treasure,
} from '../../../games/archaeology/catalog.ts';
import type { Counts } from '../../../games/archaeology/state.ts';
import type { SoldView } from '../../../games/archaeology/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import { t, type Values } from '../../../i18n/messages.ts';
import { translated } from '../../../i18n/translated.ts';
import { drawableNames } from '../../../render/drawable-names.ts';
import { TREASURE_STYLES } from './treasure-styles.ts';

/**
 * The words of Archaeology's pictures in a reader's language: catalogue messages
 * (`archaeology.picture.*`) and the treasures' and chambers' names from the catalog data.
 */

/** A message of the pictures' own, e.g. `w('es', 'marketplace')`. */
export const w = (language: string, key: string, values: Values = {}): string =>
  t(language, `archaeology.picture.${key}`, values);

/** "$12", "12 $". */
export const money = (n: number, language: string): string => w(language, 'money', { n });

/** "1st", "1.º". */
export const ordinalIn = (n: number, language: string): string => w(language, 'ordinal', { n });

/** A seat's name, or "Player 3" in the reader's language when it has none. */
export const seatNameIn = (names: readonly string[], seat: number, language: string): string =>
  names[seat] ?? w(language, 'player', { n: seat + 1 });

/** Names the font can draw; a name with nothing drawable left is "Player N" in the reader's language. */
export function drawnNames(given: readonly string[], language: string): string[] {
  return drawableNames(given).map((name, seat) =>
    name === `Player ${seat + 1}` && given[seat] !== name ? w(language, 'player', { n: seat + 1 }) : name,
  );
}

const treasures = new Map(archaeologyCatalog.treasures.map((x) => [x.id, x]));

/** A treasure's name, plural when `n` is not 1 ("Coins", "Monedas"). */
export function treasureNameOf(kind: Treasure, n: number, language: string): string {
  const entry = treasures.get(kind);
  if (!entry) return kind;
  return translated(entry, n === 1 ? 'name' : 'plural', language);
}

/** The name printed on a treasure card (a chip): the style's own label in English. */
export const treasureLabel = (kind: Treasure, language: string): string =>
  language === DEFAULT_LANGUAGE ? TREASURE_STYLES[kind].label : treasureNameOf(kind, 1, language);

/** "Small chamber", "Cámara pequeña". */
export function chamberName(id: Chamber, language: string): string {
  const entry = archaeologyCatalog.others.chambers.find((c) => c.id === id);
  return entry ? translated(entry, 'name', language) : id;
}

/** "2 Coins, 1 Talisman"; `none` when empty. */
export function countsIn(counts: Counts, none: string, language: string): string {
  const parts = TREASURES.filter((k) => (counts[k] ?? 0) > 0).map(
    (k) => `${counts[k]} ${treasureNameOf(k, counts[k] as number, language)}`,
  );
  return parts.join(', ') || none;
}

/** "2 Coins $7 · 1 Map $2"; "nothing sold" when empty. */
export const soldIn = (sold: readonly SoldView[], language: string): string =>
  sold
    .map((s) => `${s.count} ${treasureNameOf(s.kind, s.count, language)} ${money(s.value, language)}`)
    .join(' · ') || w(language, 'alt.nothing-sold');
