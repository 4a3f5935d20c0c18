import type { Seat } from '../../../games/kernel/types.ts';
import type { Catalog } from '../../../games/valley/catalog.ts';
import type { CardDef } from '../../../games/valley/state.ts';
import type { CardRef, ValleyView } from '../../../games/valley/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import type { Style } from '../../../render/palette.ts';
import { setInfo, styleOf } from './card-styles.ts';
import { seatNameIn, setTitle, w } from './words.ts';

export interface TombGroup {
  style: Style;
  /** "Statues", "Starters", "Uniques", in the reader's language. */
  name: string;
  /** Cards in a full set; null for starters and uniques. */
  size: number | null;
  /** Distinct cards, first entombed first, with how many copies. */
  cards: { def: CardDef; count: number }[];
  total: number;
  points: number;
}

export const defOf = (view: ValleyView, ref: CardRef): CardDef => {
  const d = view.defs[ref.card];
  if (!d) throw new Error(`the view has no definition for card '${ref.card}'`);
  return d;
};

/**
 * A tomb sorted the way it scores: each set, then uniques, then starters. Cards and points come from
 * the view; a set's name and size from the catalog; group names are in `language`.
 */
export function tombGroups(
  view: ValleyView,
  seat: Seat,
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): TombGroup[] {
  const player = view.players[seat];
  if (!player) throw new Error(`no seat ${seat} in this game`);
  const byKey = new Map<string, TombGroup>();
  for (const ref of player.tomb) {
    const def = defOf(view, ref);
    const style = styleOf(def, catalog);
    let g = byKey.get(style.key);
    if (!g) {
      const isSet = def.kind === 'set' && def.set !== null;
      const info = isSet ? setInfo(style.key, catalog) : null;
      g = {
        style,
        name: info
          ? setTitle(style.key, catalog, language)
          : w(language, def.kind === 'starter' ? 'group.starters' : 'group.uniques'),
        size: info ? info.size : null,
        cards: [],
        total: 0,
        points: 0,
      };
      byKey.set(style.key, g);
    }
    const entry = g.cards.find((c) => c.def.id === def.id);
    if (entry) entry.count++;
    else g.cards.push({ def, count: 1 });
    g.total++;
  }
  for (const g of byKey.values()) {
    if (g.style.key === 'starter') g.points = player.score.starters;
    else if (g.style.key === 'unique') g.points = player.score.uniques;
    else g.points = player.score.sets.find((x) => x.set === g.style.key)?.points ?? 0;
  }
  const rank = (g: TombGroup) => (g.style.key === 'starter' ? 2 : g.style.key === 'unique' ? 1 : 0);
  return [...byKey.values()].sort(
    (a, b) => rank(a) - rank(b) || b.points - a.points || a.name.localeCompare(b.name),
  );
}

export const seatName = (names: readonly string[], seat: Seat, language: string = DEFAULT_LANGUAGE): string =>
  seatNameIn(names, seat, language);
