import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { main, parseArgs, type SimResult, simulate, UsageError } from '../../../src/tools/simulate.ts';

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(args, { stdout: (t) => out.push(...t.split('\n')), stderr: (t) => err.push(t) });
  return { code, out, err: err.join('\n') };
}

describe('npm run simulate: arguments', () => {
  it('reads games, players, seed and bots', () => {
    const o = parseArgs(['--games', '7', '--players', '3', '--seed', 'abc', '--bots', 'heuristic']);
    expect(o).toMatchObject({ games: 7, players: [3], seed: 'abc', bots: ['heuristic'], validate: false });
    expect(parseArgs(['--players=2-4']).players).toEqual([2, 3, 4]);
    expect(parseArgs(['--players', '2,4']).players).toEqual([2, 4]);
    expect(parseArgs([]).bots).toEqual(['random']);
  });

  it('accepts one bot per seat when the list matches the number of players', () => {
    expect(parseArgs(['--players', '4', '--bots', 'heuristic,random,random,random']).bots).toEqual([
      'heuristic',
      'random',
      'random',
      'random',
    ]);
  });

  it.each([
    [['--games', '0'], /--games must be between 1/],
    [['--games', 'many'], /--games needs a whole number, got 'many'/],
    [['--games'], /--games needs a value/],
    [['--players', '7'], /--players must be between 2 and 6, got 7/],
    [['--players', '1-3'], /--players must be 2 to 6/],
    [
      ['--pool', 'weapons,boat'],
      /--pool: a custom card pool needs at least 24 cards besides the starters; this one has 7/,
    ],
    [['--pool', 'spoons'], /--pool: 'spoons' is not a unique artifact/],
    [['--bots', 'genius'], /unknown bot 'genius' \(known: random, easy, heuristic, search\)/],
    [
      ['--bots', 'heuristic,random', '--players', '4'],
      /--bots lists 2 seats, so --players must be exactly 2/,
    ],
    [['--seed', ''], /--seed/],
    [['--catalog', '/nonexistent/cards.json'], /cannot read the catalog/],
    [['--fast'], /unknown argument '--fast'/],
  ])('refuses %j', (args, message) => {
    expect(() => parseArgs(args)).toThrow(UsageError);
    expect(() => parseArgs(args)).toThrow(message);
  });

  it('exits with code 2 and a message on stderr for bad arguments, printing nothing on stdout', () => {
    const r = run(['--players', '9']);
    expect(r.code).toBe(2);
    expect(r.out).toEqual([]);
    expect(r.err).toMatch(/simulate: --players must be between 2 and 6, got 9/);
    expect(r.err).toMatch(/usage: npm run simulate/);
  });

  it('names the card and field of a bad catalog file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scarab-sim-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'cards.json');
    const good = JSON.parse(
      readFileSync(new URL('../../../assets/cards/valley-base.json', import.meta.url), 'utf8'),
    );
    good.cards[1].cost.value = -1;
    writeFileSync(file, JSON.stringify(good));
    expect(() => parseArgs(['--catalog', file])).toThrow(/card 'urn', field 'cost.value'/);
  });
});

describe('npm run simulate: the last line is one JSON object with the figures', () => {
  it('plays the games and reports them', () => {
    const r = run(['--games', '6', '--players', '2-4', '--seed', 't', '--bots', 'random']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const last = JSON.parse(r.out.filter((l) => l !== '').at(-1) as string) as SimResult;
    expect(last).toMatchObject({ games: 6, errors: 0, invariantViolations: 0 });
    for (const key of [
      'gamesPerSecond',
      'averageTurns',
      'averageWinningScore',
      'firstSeatWinRate',
      'averageSpread',
      'seatWinRates',
    ])
      expect(last).toHaveProperty(key);
    expect(last.gamesPerSecond).toBeGreaterThan(0);
    expect(last.averageTurns).toBeGreaterThan(10);
    expect(last.firstSeatWinRate).toBeGreaterThanOrEqual(0);
    expect(last.firstSeatWinRate).toBeLessThanOrEqual(1);
    expect(Object.keys(last.byPlayers)).toEqual(['2', '3', '4']);
  });

  it('--pool and six seats: mixed pools at 2–6 players, with the Afterlife cards in the per-card figures', () => {
    const r = simulate(
      parseArgs([
        '--games',
        '5',
        '--players',
        '2-6',
        '--pool',
        'base-afterlife',
        '--bots',
        'heuristic',
        '--cards',
      ]),
    );
    expect(r).toMatchObject({ games: 5, errors: 0, invariantViolations: 0 });
    expect(Object.keys(r.byPlayers)).toEqual(['2', '3', '4', '5', '6']);
    expect(r.options.pool).toBe('Base + Afterlife');
    expect(Object.keys(r.cards ?? {})).toHaveLength(50);
    const custom = simulate(
      parseArgs(['--games', '2', '--players', '6', '--pool', 'books,weapons,jewelry,tomb-art,boat']),
    );
    expect(custom.options.pool).toBe('Custom: Books, Jewelry, Weapons, Tomb Art + Boat');
    expect(custom.errors).toBe(0);
  });

  it('is reproducible from its seed, and --validate plays the very same games', () => {
    const opts = parseArgs(['--games', '4', '--players', '3', '--seed', 'same', '--bots', 'heuristic']);
    const a = simulate(opts);
    const b = simulate({ ...opts, validate: true });
    const strip = (r: SimResult) => ({ ...r, gamesPerSecond: 0 });
    expect(strip(b)).toEqual({ ...strip(a), options: { ...a.options, validate: true } });
    expect(a.averageWinningScore).toBeGreaterThan(0);
  });

  it('--cards adds per-card statistics that add up', () => {
    const r = simulate(parseArgs(['--games', '5', '--players', '2', '--bots', 'heuristic', '--cards']));
    const cards = r.cards ?? {};
    expect(Object.keys(cards)).toHaveLength(35);
    // Every bought card reached the base of the pyramid first.
    for (const c of Object.values(cards)) if (c.bought > 0) expect(c.inBase).toBeGreaterThan(0);
    expect(cards.shabti?.bought).toBe(0);
    const bought = Object.values(cards).reduce((n, c) => n + c.bought, 0);
    expect(bought).toBeGreaterThan(5);
  });

  it('reports an illegal move as an error of that game, and goes on', () => {
    const opts = parseArgs(['--games', '3', '--players', '2', '--seed', 'err']);
    let calls = 0;
    const r = simulate(opts, {
      random: () => {
        calls++;
        return { type: 'answer', value: 'nonsense' };
      },
    });
    expect(r.errors).toBe(3);
    expect(calls).toBe(3);
    expect(r.samples[0]).toMatch(/game err-0 \(2 players\): .*Nobody asked you anything/);
  });
});
