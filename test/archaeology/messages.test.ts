import { describe, expect, it } from 'vitest';
import { apply, archaeology, waitingFor } from '../../src/games/archaeology/index.ts';
import { legalActions } from '../../src/games/archaeology/legal-actions.ts';
import { countsMessage, englishOf } from '../../src/games/archaeology/messages.ts';
import { outcome } from '../../src/games/archaeology/score.ts';
import type { ArchaeologyState, Instance } from '../../src/games/archaeology/state.ts';
import { view } from '../../src/games/archaeology/view.ts';
import type { Message } from '../../src/games/kernel/message.ts';
import { nextInt, seedRng } from '../../src/games/kernel/rng.ts';
import { act, position } from './helpers.ts';

/** A random game to the end, `check` run after every action. */
function play(seed: string, players: number, check: (s: ArchaeologyState) => void): ArchaeologyState {
  const rng = seedRng(`messages:${seed}`);
  let s = archaeology.setup({ players }, seed);
  check(s);
  for (let n = 0; !s.finished; n++) {
    if (n > 20_000) throw new Error(`${seed}: no end`);
    const seats = waitingFor(s);
    const seat = seats[nextInt(rng, seats.length)] as number;
    const legal = legalActions(s, seat);
    const r = apply(s, seat, legal[nextInt(rng, legal.length)]);
    if (!r.ok) throw new Error(`${seed}: refused: ${r.error.message}`);
    s = r.state;
    check(s);
  }
  return s;
}

const readableBy = (s: ArchaeologyState, viewer: number | null) =>
  s.log.filter((l) => !l.to || (viewer !== null && l.to.includes(viewer)));

describe('the rules’ sentences as catalogue messages', () => {
  it('every log line, waiting text, action label and summary carries a message whose English is the text', () => {
    const keys = new Set<string>();
    // A line stays in the log for many actions: each message is rendered once.
    const checked = new WeakSet<object>();
    const same = (msg: Message, text: string) => {
      if (checked.has(msg)) return;
      expect(englishOf(msg)).toBe(text);
      keys.add(msg.key);
      checked.add(msg);
    };
    for (let g = 0; g < 8; g++) {
      const players = 2 + (g % 3);
      const end = play(`m${g}`, players, (s) => {
        for (const line of s.log) {
          expect(line.msg, line.text).toBeDefined();
          if (line.msg) same(line.msg, line.text);
        }
        for (const viewer of [null, ...s.hands.map((_, i) => i)]) {
          const v = view(s, viewer);
          expect(v.logMsgs).toHaveLength(v.log.length);
          v.log.forEach((text, i) => {
            const msg = v.logMsgs[i];
            expect(msg, text).not.toBeNull();
            if (msg) same(msg, text);
          });
          expect(v.waiting.msg, v.waiting.text).toBeDefined();
          if (v.waiting.msg) {
            expect(englishOf(v.waiting.msg)).toBe(v.waiting.text);
            keys.add(v.waiting.msg.key);
          }
          for (const a of v.actions) {
            expect(a.msg, a.label).toBeDefined();
            if (a.msg) {
              expect(englishOf(a.msg)).toBe(a.label);
              expect(a.label).toBe(archaeology.describe(s, viewer as number, a.action));
              keys.add(a.msg.key);
            }
          }
        }
      });
      const o = outcome(end);
      expect(o?.summaryMsg).toBeDefined();
      if (o?.summaryMsg) {
        expect(englishOf(o.summaryMsg)).toBe(o.summary);
        keys.add(o.summaryMsg.key);
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

  it('logMsgs shows a line only to the seats it is meant for, like log', () => {
    let privateLines = 0;
    for (let g = 0; g < 6; g++)
      play(`hidden${g}`, 2 + (g % 3), (s) => {
        for (const viewer of [null, ...s.hands.map((_, i) => i)]) {
          const v = view(s, viewer);
          const lines = readableBy(s, viewer);
          expect(v.log).toEqual(lines.map((l) => l.text));
          expect(v.logMsgs).toEqual(lines.map((l) => l.msg ?? null));
          for (const line of s.log) {
            if (!line.to || (viewer !== null && line.to.includes(viewer))) continue;
            privateLines++;
            expect(v.logMsgs).not.toContain(line.msg);
          }
        }
      });
    expect(privateLines).toBeGreaterThan(0);
  });

  it('a dug treasure and a theft are named only to those involved', () => {
    const s = position({ hands: [{ coin: 1 }, { mask: 1 }], dig: ['thief'], seat: 1 });
    const robbed = act(s, 1, { type: 'end' });
    const mine = view(robbed, 0).logMsgs.at(-1);
    expect(mine?.key).toBe('archaeology.rules.log.you-stole');
    expect(JSON.stringify(view(robbed, 0).logMsgs)).toContain('#mask');
    expect(view(robbed, 1).logMsgs.at(-1)?.key).toBe('archaeology.rules.log.stole-yours');
    expect(JSON.stringify(view(robbed, null).logMsgs)).not.toContain('#mask');
  });

  it('counts keep the English of the rules: articles, plurals and lists', () => {
    expect(englishOf(countsMessage({}))).toBe('nothing');
    expect(englishOf(countsMessage({ mask: 1 }))).toBe("a Pharaoh's Mask");
    expect(englishOf(countsMessage({ mask: 2 }))).toBe("2 Pharaoh's Masks");
    expect(englishOf(countsMessage({ coin: 2, talisman: 1 }))).toBe('2 Coins and a Talisman');
    expect(englishOf(countsMessage({ parchment: 3, coin: 1, map: 2 }))).toBe(
      '3 Parchment Scraps, a Coin and 2 Maps',
    );
  });

  it('the three outcomes, and money never grouped', () => {
    const s = position({ players: 3, hands: [{}, {}, {}] });
    s.finished = true;
    const coins = s.cards.flatMap((k, i) => (k === 'coin' ? [i] : [])) as Instance[];
    const set = (n: number) => ({ kind: 'coin' as const, cards: coins.splice(0, n) });
    s.sold = [[set(2)], [set(1)], []];
    s.numbers.coin = { trade: 2, prices: [5, 5] };
    expect(outcome(s)?.summary).toBe('Tie on $5 broken by fewest cards sold: @1 sold 1');
    s.sold = [[set(2)], [set(2)], [set(2)]];
    expect(outcome(s)?.summary).toBe('@0 and @1 and @2 share the win: $5 from 2 cards each');
    s.numbers.coin = { trade: 2, prices: [1000, 1200] };
    s.sold = [[set(2)], [set(1)], []];
    expect(outcome(s)?.summary).toBe('@0 wins with $1200');
    expect(outcome(s)?.summaryMsg?.key).toBe('archaeology.rules.summary.wins');
  });
});
