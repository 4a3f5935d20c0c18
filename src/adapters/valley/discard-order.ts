import type { APISelectMenuOption } from 'discord-api-types/v10';
import { ButtonStyle } from 'discord-api-types/v10';
import type { Instance, ValleyAction } from '../../games/valley/state.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import { t } from '../../i18n/messages.ts';
import { button, type Payload, row, select } from '../../table-kit/payload.ts';
import { encodeAction } from './action-code.ts';

/** Builds a custom_id of this hand: verb and argument. */
export type IdOf = (verb: string, arg?: string) => string;
type Rows = Payload['components'];

/** The cards that will go to the discard pile at the end of the turn: the hand, and what was played. */
function pileCards(v: ValleyView): { instance: Instance; card: string }[] {
  const seat = v.viewer as number;
  return [...(v.players[seat]?.play ?? []), ...(v.me?.hand ?? [])];
}

/** One card per kind (copies are interchangeable), in the order they would go to the pile. */
function kinds(
  cards: readonly { instance: Instance; card: string }[],
): { instance: Instance; card: string }[] {
  const seen = new Set<string>();
  return cards.filter((c) => !seen.has(c.card) && seen.add(c.card));
}

/** The end-turn action for an order, top first. */
export const endAction = (order: readonly Instance[]): ValleyAction => ({
  type: 'end-turn',
  top: order[0] ?? null,
  ...(order.length > 1 ? { beneath: order.slice(1) } : {}),
});

/** Whether choosing beyond the top card can change anything (see the module README, Interpretations). */
export function orderCanMatter(v: ValleyView): boolean {
  const cards = pileCards(v);
  return (v.me?.orderDepth ?? 0) >= 2 && cards.length >= 3 && kinds(cards).length >= 2;
}

/**
 * The one control that ends the turn: a button when the pile's order cannot matter (at most one kind
 * of card goes there), otherwise a menu of the card to leave on top, which also offers to order the
 * cards beneath it when that can matter.
 */
export function endTurnControl(
  v: ValleyView,
  id: IdOf,
  name: (card: string) => string,
  language: string,
): Rows[number] | 'button' {
  const choices = kinds(pileCards(v));
  if (choices.length <= 1) return 'button';
  const options: APISelectMenuOption[] = choices.map((c) => ({
    label: t(language, 'valley.end.leave-on-top', { card: name(c.card) }),
    value: String(c.instance),
  }));
  if (orderCanMatter(v))
    options.push({
      label: t(language, 'valley.end.order-first'),
      value: 'order',
      description: t(language, 'valley.end.order-first-why', { urn: name('urn') }),
    });
  return row(select(id('end'), t(language, 'valley.end.placeholder'), options));
}

/** The button form, when no order can be chosen. */
export function endTurnAction(v: ValleyView): ValleyAction {
  const only = kinds(pileCards(v))[0];
  return endAction(only ? [only.instance] : []);
}

/** The order is complete when it is as deep as can matter, or nothing different is left to place. */
export function orderComplete(v: ValleyView, order: readonly Instance[]): boolean {
  const rest = pileCards(v).filter((c) => !order.includes(c.instance));
  return order.length >= (v.me?.orderDepth ?? 1) || kinds(rest).length <= 1;
}

/** A step of ordering the top of the pile: what is chosen so far, the next card, or end the turn now. */
export function orderStep(
  v: ValleyView,
  order: readonly Instance[],
  id: IdOf,
  name: (card: string) => string,
  language: string,
): { lines: string[]; rows: Rows } {
  const cards = pileCards(v);
  const nameOf = (c: Instance) => name(cards.find((x) => x.instance === c)?.card ?? '?');
  const rest = kinds(cards.filter((c) => !order.includes(c.instance)));
  const prefix = order.join('.');
  // "Urn, then Shabti, then Box of Food": each card after the first joins the list in its own words.
  const [top, ...beneath] = order.map(nameOf);
  const lines = [
    top === undefined
      ? t(language, 'valley.end.start')
      : t(language, 'valley.end.step', {
          cards: beneath.reduce((list, next) => t(language, 'valley.end.then', { list, next }), top),
        }),
  ];
  const rows: Rows = [
    row(
      select(
        id('order', prefix),
        order.length === 0
          ? t(language, 'valley.end.top')
          : t(language, 'valley.end.beneath', { card: nameOf(order.at(-1) as Instance) }),
        rest.map((c) => ({ label: name(c.card), value: String(c.instance) })),
      ),
    ),
  ];
  const buttons = [button(id('hand'), t(language, 'valley.hand.back'))];
  if (order.length > 0)
    buttons.unshift(
      button(
        id('act', encodeAction(endAction(order))),
        t(language, 'valley.end.with-order'),
        ButtonStyle.Danger,
      ),
    );
  rows.push(row(...buttons));
  return { lines, rows };
}
