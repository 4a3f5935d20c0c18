import type { ArchaeologyView } from '../../../games/archaeology/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import type { Values } from '../../../i18n/messages.ts';
import { archaeologyText } from '../rules-text.ts';
import { chamberName, countsIn, money, seatNameIn, soldIn, treasureNameOf, w } from './words.ts';

/** The rules' texts (what the game waits for, how it was decided), in the reader's language. */
function rulesWords(v: ArchaeologyView, names: readonly string[], language: string) {
  const reader = { names, language };
  return {
    waiting: () => archaeologyText(v.waiting.text, reader),
    summary: () => (v.outcome ? archaeologyText(v.outcome.summary, reader) : ''),
  };
}

/**
 * The game's status, first, in the words every game's table picture starts with (the local table's
 * status line reads it): "Turn 3: alice to play." or "Turn 3, alice's turn: bob to choose …".
 */
function status(v: ArchaeologyView, names: readonly string[], language: string): string {
  const said = rulesWords(v, names, language);
  if (v.finished) return w(language, 'alt.game-over', { summary: said.summary() }).trim();
  const n = v.turn.number + 1;
  const mover = seatNameIn(names, v.turn.seat, language);
  if (v.decision === null) return w(language, 'alt.to-play', { n, name: mover });
  return w(language, 'alt.turn-of', { n, name: mover, what: said.waiting() });
}

/** The text equivalent of the table picture, for screen readers and anyone without images. */
export function describeTable(
  v: ArchaeologyView,
  names: readonly string[],
  language: string = DEFAULT_LANGUAGE,
): string {
  const t = (key: string, values: Values = {}) => w(language, key, values);
  const chambers = v.chambers.map((c) =>
    c.explored
      ? t('alt.chamber-explored', { name: chamberName(c.id, language) })
      : t('alt.chamber', { name: chamberName(c.id, language), cards: c.cards, maps: c.maps }),
  );
  return [
    status(v, names, language),
    t('alt.market', { cards: countsIn(v.market, t('empty'), language) }),
    t('alt.dig', {
      n: v.digSite,
      thieves: v.thieves.drawn,
      thievesTotal: v.thieves.total,
      storms: v.sandstorms.drawn,
      stormsTotal: v.sandstorms.total,
    }),
    t('alt.pyramid', { chambers: chambers.join('; ') }),
    ...v.seats.map((s) =>
      t('alt.seat', {
        name: seatNameIn(names, s.seat, language),
        hand: s.handSize,
        owing: s.owes ? 'yes' : 'no',
        owes: s.owes ?? 0,
        money: money(s.money, language),
        sold: soldIn(s.sold, language),
      }),
    ),
  ].join('\n');
}

/** The text equivalent of the viewer's hand ('' without a seat). */
export function describeHand(v: ArchaeologyView, language: string = DEFAULT_LANGUAGE): string {
  const me = v.me;
  if (!me) return '';
  const t = (key: string, values: Values = {}) => w(language, key, values);
  const sales = me.sales.map((s) =>
    t('alt.sale', {
      count: s.count,
      name: treasureNameOf(s.kind, s.count, language),
      money: money(s.value, language),
    }),
  );
  const hand = t('alt.hand', { cards: countsIn(me.hand, t('empty'), language) });
  return sales.length ? `${hand} ${t('alt.selling', { sales: sales.join(', ') })}` : hand;
}

/** The text equivalent of the results picture. */
export function describeResults(
  v: ArchaeologyView,
  names: readonly string[],
  language: string = DEFAULT_LANGUAGE,
): string {
  const out = v.outcome;
  if (!out) return '';
  const ranked = [...out.results].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return [
    w(language, 'alt.results', { summary: rulesWords(v, names, language).summary() }),
    ...ranked.map((r) =>
      w(language, 'alt.result', {
        rank: r.rank,
        name: seatNameIn(names, r.seat, language),
        money: money(r.score, language),
        sold: v.seats[r.seat]?.cardsSold ?? 0,
        sets: soldIn(v.seats[r.seat]?.sold ?? [], language),
      }),
    ),
  ].join(' ');
}
