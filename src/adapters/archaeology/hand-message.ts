import type { APISelectMenuOption } from 'discord-api-types/v10';
import { ButtonStyle } from 'discord-api-types/v10';
import { encodeCustomId } from '../../discord/custom-id.ts';
import type { GameContext } from '../../discord/messages/context.ts';
import {
  button,
  buttonRows,
  MAX_OPTIONS,
  type Payload,
  row,
  select,
  selectRows,
} from '../../discord/messages/payload.ts';
import { TREASURES, type Treasure } from '../../games/archaeology/catalog.ts';
import type { ArchaeologyAction, Counts } from '../../games/archaeology/state.ts';
import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import { encodeArchaeologyAction, encodeCounts } from './action-code.ts';
import type { ArchaeologyPictures } from './pictures.ts';
import { countOf, countsLine, priceLine, TREASURE_NAMES, treasureName, withNames } from './summary.ts';

/** Where the player is in a trade made in two clicks: the marketplace cards chosen first. */
export interface ArchaeologyStep {
  take?: Counts;
}

/**
 * Menu options for single cards, `kind.i`: at most `perKind` copies of each type, so that every type
 * fits in one menu of 25 (a larger trade or loss is made in two goes).
 */
export function copyOptions(
  counts: Counts,
  describe: (k: Treasure, i: number, n: number) => string,
  limit = MAX_OPTIONS,
): APISelectMenuOption[] {
  const kinds = TREASURES.filter((k) => (counts[k] ?? 0) > 0);
  const perKind = Math.max(1, Math.floor(limit / Math.max(1, kinds.length)));
  return kinds.flatMap((k) =>
    Array.from({ length: Math.min(counts[k] as number, perKind) }, (_, j) => ({
      label: `${TREASURE_NAMES[k].name} ${j + 1} of ${counts[k]}`,
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
  const names = (t: string) => withNames(t, ctx.names);
  const size = countOf(me.hand);
  const lines: string[] = [...(o.banner ? [o.banner] : [])];
  lines.push(`**Your hand** (game #${ctx.gameId}): ${size} card${size === 1 ? '' : 's'}`);
  for (const k of TREASURES) {
    const n = me.hand[k] ?? 0;
    if (n === 0) continue;
    const sale = me.sales.find((s) => s.kind === k);
    lines.push(
      `• ${n} ${treasureName(k, n)} — trade ${v.numbers[k].trade} each · sell ${sale?.count} now for $${sale?.value} (museum: ${priceLine(v, k)})`,
    );
  }
  const components: Payload['components'] = [];
  const acts = v.actions;
  const labelOf = (a: ArchaeologyAction) =>
    names(acts.find((x) => encodeArchaeologyAction(x.action) === encodeArchaeologyAction(a))?.label ?? '');

  if (me.steal) {
    lines.push(
      '🦹 **You dug up a thief.** Choose the opponent it robs: it takes one of their cards at random, unseen.',
    );
    components.push(
      ...buttonRows(
        me.steal.map((seat) =>
          button(
            id('act', encodeArchaeologyAction({ type: 'steal', from: seat })),
            `Rob ${ctx.names[seat] ?? `seat ${seat + 1}`} (${v.seats[seat]?.handSize ?? 0} cards)`,
            ButtonStyle.Primary,
          ),
        ),
      ),
    );
  } else if (me.sandstorm && me.sandstorm.owed > 0) {
    const chosen = countOf(me.sandstorm.chosen);
    lines.push(
      `🌪 **A sandstorm!** Choose ${me.sandstorm.owed} more card${me.sandstorm.owed === 1 ? '' : 's'} to lose to the marketplace${chosen > 0 ? ` (already chosen: ${countsLine(me.sandstorm.chosen)})` : ''}. Nobody sees them until everyone has chosen.`,
    );
    const options = copyOptions(me.hand, (k) => `trade ${v.numbers[k].trade}`);
    const most = Math.min(me.sandstorm.owed, options.length);
    components.push(
      row(
        select(
          id('lose', String(v.questionId ?? '')),
          `Choose ${me.sandstorm.owed} card${me.sandstorm.owed === 1 ? '' : 's'} to lose`,
          options,
          {
            min: 1,
            max: most,
          },
        ),
      ),
    );
  } else if (me.sandstorm) {
    lines.push(
      `🌪 You lose ${countsLine(me.sandstorm.chosen)} to the sandstorm; waiting for the others to choose.`,
    );
  } else if (v.turn.seat === me.seat && !v.finished && acts.length > 0) {
    if (me.mustSell)
      lines.push('⚠️ Everyone passed since your pass: **sell at least one card** before you end your turn.');
    lines.push(`Marketplace: ${countsLine(v.market, 'empty')}`);
    if (o.take) {
      const value = tradeValue(v, o.take);
      lines.push(
        `🔁 You take **${countsLine(o.take)}** (trading value ${value}). Now choose cards of your hand worth ${value} or more (any surplus is lost).`,
      );
      const give: Counts = { ...me.hand };
      for (const k of TREASURES) if (o.take[k]) delete give[k];
      const options = copyOptions(give, (k) => `trade ${v.numbers[k].trade}`);
      if (options.length > 0)
        components.push(
          row(
            select(id('give', encodeCounts(o.take)), `Give cards worth ${value} or more`, options, {
              min: 1,
              max: options.length,
            }),
          ),
        );
      else lines.push('You hold nothing else to give for those.');
      components.push(row(button(id('cancel'), 'Cancel the trade')));
    } else {
      const sells = acts.filter((a) => a.action.type === 'sell');
      if (sells.length > 0)
        components.push(
          ...selectRows(
            (k) => id('sell', String(k)),
            (k, n) => (n > 1 ? `Sell to the museum (${k + 1}/${n})…` : 'Sell to the museum…'),
            sells.map((a) => ({ label: names(a.label), value: encodeArchaeologyAction(a.action) })),
            2,
          ),
        );
      const canTrade = acts.some((a) => a.action.type === 'trade');
      if (canTrade) {
        const options = copyOptions(v.market, (k) => `trade value ${v.numbers[k].trade}`);
        components.push(
          row(
            select(id('take'), 'Trade: choose marketplace cards to take…', options, {
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
            labelOf(a.action),
            a.action.type === 'explore' ? ButtonStyle.Primary : ButtonStyle.Secondary,
          ),
        );
      components.push(...buttonRows(buttons).slice(0, 5 - components.length - 1));
    }
  } else if (v.finished) lines.push('The game is over.');
  else lines.push(`Waiting: ${names(v.waiting.text)}.`);
  components.push(row(button(id('hand'), 'Refresh')));
  const mine = v.log.slice(-3).map((l) => `> ${names(l)}`);
  const pic = pictures.hand(v, ctx);
  return {
    content: [...lines, ...mine].join('\n'),
    components: components.slice(0, 5),
    files: pic ? [{ attachment: pic.png, name: `game-${ctx.gameId}-hand.png`, description: pic.alt }] : [],
    mentionUsers: [],
  };
}
