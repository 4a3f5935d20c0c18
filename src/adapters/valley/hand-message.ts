import type { APISelectMenuOption } from 'discord-api-types/v10';
import { ButtonStyle } from 'discord-api-types/v10';
import { encodeCustomId } from '../../discord/custom-id.ts';
import type { GameContext } from '../../discord/messages/context.ts';
import {
  button,
  buttonRows,
  clip,
  MAX_OPTIONS,
  type Payload,
  row,
  select,
  selectRows,
} from '../../discord/messages/payload.ts';
import type { LabelledAction } from '../../games/kernel/types.ts';
import type { Catalog } from '../../games/valley/catalog.ts';
import { withNames } from '../../games/valley/describe.ts';
import { SLOT_NAMES } from '../../games/valley/pyramid.ts';
import type { ValleyAction } from '../../games/valley/state.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import { encodeAction } from './action-code.ts';
import { endTurnAction, endTurnControl, orderStep } from './discard-order.ts';
import type { ValleyPictures } from './pictures.ts';

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
  // A card's action text is not frozen into the game's definitions: it comes from the game's catalog.
  const actionText = (card: string) => catalog.cards.find((c) => c.id === card)?.action;
  const seat = v.viewer as number;
  const id = (verb: string, arg = '') =>
    encodeCustomId({ scope: 'game', gameId: ctx.gameId, version: ctx.version, verb, arg });
  const me = v.me;
  const hand = me?.hand ?? [];
  const name = (card: string) => v.defs[card]?.name ?? card;
  const gold = hand.reduce((sum, c) => sum + c.gold, 0);
  const lines = [
    ...(opts.banner ? [opts.banner] : []),
    `**Your hand** (game #${ctx.gameId}): ${hand.map((c) => `${name(c.card)} (${c.gold}g)`).join(', ') || 'empty'} — ${gold} gold in all${v.turn.thoth && v.turn.seat === seat ? ' (Statue of Thoth: every card is worth 4)' : ''}`,
  ];
  if (v.turn.ring && v.turn.seat === seat)
    lines.push(
      '💍 Ring: the next card you play (to pay, for its action or to entomb) has double gold value.',
    );
  // Shown to this player alone (Senet Game); this message is ephemeral, so nobody else reads it.
  for (const shown of me?.shown ?? [])
    lines.push(
      `👁 ${withNames(`@${shown.seat}`, ctx.names)} showed you their hand (no set card): ${shown.cards.map((c) => name(c.card)).join(', ') || 'empty'}.`,
    );
  if (me?.discard)
    lines.push(
      `Your discard pile (${me.discard.length}): ${me.discard.map((c) => name(c.card)).join(', ') || 'empty'}`,
    );
  const labelled = v.actions.map((a) => ({ ...a, label: withNames(a.label, ctx.names) }));
  const components: Payload['components'] = [];

  if (v.questionId !== null) {
    lines.push(`**${withNames(v.prompt, ctx.names)}**`);
    const answers = labelled.filter((a) => a.action.type === 'answer') as LabelledAction<
      ValleyAction & { type: 'answer' }
    >[];
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
          (k, n) => (n > 1 ? `Choose… (list ${k + 1} of ${n})` : 'Choose…'),
          answers.map((a) => ({ label: a.label, value: a.action.value })),
        ),
      );
  } else if (v.turn.seat === seat && !v.finished && labelled.length > 0) {
    lines.push(withNames(v.prompt, ctx.names));
    const buys = labelled.filter((a) => a.action.type === 'buy');
    if (opts.endOrder !== undefined) {
      const step = orderStep(v, opts.endOrder, id, name);
      return finish(v, ctx, pictures, [...lines, ...step.lines], step.rows);
    }
    if (opts.buySlot !== undefined) {
      const slot = opts.buySlot;
      const card = v.pyramid[slot];
      const forSlot = buys.filter((a) => a.action.type === 'buy' && a.action.slot === slot);
      if (card && forSlot.length > 0) {
        const options: APISelectMenuOption[] = forSlot.map((a) => ({
          label: a.label.replace(/^Buy .*? with /, 'Pay with '),
          value: encodeAction(a.action),
        }));
        const cost = v.defs[card.card]?.cost;
        if (options.length <= MAX_OPTIONS && options.every((o) => o.label.length <= 100))
          components.push(
            row(select(id('act', 'pay'), `Pay for ${name(card.card)} (cost ${cost})…`, options)),
          );
        else {
          // Too many ways to list (or too long to read): the player picks the cards, the rules judge them.
          lines.push(
            `${forSlot.length} ways to pay for ${name(card.card)} (cost ${cost}): choose the cards to pay with, the fewest that reach the cost (gold beyond it is lost).`,
          );
          components.push(
            row(
              select(
                id('pay', String(slot)),
                `Cards to pay for ${name(card.card)} (cost ${cost})…`,
                hand
                  .slice(0, MAX_OPTIONS)
                  .map((c) => ({ label: `${name(c.card)} (${c.gold}g)`, value: String(c.instance) })),
                { min: 1, max: Math.min(hand.length, MAX_OPTIONS) },
              ),
            ),
          );
        }
        components.push(row(button(id('hand'), 'Back')));
        return finish(v, ctx, pictures, lines, components);
      }
      lines.push('That card can no longer be bought with your hand.');
    }
    const slotsToBuy = [...new Set(buys.map((a) => (a.action.type === 'buy' ? a.action.slot : -1)))];
    const first = slotsToBuy.map((slot) => {
      const c = v.pyramid[slot];
      return button(
        id('buyslot', String(slot)),
        `Buy ${c ? name(c.card) : SLOT_NAMES[slot]} (${c ? v.defs[c.card]?.cost : '?'})`,
        ButtonStyle.Success,
      );
    });
    const endControl = endTurnControl(v, id, name);
    if (endControl === 'button')
      first.push(button(id('act', encodeAction(endTurnAction(v))), 'End turn', ButtonStyle.Danger));
    first.push(button(id('hand'), 'Refresh'));
    components.push(row(...first));
    const plays = labelled.filter((a) => a.action.type === 'play');
    if (plays.length)
      components.push(
        row(
          select(
            id('act', 'play'),
            'Play a card for its action…',
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
            'Entomb a card (once per turn)…',
            entombs.map((a) => ({ label: a.label, value: encodeAction(a.action) })),
          ),
        ),
      );
    if (endControl !== 'button') components.push(endControl);
  } else {
    // The waiting text is a whole sentence of its own ("Waiting for reactions…", "Bob to play").
    lines.push(v.finished ? 'The game is over.' : `⏳ ${withNames(v.waiting.text, ctx.names)}.`);
    components.push(row(button(id('hand'), 'Refresh')));
  }
  return finish(v, ctx, pictures, lines, components);
}

function finish(
  v: ValleyView,
  ctx: GameContext,
  pictures: ValleyPictures,
  lines: string[],
  components: Payload['components'],
): Payload {
  const pic = pictures.hand(v, ctx);
  return {
    content: clip(lines.join('\n'), 2000),
    components,
    files: [{ attachment: pic.png, name: `game-${ctx.gameId}-hand.png`, description: pic.alt }],
    mentionUsers: [],
  };
}
