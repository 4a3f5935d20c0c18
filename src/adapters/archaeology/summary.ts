import {
  archaeologyCatalog,
  type Chamber,
  TREASURES,
  type Treasure,
} from '../../games/archaeology/catalog.ts';
import type { Counts } from '../../games/archaeology/state.ts';
import type { ArchaeologyView, SoldView } from '../../games/archaeology/view.ts';
import { DEFAULT_LANGUAGE } from '../../i18n/locales.ts';
import { t } from '../../i18n/messages.ts';
import { translated } from '../../i18n/translated.ts';
import { type GameContext, recentLines, seatLabel } from '../../table-kit/context.ts';
import { archaeologyText } from './rules-text.ts';

/** A chamber's title in `language` (catalog data): "Small chamber", "Cámara pequeña". */
export function chamberTitle(id: Chamber, language: string): string {
  const chamber = archaeologyCatalog.others.chambers.find((c) => c.id === id);
  return chamber ? translated(chamber, 'name', language) : id;
}

/** A treasure's name in `language`, singular for one card and plural otherwise (catalog data). */
export function treasureNameOf(k: Treasure, n: number, language: string): string {
  const entry = archaeologyCatalog.treasures.find((x) => x.id === k);
  if (!entry) return k;
  return translated(entry, n === 1 ? 'name' : 'plural', language);
}

export const treasureName = (k: Treasure, n = 1): string => treasureNameOf(k, n, DEFAULT_LANGUAGE);

/** "2 Coins, 1 Talisman" in `language`; `none` (default: "none" in that language) when empty. */
export function countsLineIn(counts: Counts, language: string, none?: string): string {
  const parts = TREASURES.filter((k) => (counts[k] ?? 0) > 0).map((k) =>
    t(language, 'archaeology.counts.item', {
      count: String(counts[k]),
      name: treasureNameOf(k, counts[k] as number, language),
    }),
  );
  return parts.join(', ') || (none ?? t(language, 'archaeology.counts.none'));
}

/** "2 Coins, 1 Talisman"; `none` when empty. */
export function countsLine(counts: Counts, none = 'none'): string {
  return countsLineIn(counts, DEFAULT_LANGUAGE, none);
}

/** `countsLineIn` with the word for an empty place ("empty", "vacío"). */
export const countsOrEmpty = (counts: Counts, language: string): string =>
  countsLineIn(counts, language, t(language, 'archaeology.counts.empty'));

export const countOf = (counts: Counts): number => TREASURES.reduce((n, k) => n + (counts[k] ?? 0), 0);

/** "2 Coins $7 · 1 Map $1" in `language`; "nothing sold" when empty. */
export const soldLineIn = (sold: readonly SoldView[], language: string): string =>
  sold
    .map((s) =>
      t(language, 'archaeology.sold.set', {
        count: String(s.count),
        name: treasureNameOf(s.kind, s.count, language),
        value: String(s.value),
      }),
    )
    .join(' · ') || t(language, 'archaeology.sold.none');

export const soldLine = (sold: readonly SoldView[]): string => soldLineIn(sold, DEFAULT_LANGUAGE);

export function digLine(v: ArchaeologyView, language: string): string {
  return t(language, 'archaeology.board.dig', {
    cards: v.digSite,
    thieves: String(v.thieves.drawn),
    thievesTotal: String(v.thieves.total),
    sandstorms: String(v.sandstorms.drawn),
    sandstormsTotal: String(v.sandstorms.total),
  });
}

export const marketLine = (v: ArchaeologyView, language: string): string =>
  t(language, 'archaeology.board.market', { cards: countsOrEmpty(v.market, language) });

export function pyramidLine(v: ArchaeologyView, language: string): string {
  const chambers = v.chambers
    .map((c) =>
      c.explored
        ? t(language, 'archaeology.board.chamber-explored', { chamber: chamberTitle(c.id, language) })
        : t(language, 'archaeology.board.chamber', {
            chamber: chamberTitle(c.id, language),
            cards: c.cards,
            maps: c.maps,
          }),
    )
    .join(' · ');
  return t(language, 'archaeology.board.pyramid', { chambers });
}

export function playersLine(v: ArchaeologyView, ctx: GameContext): string {
  return v.seats
    .map((s) =>
      t(ctx.language, 'archaeology.board.player', {
        name: seatLabel(ctx, s.seat),
        hand: String(s.handSize),
        money: String(s.money),
      }),
    )
    .join(' · ');
}

/**
 * The last `lines` lines of the log, as the rules wrote them, in the reader's language.
 */
export function recentLog(v: ArchaeologyView, ctx: GameContext, lines: number): string[] {
  return recentLines(ctx, v.viewer, lines).map((l) => archaeologyText(l.text, ctx));
}

/** The museum's price table of one treasure: "1: $3 · 2: $7 · …" (in `language`). */
export function priceLine(v: Pick<ArchaeologyView, 'numbers'>, k: Treasure, language: string): string {
  return v.numbers[k].prices
    .map((p, i) => t(language, 'archaeology.price', { count: String(i + 1), value: String(p) }))
    .join(' · ');
}
