import type { GameContext } from '../../discord/messages/context.ts';
import { clip, emptyPayload, type Payload } from '../../discord/messages/payload.ts';
import type { Catalog, Numbered } from '../../games/valley/catalog.ts';
import { withNames } from '../../games/valley/describe.ts';
import type { ValleyView } from '../../games/valley/view.ts';
import { t, type Values } from '../../i18n/messages.ts';
import { translated } from '../../i18n/translated.ts';
import { cardAction, cardName, setName } from './card-names.ts';
import type { ValleyPictures } from './pictures.ts';
import { tombText } from './summary.ts';

export function tombsMessage(v: ValleyView, ctx: GameContext, pictures: ValleyPictures): Payload {
  const pics = pictures.tombs(v, ctx);
  return {
    content: clip(`**Tombs** · game #${ctx.gameId}\n${tombText(v, ctx)}`, 2000),
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
  const lines = v.log.slice(-25).map((e) => `T${e.turn + 1}: ${withNames(e.text, ctx.names)}`);
  return emptyPayload(clip(`**Log** · game #${ctx.gameId} (latest last)\n${lines.join('\n')}`, 2000));
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
  const kind =
    c.kind === 'set'
      ? say('card.kind.set', { set: setName(c.set ?? '', language), size: set?.size ?? '?' })
      : say(c.kind === 'unique' ? 'card.kind.unique' : 'card.kind.starter');
  const num = (label: string, n: Numbered) =>
    say('card.number', { label: say(label), value: n.value, source: n.source });
  const numbers = [
    num('card.cost', c.cost),
    num('card.gold', c.gold),
    ...(c.vp ? [num('card.vp', c.vp)] : []),
  ];
  const pic = pictures.card(c.id, language);
  const provisional = [c.cost, c.gold, c.vp].some((n) => n?.source === 'provisional');
  const note = c.setNote ? translated(c, 'setNote', language) : '';
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
      note ? say('card.set-note', { set: c.kind === 'set' ? 'yes' : 'no', note }) : '',
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

export function rulesMessage(): Payload {
  return emptyPayload(
    [
      '**Valley of the Kings** — fill your tomb with the most valuable artifacts.',
      '**Your turn, in order:**',
      '1. **Play cards.** Each card in hand is used once: to **buy** a card from the base of the pyramid (lay out cards whose gold covers its cost; no change is given), to **execute** its action, or to **entomb** it (once per turn). Any order, any number of buys and actions.',
      '2. **Discard** everything in play and in hand to your discard pile.',
      '3. **Rebuild the pyramid.** If you changed nothing in it this turn, sacrifice one of its cards. Empty spaces are refilled from the stock, base first.',
      '4. **Draw** a new hand of 5 (shuffle your discard pile when your deck runs out).',
      '**Pyramid:** when a card leaves, the card diagonally above crumbles down (two candidates above the base centre: the player who caused it chooses).',
      '**End:** when the stock and the pyramid are empty and everyone has had the same number of turns.',
      '**Scoring:** only the tomb counts. Starters and unique artifacts score their VP; each set scores (different cards)², duplicates nothing. Ties: fewest cards in the tomb wins, then a shared victory.',
      '**Players and cards:** 2 to 6 players (the Premium Edition seats six). The host picks the card pool: the base box, the base box with the known *Afterlife* cards mixed in, or sets and unique artifacts by hand; and whether the host or a random player (the Premium rule) goes first.',
      '**Here:** `/valley` opens a lobby. Each turn the bot posts the board and mentions the player to move. Press **My hand** for your private hand and every legal move; **Respond** when the game asks you something.',
    ].join('\n'),
  );
}
