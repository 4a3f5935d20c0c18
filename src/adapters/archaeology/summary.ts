import { type GameContext, seatName } from '../../discord/messages/context.ts';
import { archaeologyCatalog, TREASURES, type Treasure } from '../../games/archaeology/catalog.ts';
import type { Counts } from '../../games/archaeology/state.ts';
import type { ArchaeologyView, SoldView } from '../../games/archaeology/view.ts';

export const TREASURE_NAMES = Object.fromEntries(
  archaeologyCatalog.treasures.map((t) => [t.id, { name: t.name, plural: t.plural }]),
) as unknown as Record<Treasure, { name: string; plural: string }>;

export const CHAMBER_TITLES = {
  small: 'Small chamber',
  medium: 'Medium chamber',
  large: 'Large chamber',
} as const;

/** `@1` → the name of seat 1. */
export const withNames = (text: string, names: readonly string[]): string =>
  text.replace(/@(\d+)/g, (m, n: string) => names[Number(n)] ?? m);

export const treasureName = (k: Treasure, n = 1): string =>
  n === 1 ? TREASURE_NAMES[k].name : TREASURE_NAMES[k].plural;

/** "2 Coins, 1 Talisman"; `none` when empty. */
export function countsLine(counts: Counts, none = 'none'): string {
  const parts = TREASURES.filter((k) => (counts[k] ?? 0) > 0).map(
    (k) => `${counts[k]} ${treasureName(k, counts[k])}`,
  );
  return parts.join(', ') || none;
}

export const countOf = (counts: Counts): number => TREASURES.reduce((n, k) => n + (counts[k] ?? 0), 0);

export const soldLine = (sold: readonly SoldView[]): string =>
  sold.map((s) => `${s.count} ${treasureName(s.kind, s.count)} $${s.value}`).join(' · ') || 'nothing sold';

export function digLine(v: ArchaeologyView): string {
  return `⛏ Dig site: ${v.digSite} card${v.digSite === 1 ? '' : 's'}${v.digSite === 0 ? ' (nobody digs; a turn that does nothing is a pass)' : ''} · thieves drawn ${v.thieves.drawn}/${v.thieves.total} · sandstorms drawn ${v.sandstorms.drawn}/${v.sandstorms.total}`;
}

export const marketLine = (v: ArchaeologyView): string => `🏺 Marketplace: ${countsLine(v.market, 'empty')}`;

export function pyramidLine(v: ArchaeologyView): string {
  return `🔺 Pyramid: ${v.chambers
    .map((c) =>
      c.explored
        ? `${CHAMBER_TITLES[c.id]} explored`
        : `${CHAMBER_TITLES[c.id]} ${c.cards} cards (${c.maps} map${c.maps > 1 ? 's' : ''})`,
    )
    .join(' · ')}`;
}

export function playersLine(v: ArchaeologyView, ctx: GameContext): string {
  return v.seats.map((s) => `${seatName(ctx, s.seat)}: ${s.handSize} in hand, $${s.money} sold`).join(' · ');
}

export const recentLog = (v: ArchaeologyView, ctx: GameContext, lines: number): string[] =>
  v.log.slice(-lines).map((l) => withNames(l, ctx.names));

/** The museum's price table of one treasure: "1 $3 · 2 $7 · …". */
export function priceLine(v: Pick<ArchaeologyView, 'numbers'>, k: Treasure): string {
  return v.numbers[k].prices.map((p, i) => `${i + 1}: $${p}`).join(' · ');
}
