import type { APIStringSelectComponent } from 'discord-api-types/v10';
import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { en as english } from '../../../src/adapters/english.ts';
import { boardMessage, decisionPing, finishedBoardText } from '../../../src/adapters/valley/board-message.ts';
import { setName } from '../../../src/adapters/valley/card-names.ts';
import { valleyClick } from '../../../src/adapters/valley/hand-clicks.ts';
import { handMessage } from '../../../src/adapters/valley/hand-message.ts';
import { logMessage, rulesMessage, tombsMessage } from '../../../src/adapters/valley/info-messages.ts';
import type { ValleyPictures } from '../../../src/adapters/valley/pictures.ts';
import { resultsMessage } from '../../../src/adapters/valley/results-message.ts';
import { joined, type Message } from '../../../src/games/kernel/message.ts';
import { baseCatalog } from '../../../src/games/valley/catalog.ts';
import { applyInPlace, valley, waitingFor } from '../../../src/games/valley/index.ts';
import { legalActions } from '../../../src/games/valley/legal-actions.ts';
import { say } from '../../../src/games/valley/messages.ts';
import type { ValleyView } from '../../../src/games/valley/view.ts';
import { view } from '../../../src/games/valley/view.ts';
import type { GameContext } from '../../../src/table-kit/context.ts';
import { type Payload, payloadButtons, readerText } from '../../../src/table-kit/payload.ts';
import { ask, choices, Table } from '../../valley/table.ts';

const picture = { png: Buffer.from([]), alt: 'a picture' };
const pictures: ValleyPictures = {
  table: () => picture,
  hand: () => picture,
  tombs: () => [picture],
  results: () => picture,
  card: () => picture,
};
const context = (language: string): GameContext => ({
  gameId: 12,
  version: 3,
  names: ['alice', 'bob'],
  users: ['1', null],
  language,
});
const en = context('en');
const es = context('es');

const buttons = (p: Payload): string[] => payloadButtons(p).map((c) => ('label' in c ? (c.label ?? '') : ''));
const selects = (p: Payload): APIStringSelectComponent[] =>
  p.components.flatMap((r) => r.components.filter((c) => c.type === ComponentType.StringSelect));

/** Alice to move with four cards in hand and two Urns (so the pile's order can matter), a tomb, a pyramid. */
function table(): Table {
  return Table.from({
    players: 2,
    hands: [['statue-of-bastet', 'shabti', 'urn', 'box-of-food'], []],
    decks: [['urn'], []],
    pyramid: ['boat', 'chariot', 'censer', 'statue-of-horus', null, 'ring'],
    tombs: [['statue-of-bastet', 'statue-of-horus', 'shabti'], []],
  });
}

/** A game played to its end, always taking the last legal action. */
function finished(): ValleyView {
  const s = valley.setup({ players: 2 }, 'spanish-results');
  while (!s.finished) {
    const seat = waitingFor(s)[0] as number;
    applyInPlace(s, seat, legalActions(s, seat).at(-1) as never);
  }
  return view(s, null);
}

describe('the board', () => {
  it('in Spanish: the title, the pyramid, the piles, the scores and the buttons', () => {
    const board = boardMessage(view(table().s, null), es, pictures);
    expect(readerText(board).split('\n').slice(0, 6)).toEqual([
      '**Valle de los Reyes** · partida n.º 12 · turno 1 · cartas: Base',
      '<@1>, te toca.',
      'Base de la pirámide (comprable): Barca (6) · Carro (4) · Incensario (4)',
      'Fila central: Estatua de Horus (5) · — — Fila superior: Anillo (3)',
      'Cementerio: vacío · Reserva: 0 cartas',
      'alice 5 PV (3 en la tumba, 4 en la mano) · bob 0 PV (0 en la tumba, 0 en la mano)',
    ]);
    expect(buttons(board)).toEqual(['Mi mano', 'Tumbas', 'Registro']);
  });

  it('in English, as it always read', () => {
    const board = boardMessage(view(table().s, null), en, pictures);
    expect(readerText(board).split('\n').slice(0, 6)).toEqual([
      '**Valley of the Kings** · game #12 · turn 1 · Base cards',
      '<@1>, it is your turn.',
      'Pyramid base (buyable): Boat (6) · Chariot (4) · Censer (4)',
      'Middle: Statue of Horus (5) · — — Top: Ring (3)',
      'Boneyard: empty · Stock: 0 cards',
      'alice 5 VP (3 in tomb, 4 in hand) · bob 0 VP (0 in tomb, 0 in hand)',
    ]);
    expect(buttons(board)).toEqual(['My hand', 'Tombs', 'Log']);
  });

  it('a decision owed by someone else: the line and the Respond button, in each language', () => {
    const t = table();
    // A text of the rules naming the seat owed: each language writes it, bob's name put in.
    ask(t, 1, 'Pick one', [['a', 'A']], say('boat.public', { seat: '@1' }));
    const v = view(t.s, null);
    const spanish = boardMessage(v, es, pictures);
    expect(readerText(spanish)).toContain(
      '⏳ **bob** está eligiendo una carta (Barca). Pulsa **Responder** para elegir.',
    );
    expect(buttons(spanish)).toEqual(['Mi mano', 'Responder', 'Tumbas', 'Registro']);
    const english = boardMessage(v, en, pictures);
    expect(readerText(english)).toContain(
      '⏳ **bob** is choosing a card (Boat). Press **Respond** to choose.',
    );
    expect(buttons(english)).toEqual(['My hand', 'Respond', 'Tombs', 'Log']);
    // The ping names bob once, where the text does: not "bob — bob está eligiendo…".
    expect(readerText(decisionPing(v, es))).toBe(
      '**bob** está eligiendo una carta (Barca). Pulsa **Responder** para elegir.',
    );
    const mentioned = decisionPing(v, { ...es, users: [null, '22'] });
    expect(readerText(mentioned)).toBe(
      '<@22> está eligiendo una carta (Barca). Pulsa **Responder** para elegir.',
    );
    expect(mentioned.mentionUsers).toEqual(['22']);
  });

  it('a finished game’s board points to the results', () => {
    expect(finishedBoardText(es, 4, null)).toBe(
      '**Valle de los Reyes** · partida n.º 12 · turno 5\n🏁 La partida ha terminado: los resultados están más abajo.',
    );
    expect(finishedBoardText(es, 4, 'https://x')).toBe(
      '**Valle de los Reyes** · partida n.º 12 · turno 5\n🏁 La partida ha terminado: [consulta los resultados](https://x).',
    );
    expect(finishedBoardText(en, 4, null)).toBe(
      '**Valley of the Kings** · game #12 · turn 5\n🏁 The game is over: the results are below.',
    );
    expect(finishedBoardText(en, 4, 'https://x')).toBe(
      '**Valley of the Kings** · game #12 · turn 5\n🏁 The game is over: [see the results](https://x).',
    );
  });

  it('a game number from 1000 up is written without a separator in both languages', () => {
    const v = view(table().s, null);
    expect(readerText(boardMessage(v, { ...es, gameId: 12345 }, pictures))).toMatch(
      /^\*\*Valle de los Reyes\*\* · partida n\.º 12345 ·/,
    );
    expect(readerText(boardMessage(v, { ...en, gameId: 12345 }, pictures))).toMatch(
      /^\*\*Valley of the Kings\*\* · game #12345 ·/,
    );
  });
});

describe('the private hand', () => {
  it('in Spanish: the cards with their gold, the buttons and the menus', () => {
    const hand = handMessage(view(table().s, 0), es, pictures, baseCatalog);
    expect(readerText(hand).split('\n')[0]).toBe(
      '**Tu mano** (partida n.º 12): Estatua de Bastet (2 de oro), Shabti (1 de oro), Urna (1 de oro), Caja de comida (2 de oro) — 6 de oro en total',
    );
    expect(buttons(hand)).toEqual([
      'Comprar Barca (6)',
      'Comprar Carro (4)',
      'Comprar Incensario (4)',
      'Actualizar',
    ]);
    const [play, entomb, end] = selects(hand);
    expect(play?.placeholder).toBe('Jugar una carta por su acción…');
    expect(play?.options[0]?.description).toMatch(
      /^Cada oponente pone una carta encima de tu pila de descarte/,
    );
    expect(entomb?.placeholder).toBe('Sepultar una carta (una por turno)…');
    expect(end?.placeholder).toBe('Terminar turno: la carta que dejas encima de tu pila de descarte…');
    expect(end?.options.map((o) => o.label)).toEqual([
      'Terminar turno dejando Estatua de Bastet encima',
      'Terminar turno dejando Shabti encima',
      'Terminar turno dejando Urna encima',
      'Terminar turno dejando Caja de comida encima',
      'Elegir antes el orden de las cartas de encima…',
    ]);
    expect(end?.options.at(-1)?.description).toBe(
      'Con una segunda Urna se lee también la carta de debajo de la de encima.',
    );
  });

  it('in English, as it always read', () => {
    const hand = handMessage(view(table().s, 0), en, pictures, baseCatalog);
    expect(readerText(hand).split('\n')[0]).toBe(
      '**Your hand** (game #12): Statue of Bastet (2g), Shabti (1g), Urn (1g), Box of Food (2g) — 6 gold in all',
    );
    expect(buttons(hand)).toEqual(['Buy Boat (6)', 'Buy Chariot (4)', 'Buy Censer (4)', 'Refresh']);
    const [play, entomb, end] = selects(hand);
    expect(play?.placeholder).toBe('Play a card for its action…');
    expect(play?.options[0]?.description).toMatch(/^Each opponent puts a card on top of your discard pile/);
    expect(entomb?.placeholder).toBe('Entomb a card (once per turn)…');
    expect(end?.placeholder).toBe('End turn: the card to leave on top of your discard pile…');
    expect(end?.options.map((o) => o.label)).toEqual([
      'End turn, leaving Statue of Bastet on top',
      'End turn, leaving Shabti on top',
      'End turn, leaving Urn on top',
      'End turn, leaving Box of Food on top',
      'Choose the order of the top cards first…',
    ]);
    expect(end?.options.at(-1)?.description).toBe('A second Urn reads the card beneath the top one.');
  });

  it('paying for a card: every way to pay, in each language', () => {
    const v = view(table().s, 0);
    const spanish = handMessage(v, es, pictures, baseCatalog, { buySlot: 1 });
    expect(selects(spanish)[0]?.placeholder).toBe('Pagar Carro (coste 4)…');
    expect(selects(spanish)[0]?.options.map((o) => o.label)).toEqual([
      'Pagar con Shabti + Urna + Caja de comida (4 de oro)',
      'Pagar con Estatua de Bastet + Caja de comida (4 de oro)',
      'Pagar con Estatua de Bastet + Shabti + Urna (4 de oro)',
    ]);
    expect(buttons(spanish)).toEqual(['Volver']);
    const english = handMessage(v, en, pictures, baseCatalog, { buySlot: 1 });
    expect(selects(english)[0]?.placeholder).toBe('Pay for Chariot (cost 4)…');
    expect(selects(english)[0]?.options.map((o) => o.label)).toEqual([
      'Pay with Shabti + Urn + Box of Food (4 gold)',
      'Pay with Statue of Bastet + Box of Food (4 gold)',
      'Pay with Statue of Bastet + Shabti + Urn (4 gold)',
    ]);
    expect(buttons(english)).toEqual(['Back']);
  });

  it('a way to pay with a card Ring doubles names both cards, in each language', () => {
    const t = table();
    const v = view(t.s, 0);
    const pay = [t.inHand(0, 'urn'), t.inHand(0, 'shabti')];
    // The rules' label of such a buy (Ring is not in play here: the label is written as the rules would).
    const label: Message = say('action.buy', {
      card: '#chariot',
      cost: 4,
      slot: '~valley.rules.slot.1',
      paid: joined(
        [say('option.card', { card: '#urn' }), say('option.card', { card: '#shabti' })],
        'valley.rules.list.plus',
      ) as Message,
      gold: 4,
      ring: say('action.ring', { card: '#urn' }),
    });
    expect(english(label)).toBe(
      'Buy Chariot (cost 4, base centre) with Urn + Shabti (4 gold, Ring doubles Urn)',
    );
    const ringed: ValleyView = { ...v, actions: [{ action: { type: 'buy', slot: 1, pay }, label }] };
    const payLabel = (ctx: GameContext) =>
      selects(handMessage(ringed, ctx, pictures, baseCatalog, { buySlot: 1 }))[0]?.options[0]?.label;
    expect(payLabel(es)).toBe('Pagar con Urna + Shabti (4 de oro, Anillo duplica Urna)');
    expect(payLabel(en)).toBe('Pay with Urn + Shabti (4 gold, Ring doubles Urn)');
  });

  it('ending the turn in steps: the order so far, the next card, in each language', () => {
    const t = table();
    const order = [t.inHand(0, 'urn'), t.inHand(0, 'shabti')];
    const spanish = handMessage(view(t.s, 0), es, pictures, baseCatalog, { endOrder: order });
    expect(readerText(spanish)).toContain(
      '**Terminas tu turno:** desde lo alto de tu pila de descarte, Urna, luego Shabti. Elige la siguiente carta de debajo o termina ya el turno',
    );
    expect(selects(spanish)[0]?.placeholder).toBe('Debajo de Shabti…');
    expect(buttons(spanish)).toEqual(['Terminar turno con este orden', 'Volver']);
    const english = handMessage(view(t.s, 0), en, pictures, baseCatalog, { endOrder: order });
    expect(readerText(english)).toContain(
      '**Ending your turn:** from the top of your discard pile, Urn, then Shabti. Choose the next card beneath, or end the turn now (the rest go below in the order you played them).',
    );
    expect(selects(english)[0]?.placeholder).toBe('Beneath Shabti…');
    expect(buttons(english)).toEqual(['End turn with this order', 'Back']);
    const first = handMessage(view(t.s, 0), es, pictures, baseCatalog, { endOrder: [] });
    expect(readerText(first)).toContain(
      '**Terminas tu turno:** elige la carta que dejas encima de tu pila de descarte.',
    );
    expect(selects(first)[0]?.placeholder).toBe('La carta de encima…');
  });

  it('Statue of Thoth, Ring, a hand shown and the discard pile, in each language', () => {
    const v = view(table().s, 0);
    const marked: ValleyView = {
      ...v,
      turn: { ...v.turn, thoth: true, ring: true },
      me: v.me && { ...v.me, discard: [], shown: [{ seat: 1, cards: [{ instance: 99, card: 'urn' }] }] },
    };
    const spanish = readerText(handMessage(marked, es, pictures, baseCatalog)).split('\n');
    expect(spanish[0]).toMatch(/— 6 de oro en total \(Estatua de Thot: cada carta vale 4\)$/);
    expect(spanish.slice(1, 4)).toEqual([
      '💍 Anillo: la próxima carta que juegues (para pagar, por su acción o para sepultarla) vale el doble de oro.',
      '👁 bob te ha enseñado su mano (sin cartas de conjunto): Urna.',
      'Tu pila de descarte (0): vacía',
    ]);
    const english = readerText(handMessage(marked, en, pictures, baseCatalog)).split('\n');
    expect(english[0]).toMatch(/— 6 gold in all \(Statue of Thoth: every card is worth 4\)$/);
    expect(english.slice(1, 4)).toEqual([
      '💍 Ring: the next card you play (to pay, for its action or to entomb) has double gold value.',
      '👁 bob showed you their hand (no set card): Urn.',
      'Your discard pile (0): empty',
    ]);
  });

  it('someone else’s turn: what the game waits for, and Refresh', () => {
    const v = view(table().s, 1);
    const spanish = readerText(handMessage(v, es, pictures, baseCatalog)).split('\n');
    expect(spanish.slice(0, 2)).toEqual([
      '**Tu mano** (partida n.º 12): vacía — 0 de oro en total',
      'Tu pila de descarte (0): vacía',
    ]);
    expect(spanish[2]).toMatch(/^⏳ .*alice.*\.$/);
    expect(buttons(handMessage(v, es, pictures, baseCatalog))).toEqual(['Actualizar']);
    const english = handMessage(v, en, pictures, baseCatalog);
    expect(readerText(english).split('\n')).toEqual([
      '**Your hand** (game #12): empty — 0 gold in all',
      'Your discard pile (0): empty',
      '⏳ alice to play.',
    ]);
    expect(buttons(english)).toEqual(['Refresh']);
  });

  it('a question with more answers than one menu holds: the menus say which list they are', () => {
    const t = Table.from({ players: 2, hands: [[], []], pyramid: ['boat', null, null, null, null, null] });
    ask(t, 0, 'Pick one', choices(30));
    const v = view(t.s, 0);
    expect(selects(handMessage(v, es, pictures, baseCatalog)).map((m) => m.placeholder)).toEqual([
      'Elige… (lista 1 de 2)',
      'Elige… (lista 2 de 2)',
    ]);
    expect(selects(handMessage(v, en, pictures, baseCatalog)).map((m) => m.placeholder)).toEqual([
      'Choose… (list 1 of 2)',
      'Choose… (list 2 of 2)',
    ]);
  });

  it('a damaged control and a closed question are refused in the clicking person’s language', () => {
    const v = view(table().s, 0);
    expect(valleyClick('act', 'zz', [], v, 'es')).toEqual({
      kind: 'refuse',
      message: 'Ese botón está dañado; vuelve a abrir tu mano.',
    });
    expect(valleyClick('pay', 'x', [], v, 'es')).toEqual({
      kind: 'refuse',
      message: 'Ese menú está dañado; vuelve a abrir tu mano.',
    });
    expect(valleyClick('act', 'zz', [], v, 'en')).toEqual({
      kind: 'refuse',
      message: 'That button is damaged; open your hand again.',
    });
    expect(valleyClick('pay', 'x', [], v, 'en')).toEqual({
      kind: 'refuse',
      message: 'That menu is damaged; open your hand again.',
    });
    expect(valleyClick('ans', '5:a', [], v, 'es')).toMatchObject({
      options: { banner: '⚠️ Esa pregunta está cerrada (o ya se respondió), así que no se hizo nada.' },
    });
    expect(valleyClick('ans', '5:a', [], v, 'en')).toMatchObject({
      options: { banner: '⚠️ That question is closed (or already answered), so nothing was done.' },
    });
  });
});

describe('tombs, log and results', () => {
  it('the tombs, with set names in Spanish', () => {
    const v = view(table().s, null);
    expect(readerText(tombsMessage(v, es, pictures))).toBe(
      [
        '**Tumbas** · partida n.º 12',
        '**alice** — 5 PV (iniciales 1, únicas 0, Estatuas 2² = 4)',
        'Estatua de Bastet, Estatua de Horus, Shabti',
        '**bob** — 0 PV (iniciales 0, únicas 0)',
        'vacía',
      ].join('\n'),
    );
    expect(readerText(tombsMessage(v, en, pictures))).toBe(
      [
        '**Tombs** · game #12',
        '**alice** — 5 VP (starters 1, uniques 0, Statues 2² = 4)',
        'Statue of Bastet, Statue of Horus, Shabti',
        '**bob** — 0 VP (starters 0, uniques 0)',
        'empty',
      ].join('\n'),
    );
  });

  it('the log: its heading and a line per event with its turn', () => {
    const t = table();
    const entomb = legalActions(t.s, 0).find((a) => a.type === 'entomb');
    t.act(0, entomb as never);
    const v = view(t.s, null);
    const spanish = readerText(logMessage(v, { ...es, log: t.log })).split('\n');
    expect(spanish[0]).toBe('**Registro** · partida n.º 12 (lo más reciente, al final)');
    expect(spanish.length).toBeGreaterThan(1);
    expect(spanish.slice(1).every((l) => /^T1: \S/.test(l))).toBe(true);
    const english = readerText(logMessage(v, { ...en, log: t.log })).split('\n');
    expect(english[0]).toBe('**Log** · game #12 (latest last)');
    expect(english.slice(1).every((l) => /^T1: \S/.test(l))).toBe(true);
    expect(english.length).toBe(spanish.length);
  });

  it('the results: places, scores and the card pool', () => {
    const v = finished();
    const spanish = readerText(resultsMessage(v, es, pictures, ['rating'])).split('\n');
    expect(spanish[0]).toMatch(/^🏁 \*\*Valle de los Reyes\*\* · la partida n\.º 12 ha terminado\. /);
    expect(spanish[1]).toMatch(
      /^1\. \*\*(alice|bob)\*\* — \d+ PV \(\d+ cartas? en la tumba; iniciales \d+, únicas \d+(, [^,]+ \d²=\d+)*\)$/,
    );
    expect(spanish.slice(3)).toEqual(['🃏 Cartas: Base.', 'rating', '<@1>']);
    const english = readerText(resultsMessage(v, en, pictures, ['rating'])).split('\n');
    expect(english[0]).toMatch(/^🏁 \*\*Valley of the Kings\*\* · game #12 is over\. /);
    expect(english[1]).toMatch(
      /^1\. \*\*(alice|bob)\*\* — \d+ VP \(\d+ tomb cards; starters \d+, uniques \d+(, [A-Z][^,]+ \d²=\d+)*\)$/,
    );
    expect(english.slice(3)).toEqual(['🃏 Cards: Base.', 'rating', '<@1>']);
    // Sets by their names, in the game's language, never by the catalog's ids ("canopic-jars 2²=4").
    const sets = [
      { set: 'canopic-jars', distinct: 2, cards: 2, points: 4 },
      { set: 'statues', distinct: 1, cards: 1, points: 1 },
    ];
    const withSets: ValleyView = {
      ...v,
      players: v.players.map((p) => ({ ...p, score: { ...p.score, sets } })),
    };
    const line = (ctx: GameContext) => readerText(resultsMessage(withSets, ctx, pictures)).split('\n')[1];
    expect(line(en)).toMatch(/, Canopic Jars 2²=4, Statues 1²=1\)$/);
    expect(line(es)).toMatch(new RegExp(`, ${setName('canopic-jars', 'es')} 2²=4, Estatuas 1²=1\\)$`));
    expect(line(en)).not.toMatch(/canopic-jars|statues/);
  });
});

describe('/rules', () => {
  it('in Spanish, in the rulebook’s words, with the Spanish command and buttons', () => {
    const text = readerText(rulesMessage('es'));
    expect(text.split('\n')).toHaveLength(11);
    for (const words of [
      'llena tu tumba con los objetos más valiosos',
      'base de la pirámide',
      '**sepultarla** (solo una carta por turno)',
      'sacrifica una de sus cartas',
      'se desmorona',
      // The rulebook's "stock" is the reserve, a word a Spanish reader knows; /rules says both.
      'cartas de la reserva (el «stock» del reglamento)',
      'pila de descarte',
      'PV',
      '`/valle` abre una sala',
      '**Mi mano**',
      '**Responder**',
    ])
      expect(text).toContain(words);
  });

  it('in English, word for word as it always read', () => {
    expect(readerText(rulesMessage('en'))).toBe(
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
  });
});
