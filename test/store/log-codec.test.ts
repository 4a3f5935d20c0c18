import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectLines, type LogLine } from '../../src/games/kernel/log.ts';
import type { Message } from '../../src/games/kernel/message.ts';
import { nextInt, seedRng } from '../../src/games/kernel/rng.ts';
import { valley } from '../../src/games/valley/index.ts';
import { decodeLines, encodeLines } from '../../src/store/log-codec.ts';
import { allDictionaries, type LogDictionary } from '../../src/store/log-dictionaries.ts';
import { RECENT_LINES, recentFromRows, withRecent } from '../../src/store/recent-log.ts';

const key = fc.oneof(
  fc.constantFrom('valley.rules.played', 'valley.rules.list.plus', 'kernel.rules.plain', 'other.rules.x'),
  fc.string({ minLength: 1 }).filter((k) => !k.startsWith('.') && !k.startsWith('*')),
);
const message: fc.Memo<Message> = fc.memo((depth) =>
  fc.record(
    {
      key,
      values: fc.dictionary(
        // Names as the catalogues' placeholders are written.
        fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,8}$/),
        depth > 1
          ? fc.oneof(fc.string(), fc.integer(), message(depth - 1))
          : fc.oneof(fc.string(), fc.integer()),
        { maxKeys: 3 },
      ),
    },
    { requiredKeys: ['key'] },
  ),
);
const line: fc.Arbitrary<LogLine> = fc.record(
  { text: message(3), to: fc.array(fc.nat(5), { maxLength: 3 }), turn: fc.nat(200) },
  { requiredKeys: ['text'] },
);

/** `items` joined pairwise, as the rules' `joined` builds a list (kernel/message.ts). */
const joinedUnder = (key: string, items: Message[]): Message =>
  items.reduce((a, b) => ({ key, values: { a, b } }));

describe("the actions' log column", () => {
  it('writes a list the rules joined pairwise flat, and gives it back nested as it was', () => {
    const paid = (card: string): Message => ({ key: 'valley.rules.buy.paid', values: { card } });
    const list = joinedUnder('valley.rules.list.plus', ['#urn', '#shabti', '#urn', '#ankh'].map(paid));
    const lines: LogLine[] = [
      { turn: 4, text: { key: 'valley.rules.buy.log', values: { seat: '@0', paid: list } } },
    ];
    const text = encodeLines('valley', lines, { plain: true }) as string;
    expect(text).toBe(
      '[4,[".buy.log",{"seat":"@0","paid":["*.list.plus",".buy.paid","card","#urn","#shabti","#urn","#ankh"]}]]',
    );
    expect(decodeLines('valley', text)).toEqual(lines);
    // Items of different shapes are written each in full.
    const mixed = joinedUnder('valley.rules.list.plus', [paid('#urn'), { key: 'valley.rules.slot.1' }]);
    const other: LogLine[] = [{ text: { key: 'valley.rules.buy.log', values: { paid: mixed } } }];
    const written = encodeLines('valley', other, { plain: true }) as string;
    expect(written).toBe('[[".buy.log",{"paid":["*.list.plus",[".buy.paid",{"card":"#urn"}],[".slot.1"]]}]]');
    expect(decodeLines('valley', written)).toEqual(other);
  });

  it('gives back every line as it was said: messages, private seats and turns', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const text = encodeLines('valley', lines);
        expect(text).not.toBeNull();
        expect(decodeLines('valley', text as string)).toEqual(lines);
      }),
    );
  });

  it('stores nothing for a move that said nothing', () => {
    expect(encodeLines('valley', [])).toBeNull();
  });

  it("writes a Valley game's lines in a fifth of their plain JSON, and reads them back", () => {
    let s = valley.setup({ players: 3 }, 'codec');
    const rng = seedRng('codec');
    let plain = 0;
    let coded = 0;
    while (!s.finished) {
      const seat = valley.waitingFor(s)[0] as number;
      const legal = valley.legalActions(s, seat);
      const r = valley.apply(s, seat, legal[nextInt(rng, legal.length)]);
      if (!r.ok) throw new Error('refused');
      s = r.state;
      if (r.log.length === 0) continue;
      plain += JSON.stringify(r.log).length;
      coded += (encodeLines('valley', r.log) as string).length;
      expect(decodeLines('valley', encodeLines('valley', r.log) as string)).toEqual(r.log);
    }
    expect(coded).toBeLessThan(plain * 0.2);
  });
});

describe('the dictionaries lines are deflated with', () => {
  it('never change once lines were written with them (a better one is the next number)', () => {
    const sha = (d: LogDictionary) => createHash('sha256').update(d.bytes).digest('hex');
    expect(Object.fromEntries(allDictionaries().map((d) => [`${d.game}-${d.version}`, sha(d)]))).toEqual({
      'archaeology-1': '294e0d3befec666c2152a5e667ce2a98cca76887ee4809dda97033738eca17c1',
      'valley-1': '295e91c6a97c3d61cca1d5be3a76458041ad301224d11edeed77489e4d14dafc',
    });
  });

  it('are named in each stored text: one this Scarab does not have is a clear error', () => {
    const lines: LogLine[] = [{ turn: 2, text: { key: 'valley.rules.end.log', values: { seat: '@1' } } }];
    const text = encodeLines('valley', [...lines, ...lines, ...lines]) as string;
    expect(text).toMatch(/^1:[\w-]+$/);
    expect(decodeLines('valley', text)).toEqual([...lines, ...lines, ...lines]);
    expect(() => decodeLines('valley', `9${text.slice(1)}`)).toThrow(/no log dictionary valley-9 in /);
    // A game with no dictionary (a test's dice race) stores the JSON itself.
    expect(encodeLines('dice-race', lines)).toBe('[2,["valley.rules.end.log",{"seat":"@1"}]]');
  });
});

describe('the recent lines a game record carries', () => {
  const said = (n: number): LogLine => ({
    text: { key: 'kernel.rules.plain', values: { text: `line ${n}` } },
  });

  it(`keep the newest ${RECENT_LINES}, oldest first`, () => {
    let recent: readonly LogLine[] = [];
    for (let n = 0; n < 40; n++) recent = withRecent(recent, [said(n), said(n + 1000)]);
    expect(recent).toHaveLength(RECENT_LINES);
    expect(recent.at(-1)).toEqual(said(1039));
    expect(recent[0]).toEqual(said(1027));
  });

  it("start with what setup said while the stored rows reach back to the game's start", () => {
    const options = { players: 2 };
    const opening = collectLines(() => valley.setup(options, 'opening')).lines;
    expect(opening.length).toBeGreaterThan(0);
    const rows = [
      { log: encodeLines('valley', [said(2)]) as string },
      { log: encodeLines('valley', [said(1)]) as string },
    ];
    const game = { type: 'valley', options, seed: 'opening' };
    expect(recentFromRows(game, rows)).toEqual([...opening, said(1), said(2)]);
    // A full page of rows holds enough lines: setup is not said again.
    const full = Array.from({ length: RECENT_LINES }, (_, k) => ({
      log: encodeLines('valley', [said(k)]) as string,
    }));
    expect(recentFromRows(game, full)).not.toContainEqual(opening[0]);
  });
});
