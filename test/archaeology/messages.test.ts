import { describe, expect, it } from 'vitest';
import { en } from '../../src/adapters/english.ts';
import { apply, archaeology, waitingFor } from '../../src/games/archaeology/index.ts';
import { legalActions } from '../../src/games/archaeology/legal-actions.ts';
import { countsMessage } from '../../src/games/archaeology/messages.ts';
import { outcome } from '../../src/games/archaeology/score.ts';
import type { ArchaeologyState, Instance } from '../../src/games/archaeology/state.ts';
import { view } from '../../src/games/archaeology/view.ts';
import { collectLines, type LogLine, readableBy } from '../../src/games/kernel/log.ts';
import type { Message } from '../../src/games/kernel/message.ts';
import { nextInt, seedRng } from '../../src/games/kernel/rng.ts';
import { act, linesOf, position } from './helpers.ts';

/**
 * A random game to the end, `check` run after setup and every action with the lines said so far (setup's
 * first, then each move's as `apply` returned them: the state keeps no log).
 */
function play(
  seed: string,
  players: number,
  check: (s: ArchaeologyState, log: readonly LogLine[]) => void,
): ArchaeologyState {
  const rng = seedRng(`messages:${seed}`);
  const setup = collectLines(() => archaeology.setup({ players }, seed));
  let s = setup.value;
  const log: LogLine[] = [...setup.lines];
  check(s, log);
  for (let n = 0; !s.finished; n++) {
    if (n > 20_000) throw new Error(`${seed}: no end`);
    const seats = waitingFor(s);
    const seat = seats[nextInt(rng, seats.length)] as number;
    const legal = legalActions(s, seat);
    const r = apply(s, seat, legal[nextInt(rng, legal.length)]);
    if (!r.ok) throw new Error(`${seed}: refused: ${en(r.error.msg)}`);
    s = r.state;
    log.push(...r.log);
    check(s, log);
  }
  return s;
}

/** The strings anywhere in `x` that read as a sentence (with a space): the rules should hold none. */
function sentencesIn(x: unknown): string[] {
  const out: string[] = [];
  JSON.stringify(x, (_k, value: unknown) => {
    if (typeof value === 'string' && /\s/.test(value)) out.push(value);
    return value;
  });
  return out;
}

/** The lines of `log` meant for `viewer`: those for everyone and those addressed to it. */
const meantFor = (log: readonly LogLine[], viewer: number | null) =>
  log.filter((l) => !l.to || (viewer !== null && l.to.includes(viewer)));

/** The texts of the lines said on the way to `s` that `viewer` may read. */
const readTexts = (s: ArchaeologyState, viewer: number | null) =>
  readableBy(linesOf(s), viewer).map((l) => l.text);

describe('the rules’ sentences as catalogue messages', () => {
  it('the state, the log and every view hold no English sentence: each text is a catalogue message the table renders', () => {
    const keys = new Set<string>();
    // A line stays in the log for many actions: each message is checked once.
    const checked = new WeakSet<object>();
    const isMessage = (msg: Message, what: string) => {
      if (checked.has(msg)) return;
      expect(msg, what).toEqual(
        expect.objectContaining({ key: expect.stringMatching(/^archaeology\.rules\./) }),
      );
      // The English catalogue has it and every part of it: no reference is left unwritten.
      expect(en(msg), msg.key).not.toMatch(/[{}]|@\D|#[a-z]|~[a-z]/);
      keys.add(msg.key);
      checked.add(msg);
    };
    for (let g = 0; g < 8; g++) {
      const players = 2 + (g % 3);
      const end = play(`m${g}`, players, (s, log) => {
        // No string in the state or the log is a sentence: ids, keys, references and numbers only.
        expect(sentencesIn(s), 'the state').toEqual([]);
        expect(sentencesIn(log), 'the log').toEqual([]);
        for (const line of log) isMessage(line.text, 'a log line');
        for (const viewer of [null, ...s.hands.map((_, i) => i)]) {
          const v = view(s, viewer);
          expect(sentencesIn(v), 'the view').toEqual([]);
          for (const line of readableBy(log, viewer)) isMessage(line.text, 'a line the viewer may read');
          isMessage(v.waiting.text, 'waiting');
          keys.add(v.waiting.text.key);
          for (const a of v.actions) {
            isMessage(a.label, 'a label');
            expect(a.label).toEqual(archaeology.describe(s, viewer as number, a.action));
            keys.add(a.label.key);
          }
        }
      });
      const o = outcome(end);
      expect(o).not.toBeNull();
      if (o) {
        isMessage(o.summary, 'the summary');
        expect(sentencesIn(o)).toEqual([]);
      }
    }
    // The games went through the common sentences of every kind.
    for (const key of [
      'log.begins',
      'log.treasure',
      'log.you-dug',
      'log.thief',
      'log.sandstorm',
      'log.sold',
      'log.traded',
      'log.ended',
      'log.over',
      'waiting.to-play',
      'waiting.over',
      'action.sell',
      'action.trade',
      'action.end',
    ])
      expect(keys, key).toContain(`archaeology.rules.${key}`);
  });

  it('the log shows a line only to the seats it is meant for', () => {
    let privateLines = 0;
    for (let g = 0; g < 6; g++)
      play(`hidden${g}`, 2 + (g % 3), (s, log) => {
        // A line's readers never change once written: the whole game's log, read once at its end, is
        // every line checked (checking it after every move made this test quadratic in the game's length).
        if (!s.finished) return;
        for (const viewer of [null, ...s.hands.map((_, i) => i)]) {
          const readable = readableBy(log, viewer);
          const lines = meantFor(log, viewer);
          expect(readable.map((l) => l.text)).toEqual(lines.map((l) => l.text));
          // The same lines, not equal copies: a line meant for others is not among them.
          readable.forEach((line, i) => {
            expect(line.text).toBe(lines[i]?.text);
          });
          for (const line of log) {
            if (!line.to || (viewer !== null && line.to.includes(viewer))) continue;
            privateLines++;
            expect(readable.map((l) => l.text)).not.toContain(line.text);
          }
        }
      });
    expect(privateLines).toBeGreaterThan(0);
  });

  it('a dug treasure and a theft are named only to those involved', () => {
    const s = position({ hands: [{ coin: 1 }, { mask: 1 }], dig: ['thief'], seat: 1 });
    const robbed = act(s, 1, { type: 'end' });
    const mine = readTexts(robbed, 0).at(-1);
    expect(mine?.key).toBe('archaeology.rules.log.you-stole');
    expect(JSON.stringify(readTexts(robbed, 0))).toContain('#mask');
    expect(readTexts(robbed, 1).at(-1)?.key).toBe('archaeology.rules.log.stole-yours');
    expect(JSON.stringify(readTexts(robbed, null))).not.toContain('#mask');
  });

  it('counts keep the English of the rules: articles, plurals and lists', () => {
    expect(en(countsMessage({}))).toBe('nothing');
    expect(en(countsMessage({ mask: 1 }))).toBe("a Pharaoh's Mask");
    expect(en(countsMessage({ mask: 2 }))).toBe("2 Pharaoh's Masks");
    expect(en(countsMessage({ coin: 2, talisman: 1 }))).toBe('2 Coins and a Talisman');
    expect(en(countsMessage({ parchment: 3, coin: 1, map: 2 }))).toBe(
      '3 Parchment Scraps, a Coin and 2 Maps',
    );
  });

  it('the three outcomes, and money never grouped', () => {
    const summaryOf = (s: ArchaeologyState): Message => {
      const o = outcome(s);
      if (!o) throw new Error('no outcome');
      return o.summary;
    };
    const s = position({ players: 3, hands: [{}, {}, {}] });
    s.finished = true;
    const coins = s.cards.flatMap((k, i) => (k === 'coin' ? [i] : [])) as Instance[];
    const set = (n: number) => ({ kind: 'coin' as const, cards: coins.splice(0, n) });
    s.sold = [[set(2)], [set(1)], []];
    s.numbers.coin = { trade: 2, prices: [5, 5] };
    expect(en(summaryOf(s))).toBe('Tie on $5 broken by fewest cards sold: @1 sold 1');
    s.sold = [[set(2)], [set(2)], [set(2)]];
    expect(en(summaryOf(s))).toBe('@0 and @1 and @2 share the win: $5 from 2 cards each');
    s.numbers.coin = { trade: 2, prices: [1000, 1200] };
    s.sold = [[set(2)], [set(1)], []];
    expect(en(summaryOf(s))).toBe('@0 wins with $1200');
    expect(summaryOf(s).key).toBe('archaeology.rules.summary.wins');
  });
});
