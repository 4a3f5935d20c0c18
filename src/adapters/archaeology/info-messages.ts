import type { GameContext } from '../../discord/messages/context.ts';
import { seatName } from '../../discord/messages/context.ts';
import { clip, emptyPayload, type Payload } from '../../discord/messages/payload.ts';
import { type ArchaeologyCatalog, TREASURES, type Treasure } from '../../games/archaeology/catalog.ts';
import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import { gameTitle } from '../../i18n/command-localizations.ts';
import { LANGUAGES, t, type Values } from '../../i18n/messages.ts';
import { translated } from '../../i18n/translated.ts';
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

const ID_PREFIX = 'archaeology:';

/** The two cards that are not treasures; their texts live in the message catalogues. */
const OTHERS = ['thief', 'sandstorm'] as const;

const title = (language: string) => gameTitle(language, 'archaeology', 'Archaeology');

function localTreasureName(t: ArchaeologyCatalog['treasures'][number], language: string): string {
  return translated(t, 'name', language);
}

/** `/card`'s list: every treasure and the thief and sandstorm, named so they cannot be taken for a Valley card. */
export function archaeologyCardList(
  catalog: ArchaeologyCatalog,
  language: string,
): { id: string; name: string; aliases: string[] }[] {
  const named = (id: string, name: (l: string) => string) => ({
    id: `${ID_PREFIX}${id}`,
    name: t(language, 'card.of-game', { name: name(language), title: title(language) }),
    aliases: LANGUAGES.filter((l) => l !== language)
      .map((l) => name(l))
      .filter((n) => n !== name(language)),
  });
  return [
    ...catalog.treasures.map((x) => named(x.id, (l) => localTreasureName(x, l))),
    ...OTHERS.map((id) => named(id, (l) => t(l, `archaeology.card.${id}.name`))),
  ];
}

export function archaeologyCardMessage(catalog: ArchaeologyCatalog, id: string, language: string): Payload {
  const say = (key: string, values?: Values) => t(language, key, values);
  const key = id.startsWith(ID_PREFIX) ? id.slice(ID_PREFIX.length) : id;
  const other = OTHERS.find((o) => o === key);
  if (other)
    return emptyPayload(
      `${say('archaeology.card.other', { name: say(`archaeology.card.${other}.name`), title: title(language) })}\n> ${say(`archaeology.card.${other}.text`)}`,
    );
  const x = catalog.treasures.find((c) => c.id === (key as Treasure));
  if (!x) return emptyPayload(say('archaeology.card.not-found', { name: id }));
  const name = localTreasureName(x, language);
  const prices = x.prices
    .map((p, i) => say('archaeology.card.price', { count: i + 1, value: p.value, source: p.source }))
    .join(' · ');
  const provisional = [x.trade, ...x.prices].some((n) => n.source === 'provisional');
  const png = renderTreasureCard(x);
  return {
    content: [
      say('archaeology.card.heading', { name, copies: x.copies.value }),
      say('archaeology.card.trade', { value: x.trade.value, source: x.trade.source }),
      say('archaeology.card.prices', { most: x.prices.length, prices }),
      x.assemble ? say('archaeology.card.assemble') : '',
      x.id === 'map' ? say('archaeology.card.map') : '',
      provisional ? say('archaeology.card.provisional') : '',
    ]
      .filter(Boolean)
      .join('\n'),
    components: [],
    files: [
      {
        attachment: png,
        name: `${x.id}.png`,
        description: say('archaeology.card.alt', {
          name,
          trade: x.trade.value,
          prices: x.prices
            .map((p, i) => say('archaeology.card.alt-price', { count: i + 1, value: p.value }))
            .join(', '),
        }),
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
