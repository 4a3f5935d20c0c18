import type { APISelectMenuOption } from 'discord-api-types/v10';
import { ButtonStyle } from 'discord-api-types/v10';
import { TREASURES, type Treasure } from '../../games/archaeology/catalog.ts';
import type { Counts } from '../../games/archaeology/state.ts';
import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import type { Message } from '../../games/kernel/message.ts';
import { t, type Values } from '../../i18n/messages.ts';
import { seatAccent } from '../../table-kit/components-v2.ts';
import type { GameContext } from '../../table-kit/context.ts';
import { encodeCustomId } from '../../table-kit/custom-id.ts';
import { hintButton } from '../../table-kit/hint-button.ts';
import {
  button,
  buttonRows,
  MAX_OPTIONS,
  type Payload,
  row,
  select,
  selectRows,
} from '../../table-kit/payload.ts';
import { encodeArchaeologyAction, encodeCounts } from './action-code.ts';
import type { ArchaeologyPictures } from './pictures.ts';
import { archaeologyText } from './rules-text.ts';
import { countOf, countsLineIn, countsOrEmpty, priceLine, recentLog, treasureNameOf } from './summary.ts';

/** Where the player is in a trade made in two clicks: the marketplace cards chosen first. */
export interface ArchaeologyStep {
  take?: Counts;
}

/**
 * Menu options for single cards, `kind.i`, labelled in `language`: at most `perKind` copies of each
 * type, so that every type fits in one menu of 25 (a larger trade or loss is made in two goes).
 */
export function copyOptions(
  counts: Counts,
  describe: (k: Treasure, i: number, n: number) => string,
  language: string,
  limit = MAX_OPTIONS,
): APISelectMenuOption[] {
  const kinds = TREASURES.filter((k) => (counts[k] ?? 0) > 0);
  const perKind = Math.max(1, Math.floor(limit / Math.max(1, kinds.length)));
  return kinds.flatMap((k) =>
    Array.from({ length: Math.min(counts[k] as number, perKind) }, (_, j) => ({
      label: t(language, 'archaeology.hand.copy', {
        name: treasureNameOf(k, 1, language),
        i: String(j + 1),
        n: String(counts[k]),
      }),
      value: `${k}.${j + 1}`,
      description: describe(k, j + 1, counts[k] as number),
    })),
  );
}

/** The counts behind chosen `kind.i` values; null if a value is damaged. */
export function countsFromCopies(values: readonly string[]): Counts | null {
  const counts: Counts = {};
  for (const v of values) {
    const m = /^([a-z-]+)\.(\d{1,2})$/.exec(v);
    const kind = m?.[1] as Treasure | undefined;
    if (!m || !kind || !(TREASURES as readonly string[]).includes(kind)) return null;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

const tradeValue = (v: ArchaeologyView, counts: Counts) =>
  TREASURES.reduce((sum, k) => sum + (counts[k] ?? 0) * v.numbers[k].trade, 0);

/**
 * The private hand: the treasures grouped by type with their trading value and what selling them
 * now would earn, and a control for every legal move. Only ever sent as an ephemeral reply.
 */
export function handMessage(
  v: ArchaeologyView,
  ctx: GameContext,
  pictures: ArchaeologyPictures,
  o: ArchaeologyStep & { banner?: string | undefined } = {},
): Payload {
  const me = v.me;
  if (!me) throw new Error('a hand needs a seat');
  const id = (verb: string, arg = '') =>
    encodeCustomId({ scope: 'game', gameId: ctx.gameId, version: ctx.version, verb, arg });
  const say = (key: string, values?: Values) => t(ctx.language, `archaeology.${key}`, values);
  const counts = (c: Counts) => countsLineIn(c, ctx.language);
  const size = countOf(me.hand);
  const lines: string[] = [...(o.banner ? [o.banner] : [])];
  lines.push(say('hand.title', { id: String(ctx.gameId), size }));
  for (const k of TREASURES) {
    const n = me.hand[k] ?? 0;
    if (n === 0) continue;
    const sale = me.sales.find((s) => s.kind === k);
    lines.push(
      say('hand.treasure', {
        n,
        name: treasureNameOf(k, n, ctx.language),
        trade: String(v.numbers[k].trade),
        count: String(sale?.count),
        value: String(sale?.value),
        prices: priceLine(v, k, ctx.language),
      }),
    );
  }
  const tradeOf = (k: Treasure) => say('hand.copy-trade', { value: String(v.numbers[k].trade) });
  const components: Payload['components'] = [];
  const acts = v.actions;
  const labelled = (a: { label: Message }) => archaeologyText(a.label, ctx);

  if (me.steal) {
    lines.push(say('hand.thief'));
    components.push(
      ...buttonRows(
        me.steal.map((seat) =>
          button(
            id('act', encodeArchaeologyAction({ type: 'steal', from: seat })),
            say('hand.rob', {
              name: ctx.names[seat] ?? say('seat', { n: String(seat + 1) }),
              cards: v.seats[seat]?.handSize ?? 0,
            }),
            ButtonStyle.Primary,
          ),
        ),
      ),
    );
  } else if (me.sandstorm && me.sandstorm.owed > 0) {
    const chosen = countOf(me.sandstorm.chosen);
    lines.push(
      say('hand.sandstorm', {
        owed: me.sandstorm.owed,
        chosen: chosen > 0 ? 'yes' : 'no',
        cards: counts(me.sandstorm.chosen),
      }),
    );
    const options = copyOptions(me.hand, tradeOf, ctx.language);
    const most = Math.min(me.sandstorm.owed, options.length);
    components.push(
      row(
        select(
          id('lose', String(v.questionId ?? '')),
          say('hand.lose', { owed: me.sandstorm.owed }),
          options,
          {
            min: 1,
            max: most,
          },
        ),
      ),
    );
  } else if (me.sandstorm) {
    lines.push(say('hand.lost', { cards: counts(me.sandstorm.chosen) }));
  } else if (v.turn.seat === me.seat && !v.finished && acts.length > 0) {
    if (me.mustSell) lines.push(say('hand.must-sell'));
    lines.push(say('hand.market', { cards: countsOrEmpty(v.market, ctx.language) }));
    if (o.take) {
      const value = tradeValue(v, o.take);
      lines.push(say('hand.take', { cards: counts(o.take), value: String(value) }));
      const give: Counts = { ...me.hand };
      for (const k of TREASURES) if (o.take[k]) delete give[k];
      const options = copyOptions(give, tradeOf, ctx.language);
      if (options.length > 0)
        components.push(
          row(
            select(id('give', encodeCounts(o.take)), say('hand.give', { value: String(value) }), options, {
              min: 1,
              max: options.length,
            }),
          ),
        );
      else lines.push(say('hand.nothing-to-give'));
      components.push(row(button(id('cancel'), say('hand.cancel'))));
    } else {
      const sells = acts.filter((a) => a.action.type === 'sell');
      if (sells.length > 0)
        components.push(
          ...selectRows(
            (k) => id('sell', String(k)),
            (k, n) => say('hand.sell', { several: n > 1 ? 'yes' : 'no', k: String(k + 1), n: String(n) }),
            sells.map((a) => ({ label: labelled(a), value: encodeArchaeologyAction(a.action) })),
            2,
          ),
        );
      const canTrade = acts.some((a) => a.action.type === 'trade');
      if (canTrade) {
        const options = copyOptions(
          v.market,
          (k) => say('hand.copy-trade-value', { value: String(v.numbers[k].trade) }),
          ctx.language,
        );
        components.push(
          row(
            select(id('take'), say('hand.trade'), options, {
              min: 1,
              max: options.length,
            }),
          ),
        );
      }
      const buttons = acts
        .filter((a) => a.action.type === 'explore' || a.action.type === 'end')
        .map((a) =>
          button(
            id('act', encodeArchaeologyAction(a.action)),
            labelled(a),
            a.action.type === 'explore' ? ButtonStyle.Primary : ButtonStyle.Secondary,
          ),
        );
      components.push(...buttonRows(buttons).slice(0, 5 - components.length - 1));
    }
  } else if (v.finished) lines.push(say('hand.over'));
  else lines.push(say('hand.waiting', { what: archaeologyText(v.waiting.text, ctx) }));
  // A decision of this seat's (its turn, a thief to aim, cards owed to a sandstorm) may ask for a hint.
  const owes = !v.finished && (v.questionId !== null || (v.turn.seat === me.seat && acts.length > 0));
  components.push(
    row(button(id('hand'), say('button.refresh')), ...(ctx.hints && owes ? [hintButton(ctx)] : [])),
  );
  const mine = recentLog(v, ctx, 3).map((l) => `> ${l}`);
  const pic = pictures.hand(v, ctx);
  return {
    content: [...lines, ...mine].join('\n'),
    card: { accent: seatAccent(v.viewer ?? 0) },
    components: components.slice(0, 5),
    files: pic ? [{ attachment: pic.png, name: `game-${ctx.gameId}-hand.png`, description: pic.alt }] : [],
    mentionUsers: [],
  };
}
