import type { APIButtonComponentWithCustomId, APIStringSelectComponent } from 'discord-api-types/v10';
import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { boardMessage, finishedBoardText } from '../../../src/adapters/archaeology/board-message.ts';
import { archaeologyClick } from '../../../src/adapters/archaeology/hand-clicks.ts';
import { handMessage } from '../../../src/adapters/archaeology/hand-message.ts';
import {
  archaeologyRules,
  logMessage,
  museumMessage,
  pricesMessage,
} from '../../../src/adapters/archaeology/info-messages.ts';
import type { ArchaeologyPictures } from '../../../src/adapters/archaeology/pictures.ts';
import { resultsMessage } from '../../../src/adapters/archaeology/results-message.ts';
import { countsLine, soldLine, treasureName } from '../../../src/adapters/archaeology/summary.ts';
import { archaeologyBotMove } from '../../../src/games/archaeology/bots/index.ts';
import { applyInPlace, archaeology, waitingFor } from '../../../src/games/archaeology/index.ts';
import type { ArchaeologyState } from '../../../src/games/archaeology/state.ts';
import { view } from '../../../src/games/archaeology/view.ts';
import { t } from '../../../src/i18n/messages.ts';
import type { GameContext } from '../../../src/table-kit/context.ts';
import { type Payload, readerText } from '../../../src/table-kit/payload.ts';
import { act, linesOf, position } from '../../archaeology/helpers.ts';

const picture = { png: Buffer.from([]), alt: 'a picture' };
const pictures: ArchaeologyPictures = { table: () => picture, hand: () => picture, results: () => picture };
const en: GameContext = {
  gameId: 12,
  version: 3,
  names: ['alice', 'bob', 'carol'],
  users: ['1', null, '3'],
  language: 'en',
};
const es: GameContext = { ...en, language: 'es' };

const selects = (p: Payload): APIStringSelectComponent[] =>
  p.components.flatMap((r) => r.components.filter((c) => c.type === ComponentType.StringSelect));
const buttons = (p: Payload): string[] =>
  (
    p.components.flatMap((r) =>
      r.components.filter((c) => c.type === ComponentType.Button),
    ) as APIButtonComponentWithCustomId[]
  ).map((b) => b.label ?? '');

/** A whole game played by the heuristic computer player. */
function finishedGame(): ArchaeologyState {
  const s = archaeology.setup({ players: 2 }, 'spanish-results');
  for (let i = 0; i < 10_000 && !s.finished; i++) {
    const seat = waitingFor(s)[0] ?? 0;
    applyInPlace(s, seat, archaeologyBotMove(s, seat, 'heuristic'));
  }
  if (!s.finished) throw new Error('the game did not end');
  return s;
}

describe('Archaeology’s messages in Spanish', () => {
  const s = position({
    hands: [{ coin: 3, talisman: 2, map: 1 }, { parchment: 4 }],
    market: { parchment: 2, mask: 1, 'pot-shard': 1 },
    dig: ['coin', 'coin'],
  });

  it('the board: title, turn, dig site, marketplace, pyramid, players and buttons', () => {
    const english = boardMessage(view(s, null), en, pictures);
    expect(readerText(english).split('\n').slice(0, 6)).toEqual([
      '**Archaeology** · game #12 · turn 1',
      '<@1>, it is your turn.',
      '⛏ Dig site: 2 cards · thieves drawn 0/8 · sandstorms drawn 0/0',
      "🏺 Marketplace: 2 Parchment Scraps, 1 Pot Shard, 1 Pharaoh's Mask",
      '🔺 Pyramid: Small chamber 3 cards (1 map) · Medium chamber 5 cards (2 maps) · Large chamber 7 cards (3 maps)',
      'alice: 6 in hand, $0 sold · bob: 4 in hand, $0 sold',
    ]);
    expect(buttons(english)).toEqual(['My hand', 'Museum', 'Prices', 'Log']);

    const spanish = boardMessage(view(s, null), es, pictures);
    expect(readerText(spanish).split('\n').slice(0, 6)).toEqual([
      '**Arqueología** · partida n.º 12 · turno 1',
      '<@1>, es tu turno.',
      '⛏ Yacimiento: 2 cartas · ladrones salidos 0/8 · tormentas de arena salidas 0/0',
      '🏺 Mercado: 2 Fragmentos de pergamino, 1 Fragmento de vasija, 1 Máscara de faraón',
      '🔺 Pirámide: Cámara pequeña: 3 cartas (1 mapa) · Cámara mediana: 5 cartas (2 mapas) · Cámara grande: 7 cartas (3 mapas)',
      'alice: 6 en la mano, 0 $ en ventas · bob: 4 en la mano, 0 $ en ventas',
    ]);
    expect(buttons(spanish)).toEqual(['Mi mano', 'Museo', 'Precios', 'Registro']);
  });

  it('an empty dig site, an explored chamber and a decision owed by others', () => {
    const explored = act(s, 0, { type: 'explore', chamber: 'small' });
    explored.dig = [];
    const owed = act(
      position({
        hands: [{ coin: 1 }, { parchment: 4, coin: 1 }, { talisman: 3 }],
        dig: ['coin', 'sandstorm'],
        seat: 2,
      }),
      2,
      { type: 'end' },
    );
    const englishBoard = readerText(boardMessage(view(explored, null), en, pictures));
    expect(englishBoard).toContain(
      '⛏ Dig site: 0 cards (nobody digs; a turn that does nothing is a pass) · thieves drawn 0/8',
    );
    expect(englishBoard).toContain('🔺 Pyramid: Small chamber explored · Medium chamber 5 cards (2 maps)');
    const spanishBoard = readerText(boardMessage(view(explored, null), es, pictures));
    expect(spanishBoard).toContain(
      '⛏ Yacimiento: 0 cartas (nadie excava; un turno en el que no se hace nada es un pase) · ladrones salidos 0/8',
    );
    expect(spanishBoard).toContain(
      '🔺 Pirámide: Cámara pequeña explorada · Cámara mediana: 5 cartas (2 mapas)',
    );

    const englishOwed = boardMessage(view(owed, null), en, pictures);
    // The owing player is mentioned where the text names them, not before it as well.
    expect(readerText(englishOwed)).toMatch(
      /⏳ (<@\d+>|\*\*\w+\*\*),? .*\. Press \*\*Respond\*\* to choose\./,
    );
    expect(readerText(englishOwed)).not.toMatch(/⏳ .* — /);
    expect(buttons(englishOwed)).toEqual(['My hand', 'Respond', 'Museum', 'Prices', 'Log']);
    const spanishOwed = boardMessage(view(owed, null), es, pictures);
    expect(readerText(spanishOwed)).toMatch(
      /⏳ (<@\d+>|\*\*\w+\*\*),? .*\. Pulsa \*\*Responder\*\* para elegir\./,
    );
    expect(buttons(spanishOwed)).toEqual(['Mi mano', 'Responder', 'Museo', 'Precios', 'Registro']);
  });

  it('the private hand: treasures, menus and buttons', () => {
    const english = handMessage(view(s, 0), en, pictures);
    expect(readerText(english)).toContain('**Your hand** (game #12): 6 cards');
    expect(readerText(english)).toContain(
      '• 3 Coins — trade 2 each · sell 3 now for $10 (museum: 1: $2 · 2: $5 · 3: $10 · 4: $18 · 5: $30)',
    );
    expect(readerText(english)).toContain("Marketplace: 2 Parchment Scraps, 1 Pot Shard, 1 Pharaoh's Mask");
    expect(selects(english).map((m) => m.placeholder)).toEqual([
      'Sell to the museum…',
      'Trade: choose marketplace cards to take…',
    ]);
    expect(selects(english)[1]?.options[0]).toMatchObject({
      label: 'Parchment Scrap 1 of 2',
      description: 'trade value 1',
    });
    expect(buttons(english).at(-1)).toBe('Refresh');

    const spanish = handMessage(view(s, 0), es, pictures);
    expect(readerText(spanish)).toContain('**Tu mano** (partida n.º 12): 6 cartas');
    expect(readerText(spanish)).toContain(
      '• 3 Monedas — intercambio 2 por carta · si vendes 3 ahora, 10 $ (museo: 1: 2 $ · 2: 5 $ · 3: 10 $ · 4: 18 $ · 5: 30 $)',
    );
    expect(readerText(spanish)).toContain('• 1 Mapa — intercambio 2 · si vendes 1 ahora, 1 $');
    expect(readerText(spanish)).toContain(
      'Mercado: 2 Fragmentos de pergamino, 1 Fragmento de vasija, 1 Máscara de faraón',
    );
    expect(selects(spanish).map((m) => m.placeholder)).toEqual([
      'Vender al museo…',
      'Intercambiar: elige las cartas del mercado que quieres tomar…',
    ]);
    expect(selects(spanish)[1]?.options[0]).toMatchObject({
      label: 'Fragmento de pergamino 1 de 2',
      description: 'valor de intercambio 1',
    });
    expect(buttons(spanish).at(-1)).toBe('Actualizar');
  });

  it('a trade’s second click', () => {
    const english = handMessage(view(s, 0), en, pictures, { take: { mask: 1 } });
    expect(readerText(english)).toContain(
      "🔁 You take **1 Pharaoh's Mask** (trading value 4). Now choose cards of your hand worth 4 or more (any surplus is lost).",
    );
    expect(selects(english)[0]?.placeholder).toBe('Give cards worth 4 or more');
    expect(selects(english)[0]?.options[0]).toMatchObject({ label: 'Coin 1 of 3', description: 'trade 2' });
    expect(buttons(english)).toEqual(['Cancel the trade', 'Refresh']);

    const spanish = handMessage(view(s, 0), es, pictures, { take: { mask: 1 } });
    expect(readerText(spanish)).toContain(
      '🔁 Tomas **1 Máscara de faraón** (valor de intercambio 4). Ahora elige cartas de tu mano que valgan 4 o más (lo que sobre se pierde).',
    );
    expect(selects(spanish)[0]?.placeholder).toBe('Da cartas que valgan 4 o más');
    expect(selects(spanish)[0]?.options[0]).toMatchObject({
      label: 'Moneda 1 de 3',
      description: 'intercambio 2',
    });
    expect(buttons(spanish)).toEqual(['Cancelar el intercambio', 'Actualizar']);

    const nothing = position({ hands: [{ mask: 1 }, { coin: 1 }], market: { mask: 1 }, dig: ['coin'] });
    expect(readerText(handMessage(view(nothing, 0), en, pictures, { take: { mask: 1 } }))).toContain(
      'You hold nothing else to give for those.',
    );
    expect(readerText(handMessage(view(nothing, 0), es, pictures, { take: { mask: 1 } }))).toContain(
      'No tienes nada más que dar a cambio.',
    );
  });

  it('a thief and a sandstorm', () => {
    const thief = act(
      position({ hands: [{ coin: 1 }, { parchment: 1 }, { talisman: 3 }], dig: ['coin', 'thief'], seat: 2 }),
      2,
      { type: 'end' },
    );
    const robEn = handMessage(view(thief, 0), en, pictures);
    expect(readerText(robEn)).toContain(
      '🦹 **You dug up a thief.** Choose the opponent it robs: it takes one of their cards at random, unseen.',
    );
    expect(buttons(robEn)).toEqual(['Rob bob (1 card)', 'Rob carol (3 cards)', 'Refresh']);
    const robEs = handMessage(view(thief, 0), es, pictures);
    expect(readerText(robEs)).toContain(
      '🦹 **Has desenterrado un ladrón.** Elige a qué oponente roba: le quita una de sus cartas al azar, sin verla.',
    );
    expect(buttons(robEs)).toEqual(['Robar a bob (1 carta)', 'Robar a carol (3 cartas)', 'Actualizar']);

    const storm = act(
      position({
        hands: [{ coin: 1 }, { parchment: 4, coin: 1 }, { talisman: 3 }],
        dig: ['coin', 'sandstorm'],
        seat: 2,
      }),
      2,
      { type: 'end' },
    );
    const v = view(storm, 1);
    const stormEn = handMessage(v, en, pictures);
    expect(readerText(stormEn)).toContain(
      '🌪 **A sandstorm!** Choose 2 more cards to lose to the marketplace. Nobody sees them until everyone has chosen.',
    );
    expect(selects(stormEn)[0]?.placeholder).toBe('Choose 2 cards to lose');
    const stormEs = handMessage(v, es, pictures);
    expect(readerText(stormEs)).toContain(
      '🌪 **¡Una tormenta de arena!** Elige 2 cartas más que perderás: irán al mercado. Nadie las verá hasta que todos hayan elegido.',
    );
    expect(selects(stormEs)[0]?.placeholder).toBe('Elige 2 cartas que perder');

    const half = act(storm, 1, { type: 'discard', cards: { parchment: 1 } });
    const halfEn = readerText(handMessage(view(half, 1), en, pictures));
    expect(halfEn).toContain(
      'Choose 1 more card to lose to the marketplace (already chosen: 1 Parchment Scrap).',
    );
    const halfEs = readerText(handMessage(view(half, 1), es, pictures));
    expect(halfEs).toContain(
      'Elige 1 carta más que perderás: irá al mercado (ya elegidas: 1 Fragmento de pergamino).',
    );

    const done = act(half, 1, { type: 'discard', cards: { parchment: 1 } });
    expect(readerText(handMessage(view(done, 1), en, pictures))).toContain(
      '🌪 You lose 2 Parchment Scraps to the sandstorm; waiting for the others to choose.',
    );
    expect(readerText(handMessage(view(done, 1), es, pictures))).toContain(
      '🌪 La tormenta de arena te hace perder 2 Fragmentos de pergamino; esperando a que los demás elijan.',
    );
    expect(readerText(handMessage(view(done, 0), es, pictures))).toContain('Esperando: ');
  });

  it('refusals and banners of clicks, in the clicking person’s language', () => {
    const v = view(s, 0);
    expect(archaeologyClick('act', 'zz', [], v)).toEqual({
      kind: 'refuse',
      message: 'That button is damaged; open your hand again.',
    });
    expect(archaeologyClick('act', 'zz', [], v, 'es')).toEqual({
      kind: 'refuse',
      message: 'Ese botón está dañado; vuelve a abrir tu mano.',
    });
    expect(archaeologyClick('take', '', ['gold.1'], v, 'en')).toEqual({
      kind: 'refuse',
      message: 'That menu is damaged; open your hand again.',
    });
    expect(archaeologyClick('take', '', ['gold.1'], v, 'es')).toEqual({
      kind: 'refuse',
      message: 'Ese menú está dañado; vuelve a abrir tu mano.',
    });
    expect(archaeologyClick('lose', '999', ['coin.1'], v, 'en')).toMatchObject({
      options: { banner: '⚠️ That sandstorm is over (or your cards are chosen), so nothing was done.' },
    });
    expect(archaeologyClick('lose', '999', ['coin.1'], v, 'es')).toMatchObject({
      options: {
        banner:
          '⚠️ Esa tormenta de arena ya ha pasado (o tus cartas ya están elegidas), así que no se hizo nada.',
      },
    });
  });

  it('museum, prices and log', () => {
    const sold = act(s, 0, { type: 'sell', kind: 'coin', count: 3 });
    expect(readerText(museumMessage(view(sold, null), en))).toBe(
      [
        '**Museum** · game #12: what each player has sold',
        '**alice** — $10 from 3 cards: 3 Coins $10',
        '**bob** — $0 from 0 cards: nothing sold',
      ].join('\n'),
    );
    expect(readerText(museumMessage(view(sold, null), es))).toBe(
      [
        '**Museo** · partida n.º 12: lo que ha vendido cada jugador',
        '**alice** — 10 $ por 3 cartas: 3 Monedas por 10 $',
        '**bob** — 0 $ por 0 cartas: nada vendido',
      ].join('\n'),
    );

    const pricesEn = readerText(pricesMessage(view(s, null), en)).split('\n');
    expect(pricesEn[0]).toBe('**Trading values and museum prices** · game #12');
    expect(pricesEn).toContain('**Coins** — trade 2 · museum 1: $2 · 2: $5 · 3: $10 · 4: $18 · 5: $30');
    expect(pricesEn.at(-1)).toBe('A set holds one type; the last price is the largest set the museum takes.');
    const pricesEs = readerText(pricesMessage(view(s, null), es)).split('\n');
    expect(pricesEs[0]).toBe('**Valores de intercambio y precios del museo** · partida n.º 12');
    expect(pricesEs).toContain(
      '**Monedas** — intercambio 2 · museo 1: 2 $ · 2: 5 $ · 3: 10 $ · 4: 18 $ · 5: 30 $',
    );
    expect(pricesEs).toContain(
      '**Máscaras de faraón** — intercambio 4 · museo 1: 5 $ · 2: 12 $ · 3: 22 $ · 4: 36 $',
    );

    const logEn = readerText(logMessage(view(sold, null), { ...en, log: linesOf(sold) }));
    expect(logEn.split('\n')[0]).toBe('**Log** · game #12 (latest last)');
    expect(logEn).toContain('alice sold 3 Coins to the museum for $10.');
    expect(readerText(logMessage(view(sold, null), { ...es, log: linesOf(sold) })).split('\n')[0]).toBe(
      '**Registro** · partida n.º 12 (lo más reciente al final)',
    );
  });

  it('the results and the finished board', () => {
    const end = finishedGame();
    const v = view(end, null);
    const ctx = { ...en, names: ['alice', 'bob'], users: ['1', null] };
    const english = readerText(resultsMessage(v, ctx, pictures, ['a rating line'])).split('\n');
    expect(english[0]).toMatch(/^🏁 \*\*Archaeology\*\* · game #12 is over\. /);
    expect(english[1]).toMatch(/^1\. \*\*(alice|bob)\*\* — \$\d+ \(\d+ cards sold: \d+ [A-Z].* \$\d+/);
    expect(english).toContain('_Ties go to whoever sold the fewest cards._');
    const spanish = readerText(
      resultsMessage(v, { ...ctx, language: 'es' }, pictures, ['a rating line']),
    ).split('\n');
    expect(spanish[0]).toMatch(/^🏁 \*\*Arqueología\*\* · la partida n\.º 12 ha terminado\. /);
    expect(spanish[1]).toMatch(
      /^1\. \*\*(alice|bob)\*\* — \d+ \$ \(\d+ cartas? vendidas?: \d+ [A-ZÁÉÍÓÚ].* por \d+ \$/,
    );
    expect(spanish).toContain('_En caso de empate gana quien haya vendido menos cartas._');
    expect(spanish).toContain('a rating line');

    expect(finishedBoardText(en, 40, 'https://example.com/r')).toBe(
      '**Archaeology** · game #12 · turn 41\n🏁 The game is over: [see the results](https://example.com/r).',
    );
    expect(finishedBoardText(en, 40, null)).toBe(
      '**Archaeology** · game #12 · turn 41\n🏁 The game is over: the results are below.',
    );
    expect(finishedBoardText(es, 40, 'https://example.com/r')).toBe(
      '**Arqueología** · partida n.º 12 · turno 41\n🏁 La partida ha terminado: [consulta los resultados](https://example.com/r).',
    );
    expect(finishedBoardText(es, 40, null)).toBe(
      '**Arqueología** · partida n.º 12 · turno 41\n🏁 La partida ha terminado: los resultados están más abajo.',
    );
    expect(readerText(handMessage(view(end, 0), es, pictures))).toContain('La partida ha terminado.');
    expect(readerText(handMessage(view(end, 0), en, pictures))).toContain('The game is over.');
  });

  it('/rules: the same five paragraphs in each language', () => {
    const english = readerText(archaeologyRules('en'));
    expect(readerText(archaeologyRules())).toBe(english);
    expect(english.split('\n')).toHaveLength(5);
    expect(english).toMatch(/^\*\*Archaeology\*\* \(2–4 players\): make the most money/);
    expect(english).toContain('`/card` shows each treasure’s trading value and museum prices.');
    const spanish = readerText(archaeologyRules('es'));
    expect(spanish.split('\n')).toHaveLength(5);
    expect(spanish).toMatch(/^\*\*Arqueología\*\* \(2–4 jugadores\)/);
    for (const word of [
      '**Tu turno.**',
      '**ladrón**',
      '**tormenta de arena**',
      '**El final.**',
      '**Mi mano**',
    ])
      expect(spanish).toContain(word);
  });

  it('a sale menu split in several, as the catalogue words it', () => {
    const values = { several: 'yes', k: '1', n: '2' };
    expect(t('en', 'archaeology.hand.sell', values)).toBe('Sell to the museum (1/2)…');
    expect(t('es', 'archaeology.hand.sell', values)).toBe('Vender al museo (1/2)…');
    expect(t('en', 'archaeology.hand.sell', { ...values, several: 'no' })).toBe('Sell to the museum…');
  });

  it('the English helpers the pictures use keep their output', () => {
    expect(countsLine({ coin: 2, talisman: 1 })).toBe('2 Coins, 1 Talisman');
    expect(countsLine({}, 'empty')).toBe('empty');
    expect(countsLine({})).toBe('none');
    expect(soldLine([{ kind: 'mask', count: 2, value: 12 }])).toBe("2 Pharaoh's Masks $12");
    expect(soldLine([])).toBe('nothing sold');
    expect(treasureName('map')).toBe('Map');
    expect(treasureName('map', 3)).toBe('Maps');
  });
});
