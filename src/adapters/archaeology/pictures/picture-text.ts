import type { ArchaeologyView } from '../../../games/archaeology/view.ts';
import { CHAMBER_TITLES, countsLine, soldLine, treasureName, withNames } from '../summary.ts';

/**
 * The game's status, first, in the words every game's table picture starts with (the local table's
 * status line reads it): "Turn 3: alice to play." or "Turn 3, alice's turn: bob to choose …".
 */
function status(v: ArchaeologyView, names: readonly string[]): string {
  if (v.finished) return `Game over. ${withNames(v.outcome?.summary ?? '', names)}`.trim();
  const turn = `Turn ${v.turn.number + 1}`;
  const mover = names[v.turn.seat] ?? `Player ${v.turn.seat + 1}`;
  if (v.decision === null) return `${turn}: ${mover} to play.`;
  return `${turn}, ${mover}'s turn: ${withNames(v.waiting.text, names)}.`;
}

/** The text equivalent of the table picture, for screen readers and anyone without images. */
export function describeTable(v: ArchaeologyView, names: readonly string[]): string {
  const who = (seat: number) => names[seat] ?? `Player ${seat + 1}`;
  return [
    status(v, names),
    `Marketplace: ${countsLine(v.market, 'empty')}.`,
    `Dig site: ${v.digSite} cards; thieves drawn ${v.thieves.drawn} of ${v.thieves.total}; sandstorms drawn ${v.sandstorms.drawn} of ${v.sandstorms.total}.`,
    `Pyramid: ${v.chambers.map((c) => `${CHAMBER_TITLES[c.id]} ${c.explored ? 'explored' : `${c.cards} cards, ${c.maps} map${c.maps > 1 ? 's' : ''}`}`).join('; ')}.`,
    ...v.seats.map((s) => `${who(s.seat)}: ${s.handSize} in hand, $${s.money} from ${soldLine(s.sold)}.`),
  ].join('\n');
}

export function describeHand(v: ArchaeologyView): string {
  const me = v.me;
  if (!me) return '';
  const sales = me.sales.map((s) => `${s.count} ${treasureName(s.kind, s.count)} for $${s.value}`);
  return `Your hand: ${countsLine(me.hand, 'empty')}.${sales.length ? ` Selling now would earn: ${sales.join(', ')}.` : ''}`;
}

export function describeResults(v: ArchaeologyView, names: readonly string[]): string {
  const out = v.outcome;
  if (!out) return '';
  const ranked = [...out.results].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return [
    `Archaeology final results. ${withNames(out.summary, names)}.`,
    ...ranked.map(
      (r) =>
        `${r.rank}. ${names[r.seat] ?? `Player ${r.seat + 1}`}: $${r.score}, ${v.seats[r.seat]?.cardsSold ?? 0} cards sold (${soldLine(v.seats[r.seat]?.sold ?? [])}).`,
    ),
  ].join(' ');
}
