import { type ArchaeologyCatalog, TREASURES, type Treasure } from '../../games/archaeology/catalog.ts';
import type { ArchaeologyView } from '../../games/archaeology/view.ts';
import { gameTitle } from '../../i18n/command-localizations.ts';
import { DEFAULT_LANGUAGE } from '../../i18n/locales.ts';
import { LANGUAGES, t, type Values } from '../../i18n/messages.ts';
import { translated } from '../../i18n/translated.ts';
import type { GameContext } from '../../table-kit/context.ts';
import { seatName } from '../../table-kit/context.ts';
import { clip, emptyPayload, type Payload } from '../../table-kit/payload.ts';
import { renderTreasureCard } from './pictures/card-image.ts';
import { priceLine, recentLog, soldLineIn, treasureNameOf } from './summary.ts';

export function museumMessage(v: ArchaeologyView, ctx: GameContext): Payload {
  const say = (key: string, values?: Values) => t(ctx.language, key, values);
  const lines = v.seats.map((s) =>
    say('archaeology.museum.line', {
      name: seatName(ctx, s.seat),
      money: String(s.money),
      cards: s.cardsSold,
      sets: soldLineIn(s.sold, ctx.language),
    }),
  );
  return emptyPayload(
    clip(`${say('archaeology.museum.title', { id: String(ctx.gameId) })}\n${lines.join('\n')}`, 2000),
  );
}

export function pricesMessage(v: ArchaeologyView, ctx: GameContext): Payload {
  const say = (key: string, values?: Values) => t(ctx.language, key, values);
  const lines = TREASURES.map((k) =>
    say('archaeology.prices.line', {
      name: treasureNameOf(k, 2, ctx.language),
      trade: String(v.numbers[k].trade),
      prices: priceLine(v, k, ctx.language),
    }),
  );
  return emptyPayload(
    [
      say('archaeology.prices.title', { id: String(ctx.gameId) }),
      ...lines,
      say('archaeology.prices.note'),
    ].join('\n'),
  );
}

export function logMessage(v: ArchaeologyView, ctx: GameContext): Payload {
  const lines = recentLog(v, ctx, 25);
  return emptyPayload(
    clip(
      `${t(ctx.language, 'archaeology.log.title', { id: String(ctx.gameId) })}\n${lines.join('\n')}`,
      2000,
    ),
  );
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
  const png = renderTreasureCard(x, language);
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

/** `/rules`: the game in brief, in the reader's language. */
export function archaeologyRules(language: string = DEFAULT_LANGUAGE): Payload {
  return emptyPayload(
    (['intro', 'turn', 'actions', 'end', 'here'] as const)
      .map((part) => t(language, `archaeology.rules.${part}`))
      .join('\n'),
  );
}
