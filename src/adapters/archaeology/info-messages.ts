import type { GameContext } from '../../discord/messages/context.ts';
import { seatName } from '../../discord/messages/context.ts';
import { clip, emptyPayload, type Payload } from '../../discord/messages/payload.ts';
import { type ArchaeologyCatalog, TREASURES, type Treasure } from '../../games/archaeology/catalog.ts';
import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import { renderTreasureCard } from './pictures/card-image.ts';
import { priceLine, soldLine, treasureName, withNames } from './summary.ts';

export function museumMessage(v: ArchaeologyView, ctx: GameContext): Payload {
  const lines = v.seats.map(
    (s) => `**${seatName(ctx, s.seat)}** — $${s.money} from ${s.cardsSold} cards: ${soldLine(s.sold)}`,
  );
  return emptyPayload(
    clip(`**Museum** · game #${ctx.gameId}: what each player has sold\n${lines.join('\n')}`, 2000),
  );
}

export function pricesMessage(v: ArchaeologyView, ctx: GameContext): Payload {
  const lines = TREASURES.map(
    (k) => `**${treasureName(k, 2)}** — trade ${v.numbers[k].trade} · museum ${priceLine(v, k)}`,
  );
  return emptyPayload(
    `**Trading values and museum prices** · game #${ctx.gameId}\n${lines.join('\n')}\nA set holds one type; the last price is the largest set the museum takes.`,
  );
}

export function logMessage(v: ArchaeologyView, ctx: GameContext): Payload {
  const lines = v.log.slice(-25).map((l) => withNames(l, ctx.names));
  return emptyPayload(clip(`**Log** · game #${ctx.gameId} (latest last)\n${lines.join('\n')}`, 2000));
}

const SOURCE_MARK = { seed: '', review: ' (from a review)', provisional: ' (provisional)' } as const;
const ID_PREFIX = 'archaeology:';

const OTHERS = {
  thief: {
    name: 'Thief',
    text: 'Dug up: discarded face up; the player who drew it chooses an opponent and takes one card from their hand at random, without looking. If no opponent holds a card, nothing is stolen. 8 in the game.',
  },
  sandstorm: {
    name: 'Sandstorm',
    text: 'Dug up: discarded face up; every player, from the drawer clockwise, loses half their hand (rounded down, chosen by them) to the marketplace; then the drawer digs again. 6 in the game (one fewer with 3 players, two fewer with 4).',
  },
} as const;

/** `/card`'s list: every treasure and the thief and sandstorm, named so they cannot be taken for a Valley card. */
export function archaeologyCardList(catalog: ArchaeologyCatalog): { id: string; name: string }[] {
  return [
    ...catalog.treasures.map((t) => ({ id: `${ID_PREFIX}${t.id}`, name: `${t.name} (Archaeology)` })),
    ...Object.entries(OTHERS).map(([id, o]) => ({
      id: `${ID_PREFIX}${id}`,
      name: `${o.name} (Archaeology)`,
    })),
  ];
}

export function archaeologyCardMessage(catalog: ArchaeologyCatalog, id: string): Payload {
  const key = id.startsWith(ID_PREFIX) ? id.slice(ID_PREFIX.length) : id;
  const other = Object.hasOwn(OTHERS, key) ? OTHERS[key as keyof typeof OTHERS] : null;
  if (other) return emptyPayload(`**${other.name}** — Archaeology\n> ${other.text}`);
  const t = catalog.treasures.find((x) => x.id === (key as Treasure));
  if (!t) return emptyPayload(`There is no Archaeology card called '${id}'.`);
  const prices = t.prices.map((p, i) => `${i + 1}: $${p.value}${SOURCE_MARK[p.source]}`).join(' · ');
  const provisional = [t.trade, ...t.prices].some((n) => n.source === 'provisional');
  const png = renderTreasureCard(t);
  return {
    content: [
      `**${t.name}** — Archaeology treasure, ${t.copies.value} in the game`,
      `Trading value ${t.trade.value}${SOURCE_MARK[t.trade.source]}`,
      `Museum prices (a set of one type, at most ${t.prices.length}): ${prices}`,
      ...(t.assemble
        ? ['> Pays well only as a complete set: “must be fully assembled to make a good profit”.']
        : []),
      ...(t.id === 'map'
        ? ['> Spend 1, 2 or 3 maps to explore the small, medium or large chamber of the pyramid (once each).']
        : []),
      provisional
        ? '_Provisional numbers are Scarab’s own: the rulebook does not print them. A server owner with the cards can correct them in assets/cards/archaeology.json._'
        : '',
    ]
      .filter(Boolean)
      .join('\n'),
    components: [],
    files: [
      {
        attachment: png,
        name: `${t.id}.png`,
        description: `${t.name}: trading value ${t.trade.value}; museum prices ${t.prices.map((p, i) => `${i + 1} for $${p.value}`).join(', ')}.`,
      },
    ],
    mentionUsers: [],
  };
}

export function archaeologyRules(): Payload {
  return emptyPayload(
    [
      '**Archaeology** (2–4 players): make the most money by finding treasures and selling them to the museum.',
      '**Your turn.** You dig first: the top card of the dig site is added to your hand unseen. A **thief** lets you take a random card from an opponent you choose; a **sandstorm** makes everyone, from you clockwise, lose half their hand (rounded down, your choice) to the marketplace, then you dig again.',
      'Then, as often as you like and in any order: **trade** cards of your hand for marketplace cards of equal or lesser trading value (the difference is lost); **explore** the pyramid with 1, 2 or 3 maps (small, medium or large chamber, once each; maps leave the game); **sell** a set of one treasure type to the museum (never more than its price table allows; each sale is a new pile). Then end your turn.',
      '**The end.** Once the dig site is empty nobody digs, and a turn that does nothing is a pass. If everyone passes in a row, the first to pass must sell at least one card when play returns to them. The game ends when every hand is empty; the most money wins, and a tie goes to whoever sold the fewest cards.',
      '**Here.** Press **My hand** on the board: sell from the menu, trade by choosing the marketplace cards then what you give, explore and end with the buttons. A sandstorm asks everyone privately (**Respond**). `/card` shows each treasure’s trading value and museum prices.',
    ].join('\n'),
  );
}
