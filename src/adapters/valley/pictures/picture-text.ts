import type { Seat } from '../../../games/kernel/types.ts';
import type { Catalog } from '../../../games/valley/catalog.ts';
import type { CardDef } from '../../../games/valley/state.ts';
import type { CardRef, PlayerView, ValleyView } from '../../../games/valley/view.ts';
import { DEFAULT_LANGUAGE } from '../../../i18n/locales.ts';
import type { Values } from '../../../i18n/messages.ts';
import { ROMAN } from '../../../render/canvas-shapes.ts';
import { provisional } from './card-face.ts';
import { defOf, seatName, type TombGroup, tombGroups } from './card-groups.ts';
import { setInfo } from './card-styles.ts';
import { kindOf, nameOf, ordinalIn, promptText, setTitle, summaryText, w, waitingText } from './words.ts';

/**
 * Text equivalents of the images, for message bodies and screen readers. Each reads the same view (and
 * catalog, for set names and provisional marks) as its image and nothing else, so it can never say
 * more than the image shows. Every word is in `language` (English when not given).
 */

const yes = (b: boolean): string => (b ? 'yes' : 'no');

/**
 * "Statue of Isis (Statues, set of 7, level II, cost 7, gold 3)": what the card's face prints (the set's
 * size and the level too, which a player planning a set or the stock's next level reads there); VP only
 * where the card prints it.
 */
export function cardLine(d: CardDef, catalog: Catalog, language: string = DEFAULT_LANGUAGE): string {
  const size = d.kind === 'set' && d.set ? setInfo(d.set, catalog).size : null;
  return w(language, 'alt.card-line', {
    name: nameOf(d, language),
    kind: kindOf(d, catalog, language),
    hasSize: yes(size !== null),
    size: size ?? 0,
    level: ROMAN[d.level],
    cost: d.cost,
    gold: d.gold,
    printed: yes(d.kind !== 'set'),
    vp: d.vp,
  });
}

/** A card's full description, saying which numbers are Scarab's guesses. */
export function describeCard(d: CardDef, catalog: Catalog, language: string = DEFAULT_LANGUAGE): string {
  const guessed = (['cost', 'gold', 'vp'] as const).filter(
    (k) => (k !== 'vp' || d.kind !== 'set') && provisional(d, k, catalog),
  );
  const line = w(language, 'alt.card', { line: cardLine(d, catalog, language) });
  if (!guessed.length) return line;
  const numbers = guessed.map((k) => w(language, k)).join(', ');
  return `${line} ${w(language, 'alt.provisional', { numbers })}`;
}

function wordsFor(language: string) {
  const t = (key: string, values: Values = {}) => w(language, key, values);
  const name = (view: ValleyView, ref: CardRef) => nameOf(defOf(view, ref), language);
  const list = (view: ValleyView, refs: readonly CardRef[]) => refs.map((r) => name(view, r)).join(', ');
  return { t, name, list };
}

function groupLine(g: TombGroup, language: string): string {
  const cards = g.cards
    .map((c) => {
      const name = nameOf(c.def, language);
      return c.count > 1 ? `${name} ×${c.count}` : name;
    })
    .join(', ');
  if (g.size === null) return w(language, 'alt.group-printed', { name: g.name, cards, points: g.points });
  return w(language, 'alt.group-set', {
    name: g.name,
    count: g.cards.length,
    size: g.size,
    cards,
    points: g.points,
  });
}

function tombShort(view: ValleyView, catalog: Catalog, p: PlayerView, language: string): string {
  const groups = tombGroups(view, p.seat, catalog, language);
  if (!groups.length) return w(language, 'alt.tomb-empty');
  const parts = groups.map((g) =>
    g.size === null ? `${g.name} ${g.total}` : `${g.name} ${g.cards.length}/${g.size}`,
  );
  return w(language, 'alt.tomb-short', { n: p.score.tombCards, groups: parts.join(', ') });
}

function status(view: ValleyView, names: readonly string[], language: string): string {
  const reader = { names, language };
  if (view.finished) return w(language, 'alt.game-over', { summary: summaryText(view, reader) }).trim();
  const n = view.turn.number + 1;
  const mover = seatName(names, view.turn.seat, language);
  // No question open: only the player to move is awaited.
  if (view.decision === null) return w(language, 'alt.to-play', { n, name: mover });
  return w(language, 'alt.turn-of', {
    n,
    name: mover,
    what: waitingText(view, reader),
    asking: yes(view.waiting.window),
    asked: view.waiting.seats.map((s) => seatName(names, s, language)).join(', '),
  });
}

/** The public board, in words: the same for every viewer. */
export function describeTable(
  view: ValleyView,
  names: readonly string[],
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): string {
  const { t, name, list } = wordsFor(language);
  const slot = (i: number) => {
    const ref = view.pyramid[i];
    return ref ? cardLine(defOf(view, ref), catalog, language) : t('empty');
  };
  const lines = [
    status(view, names, language),
    t('alt.base', { cards: [0, 1, 2].map(slot).join('; ') }),
    t('alt.upper', { middle: [3, 4].map(slot).join('; '), top: slot(5) }),
    t('alt.piles', {
      stock: view.stock.count,
      boneyard: view.boneyard.count,
      hasTop: yes(view.boneyard.top !== null),
      top: view.boneyard.top ? name(view, view.boneyard.top) : '',
    }),
  ];
  for (const p of view.players) {
    const extra = [
      p.play.length ? t('alt.in-play', { cards: list(view, p.play) }) : '',
      p.aside.length ? t('alt.revealed', { cards: list(view, p.aside) }) : '',
    ].filter(Boolean);
    lines.push(
      t('alt.seat', {
        name: seatName(names, p.seat, language),
        mover: yes(!view.finished && p.seat === view.turn.seat),
        vp: p.score.total,
        hand: p.handCount,
        deck: p.deckCount,
        discard: p.discardCount,
        hasTop: yes(p.discardTop !== null),
        top: p.discardTop ? name(view, p.discardTop) : '',
        tomb: tombShort(view, catalog, p, language),
        extra: extra.length ? `; ${extra.join('; ')}` : '',
      }),
    );
  }
  return lines.join('\n');
}

/** The viewer's own hand; needs the view of the seat that owns it. */
export function describeHand(
  view: ValleyView,
  names: readonly string[],
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): string {
  const { t, name } = wordsFor(language);
  const me = view.me;
  if (!me) throw new Error('describeHand needs a seat’s own view (view.me is null)');
  const gold = me.hand.reduce((sum, c) => sum + c.gold, 0);
  const cards = me.hand.map((c) => {
    const d = defOf(view, c);
    const line = cardLine(d, catalog, language);
    return c.gold === d.gold ? line : t('alt.pays', { line, gold: c.gold });
  });
  const p = view.players[me.seat];
  const who = seatName(names, me.seat, language);
  const lines = [
    me.hand.length
      ? t('alt.hand', { name: who, n: me.hand.length, gold, cards: cards.join('; ') })
      : t('alt.hand-empty', { name: who }),
  ];
  if (p)
    lines.push(
      t('alt.hand-piles', {
        deck: p.deckCount,
        discard: p.discardCount,
        hasTop: yes(p.discardTop !== null),
        top: p.discardTop ? name(view, p.discardTop) : '',
        tomb: p.score.tombCards,
        vp: p.score.total,
      }),
    );
  const prompt = promptText(view, { names, language });
  if (prompt) lines.push(prompt);
  return lines.join('\n');
}

/** One seat's tomb, grouped the way it scores. Tombs are public. */
export function describeTomb(
  view: ValleyView,
  seat: Seat,
  names: readonly string[],
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): string {
  const p = view.players[seat];
  if (!p) throw new Error(`no seat ${seat} in this game`);
  const groups = tombGroups(view, seat, catalog, language);
  const head = w(language, 'alt.tomb', {
    name: seatName(names, seat, language),
    n: p.score.tombCards,
    vp: p.score.total,
  });
  return groups.length
    ? [head, ...groups.map((g) => `- ${groupLine(g, language)}`)].join('\n')
    : `${head} ${w(language, 'alt.tomb-is-empty')}`;
}

/** Final standings with where each total came from and how ties were broken. */
export function describeResults(
  view: ValleyView,
  names: readonly string[],
  catalog: Catalog,
  language: string = DEFAULT_LANGUAGE,
): string {
  const { t } = wordsFor(language);
  const outcome = view.outcome;
  if (!outcome) throw new Error('describeResults needs a finished game (view.outcome is null)');
  const rows = [...outcome.results]
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    .map((r) => {
      const p = view.players[r.seat];
      const parts = p
        ? [
            ...p.score.sets.map((s) => `${setTitle(s.set, catalog, language)} ${s.points}`),
            p.score.uniques ? `${t('group.uniques')} ${p.score.uniques}` : '',
            p.score.starters ? `${t('group.starters')} ${p.score.starters}` : '',
          ].filter(Boolean)
        : [];
      return t('alt.result', {
        rank: ordinalIn(r.rank, language),
        shared: yes(outcome.results.filter((x) => x.rank === r.rank).length > 1),
        name: seatName(names, r.seat, language),
        score: r.score,
        counted: yes(p !== undefined),
        cards: p?.score.tombCards ?? 0,
        scored: yes(parts.length > 0),
        parts: parts.join(' + '),
      });
    });
  return [t('alt.results', { summary: summaryText(view, { names, language }) }), ...rows].join('\n');
}
