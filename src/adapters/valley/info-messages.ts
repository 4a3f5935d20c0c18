import type { Catalog, CatalogCard, Numbered } from '../../games/valley/catalog.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import { t, type Values } from '../../i18n/messages.ts';
import { type GameContext, recentLines } from '../../table-kit/context.ts';
import { clip, emptyPayload, type Payload } from '../../table-kit/payload.ts';
import { cardAction, cardName, setName } from './card-names.ts';
import type { ValleyPictures } from './pictures.ts';
import { valleyText } from './rules-text.ts';
import { tombText } from './summary.ts';

export function tombsMessage(v: ValleyView, ctx: GameContext, pictures: ValleyPictures): Payload {
  const pics = pictures.tombs(v, ctx);
  return {
    content: clip(
      `${t(ctx.language, 'valley.tombs.heading', { id: String(ctx.gameId) })}\n${tombText(v, ctx)}`,
      2000,
    ),
    components: [],
    files: pics.map((pic, seat) => ({
      attachment: pic.png,
      name: `game-${ctx.gameId}-tomb-${seat + 1}.png`,
      description: pic.alt,
    })),
    mentionUsers: [],
  };
}

export function logMessage(v: ValleyView, ctx: GameContext): Payload {
  const lines = recentLines(ctx, v.viewer, 25).map((e) =>
    t(ctx.language, 'valley.log.line', { turn: (e.turn ?? 0) + 1, text: valleyText(e.text, ctx) }),
  );
  const heading = t(ctx.language, 'valley.log.heading', { id: String(ctx.gameId) });
  return emptyPayload(clip(`${heading}\n${lines.join('\n')}`, 2000));
}

/**
 * Whether the card's set (or its being a unique artifact) is Scarab's choice rather than the rulebook's.
 * `setNote` is provenance for whoever edits the catalog ("seed: afterlife-rules.txt, Buying Example",
 * "inferred from the name…"); players see only the mark. A note citing the seed is not a choice.
 */
function provisionalSet(c: CatalogCard): boolean {
  return c.setNote !== undefined && !c.setNote.startsWith('seed:');
}

/** `/card`: a card's picture, action and numbers (provisional ones marked), in the reader's language. */
export function cardMessage(
  catalog: Catalog,
  cardId: string,
  pictures: ValleyPictures,
  language: string,
): Payload {
  const say = (key: string, values?: Values) => t(language, key, values);
  const c = catalog.cards.find((x) => x.id === cardId);
  if (!c) return emptyPayload(say('card.not-found', { name: cardId }));
  const set = c.set ? catalog.sets.find((s) => s.id === c.set) : undefined;
  const setProvisional = provisionalSet(c) ? 'yes' : 'no';
  const kind =
    c.kind === 'set'
      ? say('card.kind.set', {
          set: setName(c.set ?? '', language),
          size: set?.size ?? '?',
          provisional: setProvisional,
        })
      : c.kind === 'unique'
        ? say('card.kind.unique', { provisional: setProvisional })
        : say('card.kind.starter');
  const num = (label: string, n: Numbered) =>
    say('card.number', { label: say(label), value: n.value, source: n.source });
  const numbers = [
    num('card.cost', c.cost),
    num('card.gold', c.gold),
    ...(c.vp ? [num('card.vp', c.vp)] : []),
  ];
  const pic = pictures.card(c.id, language);
  const provisional =
    [c.cost, c.gold, c.vp].some((n) => n?.source === 'provisional') || setProvisional === 'yes';
  return {
    content: [
      say('card.heading', {
        name: cardName(c.id, language),
        kind,
        level: 'I'.repeat(c.level),
        copies: c.copies,
        afterlife: c.box === 'valley-afterlife' ? 'yes' : 'no',
      }),
      `> ${cardAction(c.id, language)}`,
      numbers.join(' · '),
      provisional ? say('card.provisional') : '',
    ]
      .filter(Boolean)
      .join('\n'),
    components: [],
    files: [{ attachment: pic.png, name: `${c.id}.png`, description: pic.alt }],
    mentionUsers: [],
  };
}

/** The rules in brief, one message per line (the rulebook's turn, pyramid, end and scoring, then this bot). */
const RULES = [
  'goal',
  'turn',
  'play',
  'discard',
  'rebuild',
  'draw',
  'pyramid',
  'end',
  'scoring',
  'players',
  'here',
] as const;

/** `/rules`: Valley in brief, in the reader's language. */
export function rulesMessage(language: string): Payload {
  // The lobby command as the reader's Discord shows it (`/valley`, `/valle`).
  const command = t(language, 'cmd.valley.name');
  return emptyPayload(RULES.map((line) => t(language, `valley.rules.${line}`, { command })).join('\n'));
}
