import type { Seat } from '../../../games/kernel/types.ts';
import type { Catalog } from '../../../games/valley/catalog.ts';
import { withNames } from '../../../games/valley/describe.ts';
import type { CardDef } from '../../../games/valley/state.ts';
import type { CardRef, PlayerView, ValleyView } from '../../../games/valley/view.ts';
import { ordinal, ROMAN } from '../../../render/canvas-shapes.ts';
import { provisional } from './card-face.ts';
import { defOf, seatName, type TombGroup, tombGroups } from './card-groups.ts';
import { setInfo } from './card-styles.ts';

/**
 * Text equivalents of the images, for message bodies and screen readers. Each reads the same view (and
 * catalog, for set names and provisional marks) as its image and nothing else, so it can never say
 * more than the image shows.
 */

const kindOf = (d: CardDef, catalog: Catalog): string =>
  d.kind === 'set' && d.set ? setInfo(d.set, catalog).name : d.kind === 'starter' ? 'Starter' : 'Unique';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Statue of Isis (Statues, cost 7, gold 3)"; VP only where the card prints it. */
export function cardLine(d: CardDef, catalog: Catalog): string {
  const vp = d.kind === 'set' ? '' : `, ${d.vp} VP`;
  return `${d.name} (${kindOf(d, catalog)}, cost ${d.cost}, gold ${d.gold}${vp})`;
}

/** A card's full description, saying which numbers are Scarab's guesses. */
export function describeCard(d: CardDef, catalog: Catalog): string {
  const set = d.kind === 'set' && d.set ? setInfo(d.set, catalog) : null;
  const type = set ? `${set.name}${set.size ? ` (${set.size})` : ''}` : kindOf(d, catalog);
  const guessed = (['cost', 'gold', 'vp'] as const).filter(
    (k) => (k !== 'vp' || d.kind !== 'set') && provisional(d, k, catalog),
  );
  const note = guessed.length ? ` Provisional: ${guessed.join(', ').replace('vp', 'VP')}.` : '';
  return `${cardLine(d, catalog)}: ${type}, level ${ROMAN[d.level]}.${note}`;
}

const list = (view: ValleyView, refs: readonly CardRef[]): string =>
  refs.map((r) => defOf(view, r).name).join(', ');

function groupLine(g: TombGroup): string {
  const cards = g.cards.map((c) => (c.count > 1 ? `${c.def.name} ×${c.count}` : c.def.name)).join(', ');
  if (g.size === null) return `${g.name}: ${cards} = ${g.points} VP`;
  return `${g.name}, ${g.cards.length} of ${g.size} different: ${cards} = ${g.cards.length}² = ${g.points} VP`;
}

function tombShort(view: ValleyView, catalog: Catalog, p: PlayerView): string {
  const groups = tombGroups(view, p.seat, catalog);
  if (!groups.length) return 'tomb empty';
  const parts = groups.map((g) =>
    g.size === null ? `${g.name} ${g.total}` : `${g.name} ${g.cards.length}/${g.size}`,
  );
  return `tomb ${plural(p.score.tombCards, 'card')} (${parts.join(', ')})`;
}

function status(view: ValleyView, names: readonly string[]): string {
  if (view.finished) return `Game over. ${withNames(view.outcome?.summary ?? '', names)}`.trim();
  const turn = `Turn ${view.turn.number + 1}`;
  const mover = seatName(names, view.turn.seat);
  if (view.waiting.text === `@${view.turn.seat} to play`) return `${turn}: ${mover} to play.`;
  const asked = view.waiting.window
    ? ` (asking ${view.waiting.seats.map((s) => seatName(names, s)).join(', ')})`
    : '';
  return `${turn}, ${mover}'s turn: ${withNames(view.waiting.text, names)}${asked}.`;
}

/** The public board, in words: the same for every viewer. */
export function describeTable(view: ValleyView, names: readonly string[], catalog: Catalog): string {
  const slot = (i: number) => {
    const ref = view.pyramid[i];
    return ref ? cardLine(defOf(view, ref), catalog) : 'empty';
  };
  const lines = [
    status(view, names),
    `Pyramid base (buyable): ${[0, 1, 2].map(slot).join('; ')}.`,
    `Middle: ${[3, 4].map(slot).join('; ')}. Top: ${slot(5)}.`,
    `Stock: ${plural(view.stock.count, 'card')}. Boneyard: ${plural(view.boneyard.count, 'card')}${
      view.boneyard.top ? `, top ${defOf(view, view.boneyard.top).name}` : ''
    }.`,
  ];
  for (const p of view.players) {
    const turn = !view.finished && p.seat === view.turn.seat ? ' (to play)' : '';
    const top = p.discardTop ? ` (top ${defOf(view, p.discardTop).name})` : '';
    const extra = [
      p.play.length ? `in play: ${list(view, p.play)}` : '',
      p.aside.length ? `revealed: ${list(view, p.aside)}` : '',
    ].filter(Boolean);
    lines.push(
      `${seatName(names, p.seat)}${turn}: ${p.score.total} VP; hand ${p.handCount}, deck ${p.deckCount}, discard ${p.discardCount}${top}; ${tombShort(view, catalog, p)}${extra.length ? `; ${extra.join('; ')}` : ''}.`,
    );
  }
  return lines.join('\n');
}

/** The viewer's own hand; needs the view of the seat that owns it. */
export function describeHand(view: ValleyView, names: readonly string[], catalog: Catalog): string {
  const me = view.me;
  if (!me) throw new Error('describeHand needs a seat’s own view (view.me is null)');
  const gold = me.hand.reduce((sum, c) => sum + c.gold, 0);
  const cards = me.hand.map((c) => {
    const d = defOf(view, c);
    return c.gold === d.gold ? cardLine(d, catalog) : `${cardLine(d, catalog)}, pays ${c.gold} gold now`;
  });
  const p = view.players[me.seat];
  const lines = [
    me.hand.length
      ? `${seatName(names, me.seat)}'s hand, ${plural(me.hand.length, 'card')}, ${gold} gold: ${cards.join('; ')}.`
      : `${seatName(names, me.seat)}'s hand is empty.`,
  ];
  if (p)
    lines.push(
      `Deck ${p.deckCount}, discard ${p.discardCount}${p.discardTop ? ` (top ${defOf(view, p.discardTop).name})` : ''}, tomb ${plural(p.score.tombCards, 'card')}, ${p.score.total} VP.`,
    );
  if (view.prompt) lines.push(withNames(view.prompt, names));
  return lines.join('\n');
}

/** One seat's tomb, grouped the way it scores. Tombs are public. */
export function describeTomb(
  view: ValleyView,
  seat: Seat,
  names: readonly string[],
  catalog: Catalog,
): string {
  const p = view.players[seat];
  if (!p) throw new Error(`no seat ${seat} in this game`);
  const groups = tombGroups(view, seat, catalog);
  const head = `${seatName(names, seat)}'s tomb: ${plural(p.score.tombCards, 'card')}, ${p.score.total} VP.`;
  return groups.length
    ? [head, ...groups.map((g) => `- ${groupLine(g)}`)].join('\n')
    : `${head} It is empty.`;
}

/** Final standings with where each total came from and how ties were broken. */
export function describeResults(view: ValleyView, names: readonly string[], catalog: Catalog): string {
  const outcome = view.outcome;
  if (!outcome) throw new Error('describeResults needs a finished game (view.outcome is null)');
  const rows = [...outcome.results]
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    .map((r) => {
      const p = view.players[r.seat];
      const parts = p
        ? [
            ...p.score.sets.map((s) => `${setInfo(s.set, catalog).name} ${s.points}`),
            p.score.uniques ? `Uniques ${p.score.uniques}` : '',
            p.score.starters ? `Starters ${p.score.starters}` : '',
          ].filter(Boolean)
        : [];
      const cards = p ? ` (${plural(p.score.tombCards, 'tomb card')})` : '';
      const shared = outcome.results.filter((x) => x.rank === r.rank).length > 1 ? ' (shared)' : '';
      return `${ordinal(r.rank)}${shared} ${seatName(names, r.seat)}: ${r.score} VP${cards}${parts.length ? ` = ${parts.join(' + ')}` : ''}.`;
    });
  return [`Final results. ${withNames(outcome.summary, names)}`, ...rows].join('\n');
}
