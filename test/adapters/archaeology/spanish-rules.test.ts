import type { APIButtonComponentWithCustomId, APIStringSelectComponent } from 'discord-api-types/v10';
import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { boardMessage, decisionPing } from '../../../src/adapters/archaeology/board-message.ts';
import { handMessage } from '../../../src/adapters/archaeology/hand-message.ts';
import { logMessage } from '../../../src/adapters/archaeology/info-messages.ts';
import { describeResults, describeTable } from '../../../src/adapters/archaeology/pictures/picture-text.ts';
import type { ArchaeologyPictures } from '../../../src/adapters/archaeology/pictures.ts';
import { resultsMessage } from '../../../src/adapters/archaeology/results-message.ts';
import { archaeologyText } from '../../../src/adapters/archaeology/rules-text.ts';
import { en as english } from '../../../src/adapters/english.ts';
import { apply, archaeology, waitingFor } from '../../../src/games/archaeology/index.ts';
import { legalActions } from '../../../src/games/archaeology/legal-actions.ts';
import type { ArchaeologyState, Instance } from '../../../src/games/archaeology/state.ts';
import { view } from '../../../src/games/archaeology/view.ts';
import { collectLines, type LogLine, readableBy } from '../../../src/games/kernel/log.ts';
import type { Message } from '../../../src/games/kernel/message.ts';
import { nextInt, seedRng } from '../../../src/games/kernel/rng.ts';
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
/** `ctx` with the lines said on the way to `s` as the game's log (the store's newest lines), which the board reads. */
const said = (ctx: GameContext, s: ArchaeologyState): GameContext => ({ ...ctx, log: linesOf(s) });

const lines = (p: Payload) => readerText(p).split('\n');
const quoted = (p: Payload) => lines(p).filter((l) => l.startsWith('> '));
const selects = (p: Payload): APIStringSelectComponent[] =>
  p.components.flatMap((r) => r.components.filter((c) => c.type === ComponentType.StringSelect));
const buttons = (p: Payload): string[] =>
  (
    p.components.flatMap((r) =>
      r.components.filter((c) => c.type === ComponentType.Button),
    ) as APIButtonComponentWithCustomId[]
  ).map((b) => b.label ?? '');

/** A game finished with the money shared out as `sold` says (sets of coins worth $5 each). */
function finishedWith(sold: number[][]): ArchaeologyState {
  const s = position({ players: 3, hands: [{}, {}, {}] });
  const coins = s.cards.flatMap((k, i) => (k === 'coin' ? [i] : [])) as Instance[];
  s.numbers.coin = { trade: 2, prices: [5, 5] };
  s.sold = sold.map((sets) => sets.map((n) => ({ kind: 'coin' as const, cards: coins.splice(0, n) })));
  s.finished = true;
  return s;
}

describe('the rules’ own sentences in Spanish (log, waiting text, actions, outcome)', () => {
  const s = position({
    players: 3,
    hands: [{ coin: 3, talisman: 2, map: 1 }, { parchment: 4 }, { mask: 1 }],
    market: { parchment: 2, mask: 1, 'pot-shard': 1 },
    dig: ['coin', 'coin', 'mask'],
  });
  const sold = act(act(s, 0, { type: 'sell', kind: 'coin', count: 3 }), 0, { type: 'end' });

  it('the board’s recent log', () => {
    expect(quoted(boardMessage(view(sold, null), said(en, sold), pictures))).toEqual([
      '> alice sold 3 Coins to the museum for $10.',
      '> alice ended their turn.',
      '> bob dug up a treasure.',
    ]);
    expect(quoted(boardMessage(view(sold, null), said(es, sold), pictures))).toEqual([
      '> alice vendió 3 Monedas al museo por 10 $.',
      '> alice terminó su turno.',
      '> bob desenterró un tesoro.',
    ]);
  });

  it('the hand: its own log line, the sale menu, the buttons and what the game waits for', () => {
    const english = handMessage(view(sold, 1), said(en, sold), pictures);
    expect(quoted(english).at(-1)).toBe("> You dug up a Pharaoh's Mask.");
    expect(selects(english)[0]?.options.map((o) => o.label)).toEqual([
      'Sell a Parchment Scrap for $1',
      'Sell 2 Parchment Scraps for $2',
      'Sell 3 Parchment Scraps for $4',
      'Sell 4 Parchment Scraps for $20',
      "Sell a Pharaoh's Mask for $5",
    ]);
    expect(buttons(english)).toEqual(['End turn', 'Refresh']);

    const spanish = handMessage(view(sold, 1), said(es, sold), pictures);
    expect(quoted(spanish)).toEqual([
      '> alice terminó su turno.',
      '> bob desenterró un tesoro.',
      '> Desenterraste una Máscara de faraón.',
    ]);
    expect(selects(spanish)[0]?.options.map((o) => o.label)).toEqual([
      'Vender un Fragmento de pergamino por 1 $',
      'Vender 2 Fragmentos de pergamino por 2 $',
      'Vender 3 Fragmentos de pergamino por 4 $',
      'Vender 4 Fragmentos de pergamino por 20 $',
      'Vender una Máscara de faraón por 5 $',
    ]);
    expect(buttons(spanish)).toEqual(['Terminar el turno', 'Actualizar']);

    // Another seat's hand: what the game waits for.
    expect(readerText(handMessage(view(sold, 0), said(en, sold), pictures))).toContain(
      'Waiting: bob to trade, explore, sell or end the turn.',
    );
    expect(readerText(handMessage(view(sold, 0), said(es, sold), pictures))).toContain(
      'Esperando: bob debe intercambiar, explorar, vender o terminar el turno.',
    );
  });

  it('exploring and passing, as buttons', () => {
    const explorer = position({ hands: [{ map: 1, coin: 1 }, { coin: 1 }], dig: [] });
    explorer.turn.dug = false;
    expect(buttons(handMessage(view(explorer, 0), en, pictures))).toEqual([
      'Explore the small chamber (1 map)',
      'Pass',
      'Refresh',
    ]);
    expect(buttons(handMessage(view(explorer, 0), es, pictures))).toEqual([
      'Explorar la cámara pequeña (1 mapa)',
      'Pasar',
      'Actualizar',
    ]);
  });

  it('the Log view, and the private lines of a theft', () => {
    expect(lines(logMessage(view(sold, 2), said(es, sold))).slice(1)).toEqual([
      'alice vendió 3 Monedas al museo por 10 $.',
      'alice terminó su turno.',
      'bob desenterró un tesoro.',
    ]);
    const robbed = act(position({ hands: [{ coin: 1 }, { mask: 1 }], dig: ['thief'], seat: 1 }), 1, {
      type: 'end',
    });
    const ctx = said({ ...es, names: ['alice', 'bob'], users: ['1', '2'] }, robbed);
    expect(lines(logMessage(view(robbed, 0), ctx)).slice(-3)).toEqual([
      'alice desenterró un ladrón (ha salido 1 de 8).',
      'El ladrón de alice robó una carta a bob.',
      'Tu ladrón robó una Máscara de faraón a bob.',
    ]);
    expect(lines(logMessage(view(robbed, 1), ctx)).slice(-2)).toEqual([
      'El ladrón de alice robó una carta a bob.',
      'El ladrón de alice se llevó tu Máscara de faraón.',
    ]);
    expect(readerText(logMessage(view(robbed, null), ctx))).not.toMatch(/Máscara/);
  });

  it('a sandstorm owed by others: the board, the ping and the picture’s text', () => {
    const storm = act(
      position({
        hands: [{ coin: 1 }, { parchment: 4, coin: 1 }, { talisman: 3 }],
        dig: ['coin', 'sandstorm'],
        seat: 2,
      }),
      2,
      { type: 'end' },
    );
    const v = view(storm, null);
    expect(readerText(boardMessage(v, said(en, storm), pictures))).toContain(
      '⏳ **bob**, <@3> to choose the cards the sandstorm takes. Press **Respond** to choose.',
    );
    expect(readerText(boardMessage(v, said(es, storm), pictures))).toContain(
      '⏳ **bob**, <@3> deben elegir las cartas que se lleva la tormenta de arena. Pulsa **Responder** para elegir.',
    );
    expect(quoted(boardMessage(v, said(es, storm), pictures)).at(-1)).toBe(
      '> alice desenterró una tormenta de arena (ha salido 1 de 1): todos pierden la mitad de su mano.',
    );
    // Each is mentioned once, where the text names them ("@Ana — Ana is choosing" no more).
    expect(readerText(decisionPing(v, es))).toBe(
      '**bob**, <@3> deben elegir las cartas que se lleva la tormenta de arena. Pulsa **Responder** para elegir.',
    );
    expect(describeTable(v, en.names, 'en').split('\n')[0]).toBe(
      "Turn 2, alice's turn: bob, carol to choose the cards the sandstorm takes.",
    );
    expect(describeTable(v, es.names, 'es').split('\n')[0]).toBe(
      'Turno 2, turno de alice: bob, carol deben elegir las cartas que se lleva la tormenta de arena.',
    );
    // One seat left to choose: the verb agrees.
    const half = act(storm, 1, { type: 'discard', cards: { parchment: 2 } });
    expect(readerText(boardMessage(view(half, null), said(es, half), pictures))).toContain(
      '⏳ <@3> debe elegir las cartas que se lleva la tormenta de arena.',
    );
  });

  it('the outcome: a win, a tie broken by cards sold, a shared win', () => {
    const cases: [number[][], string, string][] = [
      [[[2], [], []], 'alice wins with $5', 'alice gana con 5 $'],
      [[[2], [1], [2, 2]], 'carol wins with $10', 'carol gana con 10 $'],
    ];
    for (const [sold, english, spanish] of cases) {
      const v = view(finishedWith(sold), null);
      expect(readerText(resultsMessage(v, en, pictures))).toContain(english);
      expect(readerText(resultsMessage(v, es, pictures))).toContain(spanish);
    }
    const tie = view(finishedWith([[2, 1], [1, 1], []]), null);
    expect(tie.outcome && english(tie.outcome.summary)).toBe(
      'Tie on $10 broken by fewest cards sold: @1 sold 2',
    );
    expect(lines(resultsMessage(tie, es, pictures))[0]).toBe(
      '🏁 **Arqueología** · la partida n.º 12 ha terminado. Empate a 10 $, resuelto a favor de quien menos cartas vendió: bob vendió 2',
    );
    const shared = view(finishedWith([[2], [2], [2]]), null);
    expect(shared.outcome && english(shared.outcome.summary)).toBe(
      '@0 and @1 and @2 share the win: $5 from 2 cards each',
    );
    expect(readerText(resultsMessage(shared, en, pictures))).toContain(
      'alice and bob and carol share the win: $5 from 2 cards each',
    );
    expect(readerText(resultsMessage(shared, es, pictures))).toContain(
      'alice, bob y carol comparten la victoria: 5 $ con 2 cartas cada uno',
    );
    expect(describeResults(shared, es.names, 'es')).toContain(
      'alice, bob y carol comparten la victoria: 5 $ con 2 cartas cada uno',
    );
    expect(describeTable(shared, es.names, 'es').split('\n')[0]).toContain('alice, bob y carol comparten');
  });

  it('a stored game keeps its log as messages, not sentences, and each reader reads it in their language', () => {
    // The store keeps a game and its moves' lines as JSON: no line of it is a sentence in any language.
    const stored = JSON.parse(JSON.stringify(sold)) as ArchaeologyState;
    const storedLog = JSON.parse(JSON.stringify(linesOf(sold))) as LogLine[];
    expect(storedLog.length).toBeGreaterThan(0);
    for (const line of storedLog)
      expect(line.text, 'a log line').toEqual(expect.objectContaining({ key: expect.any(String) }));
    expect(JSON.stringify(storedLog)).not.toMatch(/\s/);
    const v = view(stored, null);
    expect(readableBy(storedLog, null).map((l) => l.text)).toEqual(
      storedLog.filter((l) => !l.to).map((l) => l.text),
    );
    const ctx = (c: GameContext): GameContext => ({ ...c, log: storedLog });
    expect(quoted(boardMessage(v, ctx(en), pictures))).toEqual([
      '> alice sold 3 Coins to the museum for $10.',
      '> alice ended their turn.',
      '> bob dug up a treasure.',
    ]);
    expect(quoted(boardMessage(v, ctx(es), pictures))).toEqual([
      '> alice vendió 3 Monedas al museo por 10 $.',
      '> alice terminó su turno.',
      '> bob desenterró un tesoro.',
    ]);
  });

  it('every sentence of random games reads in Spanish, with no template left over', () => {
    const reader = { names: ['alice', 'bob', 'carol', 'dave'], language: 'es' };
    const englishReader = { ...reader, language: 'en' };
    const seen = new Map<string, number>();
    const read = (msg: Message) => {
      expect(msg).toEqual(expect.objectContaining({ key: expect.stringMatching(/^archaeology\.rules\./) }));
      const out = archaeologyText(msg, reader);
      expect(out, msg.key).not.toMatch(/[{}~#]|@\d|archaeology\.rules|undefined/);
      // The English reads whole too (the names put in), and is what the English reader gets.
      const inEnglish = archaeologyText(msg, englishReader);
      expect(inEnglish, msg.key).not.toMatch(/[{}~#]|@\d|archaeology\.rules|undefined/);
      expect(inEnglish).toBe(english(msg, englishReader.names));
      seen.set(msg.key, (seen.get(msg.key) ?? 0) + (out === inEnglish ? 0 : 1));
    };
    for (let g = 0; g < 4; g++) {
      const rng = seedRng(`es-${g}`);
      const setup = collectLines(() => archaeology.setup({ players: 2 + (g % 3) }, `es-${g}`));
      let st = setup.value;
      const log: LogLine[] = [...setup.lines];
      while (!st.finished) {
        const seats = waitingFor(st);
        const seat = seats[nextInt(rng, seats.length)] as number;
        const legal = legalActions(st, seat);
        const r = apply(st, seat, legal[nextInt(rng, legal.length)]);
        if (!r.ok) throw new Error(english(r.error.msg));
        st = r.state;
        log.push(...r.log);
        const v = view(st, seat);
        const readable = readableBy(log, seat);
        for (let k = Math.max(0, readable.length - 4); k < readable.length; k++)
          read((readable[k] as LogLine).text);
        read(v.waiting.text);
        for (const a of v.actions) read(a.label);
        if (v.outcome) read(v.outcome.summary);
      }
    }
    // Every kind of sentence met reads differently from its English.
    for (const [key, differing] of seen) expect(differing, key).toBeGreaterThan(0);
  });
});
