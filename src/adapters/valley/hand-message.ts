import type { APIButtonComponent, APISelectMenuOption } from 'discord-api-types/v10';
import { ButtonStyle } from 'discord-api-types/v10';
import type { LabelledAction } from '../../games/kernel/types.ts';
import type { Catalog } from '../../games/valley/catalog.ts';
import type { ValleyAction } from '../../games/valley/state.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import { t, type Values } from '../../i18n/messages.ts';
import { translated } from '../../i18n/translated.ts';
import { seatAccent } from '../../table-kit/components-v2.ts';
import type { GameContext } from '../../table-kit/context.ts';
import { encodeCustomId } from '../../table-kit/custom-id.ts';
import { hintButton } from '../../table-kit/hint-button.ts';
import {
  button,
  buttonRows,
  clip,
  MAX_OPTIONS,
  type Payload,
  type PayloadSection,
  row,
  select,
  selectRows,
} from '../../table-kit/payload.ts';
import { withSeatNames } from '../engine-text.ts';
import { encodeAction } from './action-code.ts';
import { cardName } from './card-names.ts';
import { endTurnAction, endTurnControl, orderStep } from './discard-order.ts';
import type { ValleyPictures } from './pictures.ts';
import { valleyText } from './rules-text.ts';
import { waitingText } from './summary.ts';

/** The pyramid's slots, 0–2 base, 3–4 middle, 5 top, as message keys (`valley.slot.…`). */
const SLOT_KEYS = ['base-left', 'base-centre', 'base-right', 'middle-left', 'middle-right', 'top'];

/** Where the player is in a choice made in several clicks. */
export interface ValleyStep {
  /** A base slot whose payment choices to show (after "Buy …" was pressed). */
  buySlot?: number;
  /** The cards chosen so far to go on top of the discard pile, top first (ending the turn in steps). */
  endOrder?: number[];
}

export interface HandOptions extends ValleyStep {
  /** Shown above everything: the result of the last click, or why it was refused. */
  banner?: string;
}

/**
 * The private hand: the picture, the text, and a component for every legal action of this seat.
 * Only ever sent as an ephemeral reply to its owner.
 */
export function handMessage(
  v: ValleyView,
  ctx: GameContext,
  pictures: ValleyPictures,
  catalog: Catalog,
  opts: HandOptions = {},
): Payload {
  const language = ctx.language;
  const say = (key: string, values?: Values) => t(language, key, values);
  // A card's action text is not frozen into the game's definitions: it comes from the game's catalog.
  const actionText = (card: string) => {
    const c = catalog.cards.find((x) => x.id === card);
    return c ? translated(c, 'action', language) : undefined;
  };
  const seat = v.viewer as number;
  const id = (verb: string, arg = '') =>
    encodeCustomId({ scope: 'game', gameId: ctx.gameId, version: ctx.version, verb, arg });
  const me = v.me;
  const hand = me?.hand ?? [];
  const name = (card: string) => cardName(card, language);
  const names = (cards: readonly { card: string }[]) =>
    cards.map((c) => name(c.card)).join(', ') || say('valley.hand.empty');
  const withGold = (c: { card: string; gold: number }) =>
    say('valley.hand.card', { name: name(c.card), gold: c.gold });
  const gold = hand.reduce((sum, c) => sum + c.gold, 0);
  const lines = [
    ...(opts.banner ? [opts.banner] : []),
    say('valley.hand.heading', {
      id: String(ctx.gameId),
      cards: hand.map(withGold).join(', ') || say('valley.hand.empty'),
      gold,
      thoth: v.turn.thoth && v.turn.seat === seat ? 'yes' : 'no',
      statue: name('statue-of-thoth'),
    }),
  ];
  if (v.turn.ring && v.turn.seat === seat) lines.push(say('valley.hand.ring', { ring: name('ring') }));
  // Shown to this player alone (Senet Game); this message is ephemeral, so nobody else reads it.
  for (const shown of me?.shown ?? [])
    lines.push(
      say('valley.hand.shown', {
        name: withSeatNames(`@${shown.seat}`, ctx.names),
        cards: names(shown.cards),
      }),
    );
  if (me?.discard)
    lines.push(say('valley.hand.discard', { count: me.discard.length, cards: names(me.discard) }));
  const labelled = v.actions.map((a) => ({ ...a, label: valleyText(a.label, ctx) }));
  const components: Payload['components'] = [];
  const sections: PayloadSection[] = [];
  const buyableLine = (card: string | undefined, cardName: string, cost: number | string) => {
    const action = card ? actionText(card) : undefined;
    return action
      ? say('valley.hand.buyable', { card: cardName, cost, action })
      : say('valley.hand.buyable-plain', { card: cardName, cost });
  };

  // A seat that can only pass a reaction window is not asked: the table passes for it after a random
  // delay, and until then it waits like everyone else (a lone Pass would only tell it to wait).
  const onlyPass = v.autoPass !== null;
  // The prompt (the turn's, or a question) is the caption under the cards in the picture, and its
  // description says it too: the text says what the picture does not, rather than the caption twice.
  if (v.questionId !== null && !onlyPass) {
    const answers = labelled.filter((a) => a.action.type === 'answer') as {
      action: ValleyAction & { type: 'answer' };
      label: string;
    }[];
    if (answers.length <= 10 && answers.every((a) => a.label.length <= 80))
      components.push(
        ...buttonRows(
          answers.map((a) =>
            button(
              id('ans', `${v.questionId}:${a.action.value}`),
              a.label,
              a.action.value === 'pass' ? ButtonStyle.Secondary : ButtonStyle.Primary,
            ),
          ),
        ),
      );
    else
      components.push(
        ...selectRows(
          (k) => id('ans', `${v.questionId}:p${k}`),
          (k, n) => (n > 1 ? say('valley.hand.choose-list', { k: k + 1, n }) : say('valley.hand.choose')),
          answers.map((a) => ({ label: a.label, value: a.action.value })),
        ),
      );
    // Pressed here, it says plainly that the search does not answer questions inside an action.
    if (ctx.hints && components.length < 5) components.push(row(hintButton(ctx)));
  } else if (v.turn.seat === seat && !v.finished && !onlyPass && labelled.length > 0) {
    // The rules' own labels of the buys: a way to pay is read from them (see `payLabel`).
    const buys = v.actions.filter((a) => a.action.type === 'buy');
    if (opts.endOrder !== undefined) {
      const step = orderStep(v, opts.endOrder, id, name, language);
      return finish(v, ctx, pictures, [...lines, ...step.lines], step.rows);
    }
    if (opts.buySlot !== undefined) {
      const slot = opts.buySlot;
      const card = v.pyramid[slot];
      const cost = card ? v.defs[card.card]?.cost : undefined;
      // Exact payments first, then those that overpay least (the gold beyond the cost is lost); the rules'
      // order otherwise.
      const forSlot = buys
        .filter((a) => a.action.type === 'buy' && a.action.slot === slot)
        .map((a) => ({ a, over: overpaid(a, cost) }))
        .sort((x, y) => x.over - y.over)
        .map(({ a }) => a);
      if (card && forSlot.length > 0) {
        const options: APISelectMenuOption[] = forSlot.map((a) => ({
          label: payLabel(a, hand, ctx),
          value: encodeAction(a.action),
        }));
        const bought = { card: name(card.card), cost: v.defs[card.card]?.cost ?? '?' };
        lines.push(buyableLine(card.card, bought.card, bought.cost));
        if (options.length <= MAX_OPTIONS && options.every((o) => o.label.length <= 100))
          components.push(row(select(id('act', 'pay'), say('valley.hand.pay-for', bought), options)));
        else {
          // Too many ways to list (or too long to read): the player picks the cards, the rules judge them.
          lines.push(say('valley.hand.ways-to-pay', { ...bought, n: forSlot.length }));
          components.push(
            row(
              select(
                id('pay', String(slot)),
                say('valley.hand.cards-to-pay', bought),
                hand.slice(0, MAX_OPTIONS).map((c) => ({ label: withGold(c), value: String(c.instance) })),
                { min: 1, max: Math.min(hand.length, MAX_OPTIONS) },
              ),
            ),
          );
        }
        components.push(row(button(id('hand'), say('valley.hand.back'))));
        return finish(v, ctx, pictures, lines, components);
      }
      lines.push(say('valley.hand.cannot-buy'));
    }
    const slotsToBuy = [...new Set(buys.map((a) => (a.action.type === 'buy' ? a.action.slot : -1)))];
    // Each card that can be bought beside its Buy button, with what it does: the choice is made here.
    for (const slot of slotsToBuy) {
      const c = v.pyramid[slot];
      const where = SLOT_KEYS[slot];
      const card = c ? name(c.card) : where ? say(`valley.slot.${where}`) : String(slot);
      const cost = (c && v.defs[c.card]?.cost) ?? '?';
      sections.push({
        text: buyableLine(c?.card, card, cost),
        button: button(
          id('buyslot', String(slot)),
          say('valley.hand.buy', { card, cost }),
          ButtonStyle.Success,
        ),
      });
    }
    const first: APIButtonComponent[] = [];
    const endControl = endTurnControl(v, id, name, language);
    if (endControl === 'button')
      first.push(
        button(id('act', encodeAction(endTurnAction(v))), say('valley.hand.end-turn'), ButtonStyle.Danger),
      );
    first.push(button(id('hand'), say('valley.hand.refresh')));
    if (ctx.hints) first.push(hintButton(ctx));
    components.push(row(...first));
    const plays = labelled.filter((a) => a.action.type === 'play');
    if (plays.length)
      components.push(
        row(
          select(
            id('act', 'play'),
            say('valley.hand.play'),
            plays.map((a) => {
              const played = a.action.type === 'play' ? a.action.card : -1;
              const card = hand.find((h) => h.instance === played)?.card;
              return {
                label: a.label,
                value: encodeAction(a.action),
                description: card ? actionText(card) : undefined,
              };
            }),
          ),
        ),
      );
    const entombs = labelled.filter((a) => a.action.type === 'entomb');
    if (entombs.length)
      components.push(
        row(
          select(
            id('act', 'entomb'),
            say('valley.hand.entomb'),
            entombs.map((a) => ({ label: a.label, value: encodeAction(a.action) })),
          ),
        ),
      );
    if (endControl !== 'button') components.push(endControl);
  } else {
    // The waiting text is a whole sentence of its own ("Waiting for reactions…", "Bob to play").
    lines.push(
      v.finished ? say('valley.hand.over') : say('valley.hand.waiting', { text: waitingText(v, ctx) }),
    );
    components.push(row(button(id('hand'), say('valley.hand.refresh'))));
  }
  return finish(v, ctx, pictures, lines, components, sections);
}

function finish(
  v: ValleyView,
  ctx: GameContext,
  pictures: ValleyPictures,
  lines: string[],
  components: Payload['components'],
  sections: PayloadSection[] = [],
): Payload {
  const pic = pictures.hand(v, ctx);
  return {
    content: clip(lines.join('\n'), 2000),
    card: { accent: seatAccent(v.viewer ?? 0) },
    sections,
    components,
    files: [{ attachment: pic.png, name: `game-${ctx.gameId}-hand.png`, description: pic.alt }],
    mentionUsers: [],
  };
}

/** Gold paid beyond `cost`, read from the rules' label of the buy; 0 when it says no gold. */
function overpaid(a: LabelledAction<ValleyAction>, cost: number | undefined): number {
  const gold = a.label.values?.gold;
  return typeof gold === 'number' && typeof cost === 'number' ? gold - cost : 0;
}

/**
 * A way to pay, "Pay with Chariot + Censer (4 gold)", in the reader's language: the cards from the
 * action, the gold (and a card Ring doubles) from the values of the rules' label of the buy
 * (`valley.rules.action.buy`, "Buy Boat (cost 6, base left) with Chariot + Censer (4 gold, Ring doubles
 * Censer)"). A label of another shape is shown as the rules said it.
 */
function payLabel(
  a: LabelledAction<ValleyAction>,
  hand: readonly { instance: number; card: string }[],
  ctx: GameContext,
): string {
  const language = ctx.language;
  const paid =
    a.action.type === 'buy' ? a.action.pay.map((i) => hand.find((h) => h.instance === i)?.card) : [];
  const gold = a.label.values?.gold;
  if (
    a.label.key !== 'valley.rules.action.buy' ||
    typeof gold !== 'number' ||
    paid.length === 0 ||
    !paid.every((c) => c !== undefined)
  )
    return valleyText(a.label, ctx);
  const ring = a.label.values?.ring;
  const doubled = typeof ring === 'object' ? ring.values?.card : undefined;
  const doubledId = typeof doubled === 'string' && doubled.startsWith('#') ? doubled.slice(1) : undefined;
  return t(language, 'valley.hand.pay-with', {
    cards: paid.map((c) => cardName(c, language)).join(' + '),
    gold,
    doubled: doubledId === undefined ? 'no' : 'yes',
    ring: cardName('ring', language),
    card: doubledId ? cardName(doubledId, language) : '',
  });
}
